import type { Database } from "better-sqlite3";
import type { ObjQueryRequest, TraceObject } from "../../../contract/trace-objects";
import { echo } from "../../http/echo";
import { ServiceError } from "../../http/errors";
import { toIso } from "../rows";
import { processObjectValue } from "./builtin-classes";
import { objectDigest } from "./digest";

type ObjectRow = {
  project_id: string;
  object_id: string;
  digest: string;
  kind: string;
  base_object_class: string | null;
  leaf_object_class: string | null;
  val: string;
  version_index: number;
  created_at: number;
  deleted_at: number | null;
  wb_user_id: string | null;
  is_latest: number;
};

// is_latest: no live version of the same object has a higher index.
const SELECT = `
  SELECT o.*, NOT EXISTS (
    SELECT 1 FROM trace_objects n
    WHERE n.project_id = o.project_id AND n.object_id = o.object_id AND n.version_index > o.version_index AND n.deleted_at IS NULL
  ) AS is_latest
  FROM trace_objects o`;

const toApiObject = (row: ObjectRow, metadataOnly = false): TraceObject => ({
  project_id: row.project_id,
  object_id: row.object_id,
  created_at: toIso(row.created_at),
  deleted_at: row.deleted_at === null ? null : toIso(row.deleted_at),
  digest: row.digest,
  version_index: row.version_index,
  is_latest: row.is_latest ? 1 : 0,
  kind: row.kind,
  base_object_class: row.base_object_class,
  leaf_object_class: row.leaf_object_class,
  val: metadataOnly ? {} : JSON.parse(row.val),
  wb_user_id: row.wb_user_id,
});

const isOp = (val: unknown): boolean => {
  const record = val as { _type?: unknown; weave_type?: { type?: unknown } } | null;
  return (
    typeof val === "object" && record !== null && record._type === "CustomWeaveType" && record.weave_type?.type === "Op"
  );
};

/**
 * Stores a version of an object and returns its digest. The same value again is the same
 * version (nothing is written); a new value is the next version.
 */
export function createObject(
  db: Database,
  input: {
    projectId: string;
    objectId: string;
    val: unknown;
    builtinClass: string | null;
    userId: string;
    now?: number;
  },
): { digest: string } {
  const processed = processObjectValue(input.val, input.builtinClass);
  const digest = objectDigest(processed.val);
  const write = db.transaction(() => {
    const existing = db
      .prepare("SELECT 1 FROM trace_objects WHERE project_id = ? AND object_id = ? AND digest = ?")
      .get(input.projectId, input.objectId, digest);
    if (existing) return;
    const { next } = db
      .prepare(
        "SELECT IFNULL(MAX(version_index) + 1, 0) AS next FROM trace_objects WHERE project_id = ? AND object_id = ?",
      )
      .get(input.projectId, input.objectId) as { next: number };
    db.prepare(
      `INSERT INTO trace_objects (project_id, object_id, digest, kind, base_object_class, leaf_object_class, val, version_index, created_at, wb_user_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      input.projectId,
      input.objectId,
      digest,
      isOp(processed.val) ? "op" : "object",
      processed.baseObjectClass,
      processed.leafObjectClass,
      JSON.stringify(processed.val),
      next,
      input.now ?? Date.now(),
      input.userId,
    );
  });
  write.immediate();
  return { digest };
}

/** One version: by digest, `latest` (the newest live one) or `v<index>`. 404 when there is none. */
export function readObject(
  db: Database,
  projectId: string,
  objectId: string,
  digest: string,
  metadataOnly = false,
): TraceObject {
  const version = /^v(\d+)$/.exec(digest);
  const row = (
    digest === "latest"
      ? db
          .prepare(
            `${SELECT} WHERE o.project_id = ? AND o.object_id = ? AND o.deleted_at IS NULL ORDER BY o.version_index DESC LIMIT 1`,
          )
          .get(projectId, objectId)
      : version
        ? db
            .prepare(`${SELECT} WHERE o.project_id = ? AND o.object_id = ? AND o.version_index = ?`)
            .get(projectId, objectId, Number(version[1]))
        : db
            .prepare(`${SELECT} WHERE o.project_id = ? AND o.object_id = ? AND o.digest = ?`)
            .get(projectId, objectId, digest)
  ) as ObjectRow | undefined;
  if (!row) throw new ServiceError(404, `Obj ${echo(objectId)}:${echo(digest)} not found`, "not_found");
  return toApiObject(row, metadataOnly);
}

/** The project's objects matching the filter, in the asked order (by name, then age, when none is asked). */
export function queryObjects(db: Database, request: ObjQueryRequest): TraceObject[] {
  const where = ["o.project_id = ?", "o.deleted_at IS NULL"];
  const params: unknown[] = [request.project_id];
  const filter = request.filter ?? {};
  const inList = (column: string, values: readonly string[] | null | undefined) => {
    if (!values) return;
    where.push(values.length === 0 ? "0" : `${column} IN (${values.map(() => "?").join(", ")})`);
    params.push(...values);
  };
  inList("o.base_object_class", filter.base_object_classes);
  inList("o.leaf_object_class", filter.leaf_object_classes);
  inList("o.object_id", filter.object_ids);
  if (filter.is_op !== undefined && filter.is_op !== null)
    where.push(filter.is_op ? "o.kind = 'op'" : "o.kind = 'object'");
  const sort = request.sort_by?.length
    ? request.sort_by
    : [
        { field: "object_id" as const, direction: "asc" as const },
        { field: "created_at" as const, direction: "asc" as const },
      ];
  const order = [
    ...sort.map((s) => `o.${s.field} ${s.direction === "desc" ? "DESC" : "ASC"}`),
    "o.version_index ASC",
  ].join(", ");
  const latest = filter.latest_only ? "WHERE is_latest = 1" : "";
  const rows = db
    .prepare(
      `SELECT * FROM (${SELECT} WHERE ${where.join(" AND ")}) ${latest} ORDER BY ${order.replaceAll("o.", "")} LIMIT ? OFFSET ?`,
    )
    .all(...params, request.limit ?? -1, request.offset ?? 0) as ObjectRow[];
  return rows.map((row) => toApiObject(row, request.metadata_only === true));
}
