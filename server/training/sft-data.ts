import type { Database } from "better-sqlite3";
import type { IncomingMessage } from "node:http";
import { SFTExample } from "../../contract/training";
import { describeMalformedExample } from "./data-errors";
import { datasetRows, parseArtifactUrl } from "./dataset-store";
import { fetchPublic, type PublicFetchOptions } from "./public-fetch";

export const FETCH_TIMEOUT_MS = 10_000;
/** Largest training file downloaded; a bigger one fails the job instead of filling the server's memory. */
export const MAX_DOWNLOAD_BYTES = 64 * 1024 * 1024;

/** Either the examples, or why there are none (a message for the job's training_failed event). */
export type SftDataResult = { ok: true; rows: SFTExample[] } | { ok: false; error: string };

/** Checks every example; names the first malformed one. */
export function checkExamples(rows: readonly unknown[]): SftDataResult {
  if (rows.length === 0) return { ok: false, error: "The training data is empty: it has no examples." };
  const checked: SFTExample[] = [];
  for (const [index, row] of rows.entries()) {
    const parsed = SFTExample.safeParse(row);
    if (!parsed.success) return { ok: false, error: describeMalformedExample(index, parsed.error) };
    checked.push(parsed.data);
  }
  return { ok: true, rows: checked };
}

/**
 * A wandb-artifact:/// address resolved against the local dataset table, for a job whose model
 * belongs to `readerEntity` (its creator's entity: users read exactly their own entity). Another
 * entity's dataset reads as one that does not exist, in the same words and by the same path, so
 * a caller cannot learn which of another tenant's artifacts exist.
 */
export function readArtifactData(db: Database, url: string, readerEntity: string): SftDataResult {
  const address = parseArtifactUrl(url);
  const rows = address && address.entity === readerEntity ? datasetRows(db, address) : undefined;
  if (!rows)
    return {
      ok: false,
      error: `Training data not found: there is no dataset artifact ${url} that this job's entity can read.`,
    };
  return checkExamples(rows);
}

/** Where a URL points, without its query string or fragment (presigned URLs carry secrets there). */
function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return "(unparseable URL)";
  }
}

export type DownloadOptions = Omit<PublicFetchOptions, "signal"> & {
  timeoutMs?: number;
  signal?: AbortSignal;
  maxBytes?: number;
};

/**
 * The one message for every way a download can fail before its body arrives (a refused or private
 * address, a name that does not resolve, a closed or silent port, TLS, an error status, too many
 * redirects): a job's error must not tell an open port from a closed one.
 */
export function unreachableMessage(url: string): string {
  return `Could not fetch the training data from ${safeUrl(url)}: the host did not answer with the file, or is not one the service may reach (public https hosts only).`;
}

/**
 * Downloads a JSONL file (one example per line) over https from a public address (fetchPublic:
 * every hop checked, redirects followed by hand), giving up after FETCH_TIMEOUT_MS.
 */
export async function fetchJsonlData(url: string, options: DownloadOptions = {}): Promise<SftDataResult> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? FETCH_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const maxBytes = options.maxBytes ?? MAX_DOWNLOAD_BYTES;
  let text: string;
  try {
    const response = await fetchPublic(url, { ...options, signal });
    const body = await readCapped(response, maxBytes);
    if (body === null) {
      return {
        ok: false,
        error: `The training data from ${safeUrl(url)} is larger than ${formatBytes(maxBytes)}, the most the local service downloads.`,
      };
    }
    text = body;
  } catch (error) {
    // The runner is stopping: the job stays queued and is fetched again on the next start.
    if (options.signal?.aborted) throw error;
    return { ok: false, error: unreachableMessage(url) };
  }
  const rows: unknown[] = [];
  for (const [index, line] of text.split("\n").entries()) {
    if (line.trim() === "") continue;
    try {
      rows.push(JSON.parse(line));
    } catch {
      return {
        ok: false,
        error: `The training data from ${safeUrl(url)} is not JSONL: line ${index + 1} is not valid JSON.`,
      };
    }
  }
  return checkExamples(rows);
}

const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MiB` : `${bytes} bytes`;

/** The body as text, or null as soon as it passes `maxBytes` (declared or streamed). */
async function readCapped(response: IncomingMessage, maxBytes: number): Promise<string | null> {
  if (Number(response.headers["content-length"] ?? 0) > maxBytes) {
    response.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      response.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
