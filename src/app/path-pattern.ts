/**
 * Whether `pathname` fits a route path made of fixed segments and ":param" segments, as React
 * Router's `matchPath({ path, end: true })` decides for such paths (case-insensitive, a trailing
 * slash allowed; checked against it in path-pattern.test.ts). boot.ts uses it because it must not
 * wait for React Router's code; the router itself still decides which page is shown.
 */
export function matchesPathPattern(pattern: string, pathname: string): boolean {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(pathname);
  return (
    wanted.length === given.length &&
    wanted.every((segment, i) => (segment.startsWith(":") ? true : segment.toLowerCase() === given[i]?.toLowerCase()))
  );
}

const segmentsOf = (path: string) => path.split("/").filter((segment) => segment !== "");

/**
 * The values of the pattern's ":param" segments in `pathname` (decoded, as React Router's
 * `useParams` gives them), or undefined when it does not fit or a value cannot be decoded (boot
 * then preloads nothing: the router shows what it makes of such an address).
 */
export function pathParamsOf(pattern: string, pathname: string): Record<string, string> | undefined {
  if (!matchesPathPattern(pattern, pathname)) return undefined;
  const given = segmentsOf(pathname);
  const params: Record<string, string> = {};
  try {
    segmentsOf(pattern).forEach((segment, i) => {
      // As the router decodes a parameter (which reads a decoded "%2F" as "/" too).
      if (segment.startsWith(":")) params[segment.slice(1)] = decodeURIComponent(given[i] ?? "").replace(/%2F/g, "/");
    });
  } catch {
    return undefined;
  }
  return params;
}
