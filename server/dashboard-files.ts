import { readFileSync, statSync } from "node:fs";
import { resolve, sep } from "node:path";
import { getMimeType } from "hono/utils/mime";

export type DashboardFile = { body: Uint8Array<ArrayBuffer>; contentType: string };

type Cached = DashboardFile & { mtimeMs: number; size: number };

/** What is kept in memory at most: a build is ~3 MB (with source maps ~8 MB); past that, files are read per request. */
const MAX_CACHED_BYTES = 64 * 1024 * 1024;

/**
 * The built dashboard's files, read from disk once and then served from memory. The catalog's cold
 * load asks for a dozen files at once, and streaming each from disk (open, read, close, a web
 * stream) costs the server CPU on every load, which on a 2-core machine the browser on the
 * same host waits for. A file is read again when its size or modification time
 * changes, so a rebuild while the server runs is picked up; `/assets/` names carry a content hash,
 * so those are not even checked.
 */
export function createDashboardFiles(
  dashboardDir: string,
  { serveSourceMaps = false }: { serveSourceMaps?: boolean } = {},
) {
  const root = resolve(dashboardDir);
  const cache = new Map<string, Cached>();
  let cachedBytes = 0;

  /**
   * The file at a URL path inside the build, or undefined: none there, outside the build, a dotfile
   * (the bundler's manifest), or a source map unless they are served. Source maps are refused here
   * as well as by static.ts, on the path the file system is asked for.
   */
  function read(urlPath: string): DashboardFile | undefined {
    const path = fileSystemPath(root, urlPath);
    if (!path || (!serveSourceMaps && path.toLowerCase().endsWith(".map"))) return undefined;
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
    const file = {
      body,
      contentType: getMimeType(path) ?? "application/octet-stream",
      mtimeMs: stats.mtimeMs,
      size: stats.size,
    };
    const grown = cachedBytes - (cached?.body.byteLength ?? 0) + body.byteLength;
    if (grown <= MAX_CACHED_BYTES) {
      cache.set(path, file);
      cachedBytes = grown;
    }
    return file;
  }

  return { read };
}

/**
 * The absolute path a URL path names inside `root`, or undefined when it is not a plain path to a
 * file there: undecodable, with a NUL or a backslash, or with a segment that is empty (a trailing
 * or doubled slash), `.`, `..`, or starts with a dot. Path resolution would drop a trailing `/` or
 * `/.`, so `x.js.map/` would otherwise pass a check that the URL ends in `.map`.
 */
export function fileSystemPath(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (!decoded.startsWith("/") || decoded.includes("\0") || decoded.includes("\\")) return undefined;
  const segments = decoded.slice(1).split("/");
  if (segments.some((segment) => segment === "" || segment.startsWith("."))) return undefined;
  const path = resolve(root, ...segments);
  return path.startsWith(root + sep) ? path : undefined;
}
