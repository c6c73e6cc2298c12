import type { Database } from "better-sqlite3";
import { SFTExample } from "../../contract/training";
import { describeMalformedExample } from "./data-errors";
import { datasetRows, parseArtifactUrl } from "./dataset-store";

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

/** A wandb-artifact:/// address resolved against the local dataset table. */
export function readArtifactData(db: Database, url: string): SftDataResult {
  const address = parseArtifactUrl(url);
  const rows = address && datasetRows(db, address);
  if (!rows) return { ok: false, error: `Training data not found: there is no dataset artifact ${url}.` };
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

/** Downloads a JSONL file (one example per line) over https, giving up after FETCH_TIMEOUT_MS. */
export async function fetchJsonlData(url: string, options: { timeoutMs?: number; signal?: AbortSignal; maxBytes?: number } = {}): Promise<SftDataResult> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? FETCH_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const maxBytes = options.maxBytes ?? MAX_DOWNLOAD_BYTES;
  let text: string;
  try {
    const response = await fetch(url, { signal, redirect: "follow" });
    if (!response.ok) return { ok: false, error: `Could not fetch the training data from ${safeUrl(url)}: HTTP ${response.status}.` };
    const body = await readCapped(response, maxBytes);
    if (body === null) {
      return { ok: false, error: `The training data from ${safeUrl(url)} is larger than ${formatBytes(maxBytes)}, the most the local service downloads.` };
    }
    text = body;
  } catch (error) {
    const reason = timeout.aborted ? `no answer within ${(options.timeoutMs ?? FETCH_TIMEOUT_MS) / 1000} s` : describeFetchError(error);
    return { ok: false, error: `Could not fetch the training data from ${safeUrl(url)}: ${reason}.` };
  }
  const rows: unknown[] = [];
  for (const [index, line] of text.split("\n").entries()) {
    if (line.trim() === "") continue;
    try {
      rows.push(JSON.parse(line));
    } catch {
      return { ok: false, error: `The training data from ${safeUrl(url)} is not JSONL: line ${index + 1} is not valid JSON.` };
    }
  }
  return checkExamples(rows);
}

const formatBytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MiB` : `${bytes} bytes`);

/** The body as text, or null as soon as it passes `maxBytes` (declared or streamed). */
async function readCapped(response: Response, maxBytes: number): Promise<string | null> {
  if (Number(response.headers.get("content-length") ?? 0) > maxBytes) {
    await response.body?.cancel();
    return null;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > maxBytes) return null; // leaving the loop cancels the stream
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function describeFetchError(error: unknown): string {
  // undici puts the network reason (ENOTFOUND, ECONNREFUSED...) in `cause`.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const code = cause && "code" in cause ? String(cause.code) : undefined;
  return code ? `network error (${code})` : error instanceof Error ? error.message : String(error);
}
