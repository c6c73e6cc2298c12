import { createHash } from "node:crypto";
import { objectDigest } from "../objects/digest";

/**
 * Digests of tables and their rows, as upstream's trace server computes them (weave's
 * `compute_row_digest`, `compute_table_digest`), so a `weave:///<entity>/<project>/table/<digest>`
 * ref a client builds from the answer names the same table here as there:
 * - a row: the object digest of the row (SHA-256 of Python's `json.dumps(row, sort_keys=True)`,
 *   URL-safe base64 with `X`/`Y`, 43 characters; see objects/digest.ts, and its one gap: a float
 *   holding a whole number);
 * - a table: SHA-256 over its row digests concatenated in order, in hexadecimal (64 characters).
 *   Two tables with the same rows in the same order are the same table.
 */
export const rowDigest = (row: Record<string, unknown>): string => objectDigest(row);

export function tableDigest(rowDigests: readonly string[]): string {
  const hash = createHash("sha256");
  for (const digest of rowDigests) hash.update(digest, "utf8");
  return hash.digest("hex");
}
