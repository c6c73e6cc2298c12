import { createHash } from "node:crypto";
import { objectDigest } from "../objects/digest";
import { setImmediate as nextTurn } from "node:timers/promises";

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

/** Row digests hashed per event-loop turn by tableDigestInSteps: 100,000 in one go would hold the loop. */
const DIGEST_STEP_ROWS = 10_000;

/**
 * tableDigest in steps, the event loop free before each: a table of 100,000 rows arrives from the
 * upload worker in one message, and its digest, its rows' slicing and its first write in the same
 * turn would hold every other request up.
 */
export async function tableDigestInSteps(rowDigests: readonly string[]): Promise<string> {
  const hash = createHash("sha256");
  for (let from = 0; from < rowDigests.length; from += DIGEST_STEP_ROWS) {
    await nextTurn();
    for (let i = from; i < Math.min(from + DIGEST_STEP_ROWS, rowDigests.length); i += 1)
      hash.update(rowDigests[i]!, "utf8");
  }
  return hash.digest("hex");
}
