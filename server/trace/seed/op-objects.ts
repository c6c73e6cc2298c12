import type { Database } from "better-sqlite3";
import { createHash } from "node:crypto";
import { createObject } from "../objects/objects";
import { objectDigest } from "../objects/digest";

/** One version of an op: its name and its source code (a new source is a new version). */
export type OpVersion = { name: string; source: string };

/** A file's digest as upstream names stored files: SHA-256, URL-safe base64 with X and Y, no padding. */
const fileDigest = (text: string) =>
  createHash("sha256").update(text, "utf8").digest("base64url").replaceAll("-", "X").replaceAll("_", "Y");

/**
 * An op as the weave SDK saves it: an object of kind "op" whose value names its code file. The
 * objects service recognises the shape (`CustomWeaveType` of type `Op`) and stores it as an op.
 */
export const opObjectVal = (op: OpVersion) => ({
  _type: "CustomWeaveType",
  weave_type: { type: "Op" },
  files: { "obj.py": fileDigest(op.source) },
});

/** The op's ref, `weave:///<entity>/<project>/op/<name>:<digest>`, with the digest of its object, so calls' op_name resolve. */
export const opRefOf = (projectId: string, op: OpVersion) =>
  `weave:///${projectId}/op/${op.name}:${objectDigest(opObjectVal(op))}`;

/**
 * Stores an op object for each version, oldest first (version indexes follow), so the op refs of
 * the seeded calls resolve and `/objs/query` with `is_op` lists them as upstream's UI reads them.
 */
export function seedOpObjects(
  db: Database,
  projectId: string,
  versions: readonly (OpVersion & { createdAt: number })[],
  userId: string,
): void {
  for (const op of [...versions].sort((a, b) => a.createdAt - b.createdAt)) {
    createObject(db, {
      projectId,
      objectId: op.name,
      val: opObjectVal(op),
      builtinClass: null,
      userId,
      now: op.createdAt,
    });
  }
}
