import type { Context, Hono, MiddlewareHandler } from "hono";
import { RefsReadBatchRequest } from "../../../contract/trace-objects";
import {
  FileContentRequest,
  TableQueryRequest,
  TableQueryStatsBatchRequest,
  TableQueryStatsRequest,
} from "../../../contract/trace-tables";
import { parseWeaveRef } from "../../../contract/weave-refs";
import { authorizeProject } from "../../auth/middleware";
import { echo } from "../../http/echo";
import type { AppEnv } from "../../http/env";
import { ServiceError } from "../../http/errors";
import { readBodyBytes } from "../../http/json-body";
import { requestBytes } from "../../http/request-body";
import { validateJson } from "../../http/validate";
import { prepareUploadBody } from "../../upload-worker/prepare-body";
import { createFile, readFile } from "../files/files";
import { assertMultipartForm } from "../files/prepare-file";
import { readRefValue } from "../objects/ref-reader";
import { queryTableJson } from "./table-query";
import { countTableRows, createTable, createTableFromDigests, tableStats, updateTable } from "./tables";

/**
 * What the weave SDKs write around calls: files (an op's code), tables (a dataset's rows), and
 * the reading of refs into objects and tables. Registered on the trace service (service.ts),
 * behind its key check and error handler. README.md, "Tables and files". Upload bodies of
 * `offThreadBytes` (default 1 MiB) and more are parsed, checked and digested in the upload worker
 * (upload-worker/), with the same refusals; tests lower it to send every body there. Large bodies
 * count in `limitLargeUploads` (../large-uploads.ts), shared with the call batches.
 */
export function registerTableAndFileRoutes(
  service: Hono<AppEnv>,
  options: { limitLargeUploads: MiddlewareHandler<AppEnv>; offThreadBytes?: number | undefined },
): void {
  const prepare = async <K extends "table-create" | "table-create-from-digests" | "table-update">(
    c: Context<AppEnv>,
    kind: K,
  ) => prepareUploadBody(kind, await readBodyBytes(c), "", options.offThreadBytes);
  for (const path of ["/file/create", "/table/create", "/table/create_from_digests", "/table/update"])
    service.use(path, options.limitLargeUploads);

  // Multipart form data, as upstream (form.ts); answers the content digest.
  service.post("/file/create", async (c) => {
    const contentType = c.req.header("content-type") ?? "";
    assertMultipartForm(contentType); // before a byte of the body is read
    const bytes = await requestBytes(c);
    const file = await prepareUploadBody("file-create", bytes, contentType, options.offThreadBytes);
    authorizeProject(c, file.projectId);
    return c.json(await createFile(c.get("db"), file));
  });

  // The raw bytes, streamed a stored piece at a time, as upstream streams them.
  service.post("/file/content", async (c) => {
    const body = await validateJson(c, FileContentRequest);
    authorizeProject(c, body.project_id);
    const file = readFile(c.get("db"), body.project_id, body.digest);
    return c.body(file.stream, 200, {
      "Content-Type": "application/octet-stream",
      "Content-Length": String(file.sizeBytes),
    });
  });

  service.post("/table/create", async (c) => {
    const { projectId, expectedDigest, ...rows } = await prepare(c, "table-create");
    authorizeProject(c, projectId);
    return c.json(await createTable(c.get("db"), { projectId, rows, expectedDigest }));
  });

  service.post("/table/create_from_digests", async (c) => {
    const body = await prepare(c, "table-create-from-digests");
    authorizeProject(c, body.projectId);
    return c.json(await createTableFromDigests(c.get("db"), body));
  });

  service.post("/table/update", async (c) => {
    const body = await prepare(c, "table-update");
    authorizeProject(c, body.projectId);
    return c.json(await updateTable(c.get("db"), body));
  });

  service.post("/table/query", async (c) => {
    const body = await validateJson(c, TableQueryRequest);
    authorizeProject(c, body.project_id);
    return c.body(queryTableJson(c.get("db"), body), 200, { "Content-Type": "application/json" });
  });

  service.post("/table/query_stats", async (c) => {
    const body = await validateJson(c, TableQueryStatsRequest);
    authorizeProject(c, body.project_id);
    return c.json({ count: countTableRows(c.get("db"), body.project_id, body.digest) });
  });

  service.post("/table/query_stats_batch", async (c) => {
    const body = await validateJson(c, TableQueryStatsBatchRequest);
    authorizeProject(c, body.project_id);
    return c.json({
      tables: tableStats(c.get("db"), body.project_id, body.digests ?? [], body.include_storage_size === true),
    });
  });

  // Every ref is checked (its form, the caller's entity) before any is read; one unknown version
  // or row fails the batch (ref-reader.ts).
  service.post("/refs/read_batch", async (c) => {
    const body = await validateJson(c, RefsReadBatchRequest);
    const refs = body.refs.map((text) => {
      const ref = parseWeaveRef(text);
      if (!ref)
        throw new ServiceError(
          400,
          `Invalid ref '${echo(text)}': expected weave:///<entity>/<project>/object|op/<name>:<digest> or .../table/<digest>/id/<row digest>, with an optional path.`,
          "invalid_ref",
        );
      authorizeProject(c, `${ref.entity}/${ref.project}`);
      return ref;
    });
    const db = c.get("db");
    return c.json({ vals: refs.map((ref) => readRefValue(db, ref)) });
  });
}
