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
