/**
 * The header forms of the API key (docs/contract-decisions.md#real-addresses).
 * The trace server's SDK sends HTTP Basic with the user "api"; the OpenAI-compatible services
 * take a Bearer token.
 */
export function basicAuth(apiKey: string): Record<string, string> {
  return { Authorization: `Basic ${base64Utf8(`api:${apiKey}`)}` };
}

export function bearerAuth(apiKey: string): Record<string, string> {
  return { Authorization: `Bearer ${apiKey}` };
}

/** btoa only takes Latin-1; a key pasted with other characters must not crash the call. */
function base64Utf8(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * A short stand-in for the key in cache keys (FNV-1a, 32 bits): two keys almost surely differ,
 * so changing the key never shows the previous account's cached data, and the cache (visible
 * in devtools) never holds the key itself. Not a secret-grade hash and not meant to be one.
 */
export function keyFingerprint(apiKey: string): string {
  if (!apiKey) return "none";
  let hash = 0x811c9dc5;
  for (let i = 0; i < apiKey.length; i++) {
    hash ^= apiKey.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}
