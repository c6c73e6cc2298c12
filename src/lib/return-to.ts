/**
 * Where to go after the settings page. Only same-origin paths are accepted, so a crafted link
 * (`?returnTo=https://evil.example` or `//evil.example`) cannot send the user elsewhere.
 * Returns the path with its query and hash, or null when the value is unsafe or absent.
 */
export function sanitizeReturnTo(value: string | null | undefined, origin: string): string | null {
  if (!value) return null;
  // Backslashes are treated as slashes by URL parsers; control characters can hide a scheme.
  // oxlint-disable-next-line no-control-regex -- matching control characters is the point
  if (!value.startsWith("/") || value.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The settings page address that brings the user back to `path` after a key is saved. */
export function settingsPathFor(path: string): string {
  return `/settings?${new URLSearchParams({ returnTo: path }).toString()}`;
}
