import type { Context, Hono } from "hono";
import { RefsReadBatchRequest } from "../../../contract/trace-objects";
import { FileContentRequest, TableCreateFromDigestsRequest, TableCreateRequest, TableQueryRequest, TableQueryStatsBatchRequest, TableQueryStatsRequest, TableUpdateRequest } from "../../../contract/trace-tables";
import { parseWeaveRef } from "../../../contract/weave-refs";
import { assertEntityAccess, entityOfProject } from "../../auth/middleware";
import { echo } from "../../http/echo";
import type { AppEnv } from "../../http/env";
import { ServiceError } from "../../http/errors";
import { validateJson } from "../../http/validate";
import { createFile, readFile } from "../files/files";
import { readFileForm } from "../files/form";
import { readRefValue } from "../objects/ref-reader";
import { queryTableJson } from "./table-query";
import { countTableRows, createTable, createTableFromDigests, tableStats, updateTable } from "./tables";

/** 403 unless the key's user may use the project's entity. */
function authorizeProject(c: Context<AppEnv>, projectId: string): void {
  assertEntityAccess(c.get("user"), entityOfProject(projectId));
}

/**
 * What the weave SDKs write around calls: files (an op's code), tables (a dataset's rows), and
 * the reading of refs into objects and tables. Registered on the trace service (service.ts),
 * behind its key check and error handler. README.md, "Tables and files".
 */
export function registerTableAndFileRoutes(service: Hono<AppEnv>): void {
  // Multipart form data, as upstream (form.ts); answers the content digest.
  service.post("/file/create", async (c) => {
    const form = await readFileForm(c);
    authorizeProject(c, form.projectId);
    return c.json(createFile(c.get("db"), form));
  });

  // The raw bytes, as upstream streams them.
  service.post("/file/content", async (c) => {
    const body = await validateJson(c, FileContentRequest);
    authorizeProject(c, body.project_id);
    const content = readFile(c.get("db"), body.project_id, body.digest);
    return c.body(new Uint8Array(content), 200, { "Content-Type": "application/octet-stream" });
  });

  service.post("/table/create", async (c) => {
    const { table } = await validateJson(c, TableCreateRequest);
    authorizeProject(c, table.project_id);
    return c.json(await createTable(c.get("db"), { projectId: table.project_id, rows: table.rows, expectedDigest: table.expected_digest }));
  });

  service.post("/table/create_from_digests", async (c) => {
    const body = await validateJson(c, TableCreateFromDigestsRequest);
    authorizeProject(c, body.project_id);
    return c.json(await createTableFromDigests(c.get("db"), { projectId: body.project_id, rowDigests: body.row_digests, expectedDigest: body.expected_digest }));
  });

  service.post("/table/update", async (c) => {
    const body = await validateJson(c, TableUpdateRequest);
    authorizeProject(c, body.project_id);
    return c.json(await updateTable(c.get("db"), { projectId: body.project_id, baseDigest: body.base_digest, updates: body.updates }));
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
    return c.json({ tables: tableStats(c.get("db"), body.project_id, body.digests ?? [], body.include_storage_size === true) });
  });

  // Every ref is checked (its form, the caller's entity) before any is read; one unknown version
  // or row fails the batch (ref-reader.ts).
  service.post("/refs/read_batch", async (c) => {
    const body = await validateJson(c, RefsReadBatchRequest);
    const refs = body.refs.map((text) => {
      const ref = parseWeaveRef(text);
      if (!ref) throw new ServiceError(400, `Invalid ref '${echo(text)}': expected weave:///<entity>/<project>/object|op/<name>:<digest> or .../table/<digest>/id/<row digest>, with an optional path.`, "invalid_ref");
      authorizeProject(c, `${ref.entity}/${ref.project}`);
      return ref;
    });
    const db = c.get("db");
    return c.json({ vals: refs.map((ref) => readRefValue(db, ref)) });
  });
}
