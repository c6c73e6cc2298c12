import type { Hono, MiddlewareHandler } from "hono";
import {
  CallEndRequest,
  CallStartRequest,
  CallsDeleteRequest,
  CallUpdateRequest,
} from "../../../contract/trace-call-writes";
import { authorizeProject, authorizeProjects } from "../../auth/middleware";
import type { AppEnv } from "../../http/env";
import { ServiceError } from "../../http/errors";
import { validateJson } from "../../http/validate";
import { deleteCalls } from "./delete-calls";
import { receiveCallBatch } from "./receive-batch";
import { PIECE_CHARS, textInPieces } from "./answer-in-pieces";
import { writeCallEnd, writeCallStart, writeDisplayName, writePreparedBatch } from "./write-calls";

/**
 * The write side of calls (README, "Writing calls"). Registered after the key check. A batch body
 * of `offThreadBytes` (default 1 MiB) and more is parsed and checked in the upload worker
 * (upload-worker/, kind `call-upsert-batch`) and counts in `limitLargeUploads`, as the tables and
 * files do; tests lower `offThreadBytes` to send every batch there.
 */
export function registerCallWriteRoutes(
  service: Hono<AppEnv>,
  options: { limitLargeUploads: MiddlewareHandler<AppEnv>; offThreadBytes?: number | undefined },
): void {
  service.post("/call/start", async (c) => {
    const { start } = await validateJson(c, CallStartRequest);
    authorizeProject(c, start.project_id);
    return c.json(writeCallStart(c.get("db"), start, { userId: c.get("user").id }));
  });

  service.post("/call/end", async (c) => {
    const { end } = await validateJson(c, CallEndRequest);
    authorizeProject(c, end.project_id);
    return c.json(await writeCallEnd(c.get("db"), end, { userId: c.get("user").id }));
  });

  service.use("/call/upsert_batch", options.limitLargeUploads);
  service.post("/call/upsert_batch", async (c) => {
    // Checked whole (receive-batch.ts), then stored in steps (writePreparedBatch), answered once stored.
    const batch = await receiveCallBatch(c, options.offThreadBytes);
    try {
      authorizeProjects(c, batch.projectIds);
      const answer = await writePreparedBatch(c.get("db"), batch, { userId: c.get("user").id });
      if (answer.length <= PIECE_CHARS) return c.body(answer, 200, { "Content-Type": "application/json" });
      return c.body(textInPieces(answer), 200, {
        "Content-Type": "application/json",
        "Content-Length": String(Buffer.byteLength(answer)),
      });
    } finally {
      batch.release();
    }
  });

  service.post("/call/update", async (c) => {
    const body = await validateJson(c, CallUpdateRequest);
    authorizeProject(c, body.project_id);
    // Upstream's one updatable field; a request without it changes nothing and says so.
    if (body.display_name === null || body.display_name === undefined)
      throw new ServiceError(
        400,
        "Nothing to update: display_name is the one field a call update changes.",
        "invalid_request",
      );
    await writeDisplayName(c.get("db"), body.project_id, body.call_id, body.display_name);
    return c.json({});
  });

  service.post("/calls/delete", async (c) => {
    const body = await validateJson(c, CallsDeleteRequest);
    authorizeProject(c, body.project_id);
    deleteCalls(c.get("db"), body.project_id, body.call_ids);
    return c.json({});
  });
}
