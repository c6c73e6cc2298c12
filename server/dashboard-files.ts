import { readFileSync, statSync } from "node:fs";
import { resolve, sep } from "node:path";
import { getMimeType } from "hono/utils/mime";

export type DashboardFile = { body: Uint8Array<ArrayBuffer>; contentType: string };

type Cached = DashboardFile & { mtimeMs: number; size: number };

/** Bounds on what is kept in memory: a build is ~3 MB; anything far beyond that is read per request. */
const MAX_CACHED_FILE_BYTES = 8 * 1024 * 1024;
const MAX_CACHED_FILES = 2_000;

/**
 * The built dashboard's files, read from disk once and then served from memory. The catalog's cold
 * load asks for a dozen files at once, and streaming each from disk (open, read, close, a web
 * stream) cost the server ~20 ms of CPU per load, which on a 2-core machine the browser on the
 * same host waited for (issue 17's bench). A file is read again when its size or modification time
 * changes, so a rebuild while the server runs is picked up; `/assets/` names carry a content hash,
 * so those are not even checked.
 */
export function createDashboardFiles(dashboardDir: string) {
  const root = resolve(dashboardDir);
  const cache = new Map<string, Cached>();

  /** The file at a URL path inside the build, or undefined (none there, or outside the build). */
  function read(urlPath: string): DashboardFile | undefined {
    const path = fileSystemPath(root, urlPath);
    if (!path) return undefined;
    const cached = cache.get(path);
    if (cached && urlPath.startsWith("/assets/")) return cached;
    let stats;
    try {
      stats = statSync(path);
    } catch {
      return undefined;
    }
    if (!stats.isFile()) return undefined;
    if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) return cached;
    let body: Uint8Array<ArrayBuffer>;
    try {
      body = new Uint8Array(readFileSync(path));
    } catch {
      return undefined;
    }
    const file = { body, contentType: getMimeType(path) ?? "application/octet-stream", mtimeMs: stats.mtimeMs, size: stats.size };
    if (body.byteLength <= MAX_CACHED_FILE_BYTES && (cache.size < MAX_CACHED_FILES || cache.has(path))) cache.set(path, file);
    return file;
  }

  return { read };
}

/**
 * The absolute path a URL path names inside `root`, or undefined when it is not a plain path there:
 * undecodable, with a NUL, a backslash, or a `..` segment (it would climb out of the build).
 */
export function fileSystemPath(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return undefined;
  const segments = decoded.split("/");
  if (segments.some((segment) => segment === "..")) return undefined;
  const path = resolve(root, `.${decoded}`);
  return path.startsWith(root + sep) ? path : undefined;
}
