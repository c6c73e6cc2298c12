import type { Database } from "better-sqlite3";
import { parseWeaveRef, REF_EDGES, type WeaveRef } from "../../../contract/weave-refs";
import { echo } from "../../http/echo";
import { ServiceError } from "../../http/errors";
import { tableExists } from "../tables/tables";

/**
 * `/refs/read_batch`'s reading of one ref, as upstream resolves refs: the object (or op) a ref
 * names, then its path (`extra`) step by step: `key`/`attr` take a member of an object, `index` an
 * element of a list, and a string that is itself a ref of the same project is followed when the
 * path goes on through it: into another object, or, with `id/<row digest>`, into a table's row.
 * So `.../object/my-dataset:<d>/attr/rows/id/<row>` reads one row of a dataset. What the path ends
 * on is returned as stored (a ref at the end is not followed).
 *
 * As upstream: a step into nothing (a missing key, an index past the end, a ref into another
 * project) reads null; a deleted object reads null; a bare table ref (no `id` step) is a 400
 * "Table refs not supported". Our choices: a version or row that does not exist is a 404 (the
 * batch fails as a whole), a step into a value of the wrong kind reads null (upstream: a 500).
 */
export function readRefValue(db: Database, ref: WeaveRef): unknown {
  checkPath(ref);
  if (ref.kind === "table" && ref.extra.length === 0) {
    throw new ServiceError(
      400,
      "Table refs not supported: read a table's rows with /table/query, or one row with .../table/<digest>/id/<row digest>.",
      "invalid_ref",
    );
  }
  const projectId = `${ref.entity}/${ref.project}`;
  const reader = { db, projectId, steps: 0 };
  return ref.kind === "table"
    ? walk(reader, tableRow(reader, ref.digest, ref.extra), ref.extra.slice(2))
    : walk(reader, objectValue(reader, ref), ref.extra);
}

type Reader = { db: Database; projectId: string; steps: number };
/** Most steps one ref may take, refs followed included: values nest at most 256 deep, refs rarely twice. */
const MAX_STEPS = 1000;
const DELETED = Symbol("deleted");

function checkPath(ref: WeaveRef): void {
  if (ref.kind !== "table" && ref.digest === "latest")
    throw new ServiceError(
      400,
      "Reading refs with `latest` is not supported: name a version by its digest.",
      "invalid_ref",
    );
  if (ref.extra.length % 2 !== 0)
    throw new ServiceError(
      400,
      `Invalid ref path '${echo(ref.extra.join("/"))}': it must be pairs of an edge and its argument.`,
      "invalid_ref",
    );
  for (let i = 0; i < ref.extra.length; i += 2) {
    if (!(REF_EDGES as readonly string[]).includes(ref.extra[i]!))
      throw new ServiceError(
        400,
        `Unknown ref type: ${echo(ref.extra[i]!)} (a ref's path takes ${REF_EDGES.join(", ")}).`,
        "invalid_ref",
      );
  }
  if (ref.kind === "table" && ref.extra.length > 0 && ref.extra[0] !== "id")
    throw new ServiceError(400, "Table refs must have id extra", "invalid_ref");
}

function objectValue(reader: Reader, ref: { name: string; digest: string }): unknown {
  const row = reader.db
    .prepare("SELECT val, deleted_at FROM trace_objects WHERE project_id = ? AND object_id = ? AND digest = ?")
    .get(reader.projectId, ref.name, ref.digest) as { val: string; deleted_at: number | null } | undefined;
  if (!row) throw new ServiceError(404, `Obj ${echo(ref.name)}:${echo(ref.digest)} not found`, "not_found");
  return row.deleted_at === null ? JSON.parse(row.val) : DELETED;
}

function tableRow(reader: Reader, tableDigest: string, extra: readonly string[]): unknown {
  const rowDigest = extra[1]!;
  if (!tableExists(reader.db, reader.projectId, tableDigest))
    throw new ServiceError(404, `Table ${echo(tableDigest)} not found`, "not_found");
  const val = reader.db
    .prepare(
      `SELECT r.val FROM trace_table_entries e JOIN trace_table_rows r ON r.project_id = e.project_id AND r.digest = e.row_digest
       WHERE e.project_id = ? AND e.table_digest = ? AND e.row_digest = ? LIMIT 1`,
    )
    .pluck()
    .get(reader.projectId, tableDigest, rowDigest) as string | undefined;
  if (val === undefined)
    throw new ServiceError(404, `Row ${echo(rowDigest)} not found in table ${echo(tableDigest)}`, "not_found");
  return JSON.parse(val);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function walk(reader: Reader, start: unknown, path: readonly string[]): unknown {
  let val = start;
  let rest = path;
  while (rest.length > 0) {
    if (val === DELETED || val === null || val === undefined) return null;
    reader.steps += 1;
    if (reader.steps > MAX_STEPS)
      throw new ServiceError(400, `A ref may take at most ${MAX_STEPS} steps.`, "invalid_ref");
    if (typeof val === "string" && val.startsWith("weave:///")) {
      const inner = parseWeaveRef(val);
      if (!inner || `${inner.entity}/${inner.project}` !== reader.projectId) return null;
      // The inner ref's own path first, then what is left of ours.
      const extra = [...inner.extra, ...rest];
      checkPath({ ...inner, extra });
      if (inner.kind === "table") {
        val = tableRow(reader, inner.digest, extra);
        rest = extra.slice(2);
      } else {
        val = objectValue(reader, inner);
        rest = extra;
      }
      continue;
    }
    const [edge, arg] = [rest[0]!, rest[1]!];
    rest = rest.slice(2);
    if (edge === "id") throw new ServiceError(400, "An `id` step must follow a table ref.", "invalid_ref");
    val = edge === "index" ? element(val, arg) : isRecord(val) ? val[arg] : null;
  }
  return val === DELETED || val === undefined ? null : val;
}

function element(val: unknown, arg: string): unknown {
  if (!/^-?\d+$/.test(arg))
    throw new ServiceError(400, `Invalid index '${echo(arg)}' in a ref: it must be an integer.`, "invalid_ref");
  if (!Array.isArray(val)) return null;
  const index = Number(arg);
  return val[index < 0 ? val.length + index : index] ?? null;
}
