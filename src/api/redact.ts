/**
 * Removes secrets from text that may reach the screen or a log. A service (or a proxy in front
 * of it) may echo the Authorization header back in an error; the key must never be shown.
 */
export type Redact = (text: string) => string;

const MASK = "[redacted]";

export function createRedactor(secrets: readonly string[]): Redact {
  // Longest first, so a header value containing the key is masked whole.
  const needles = [...new Set(secrets.filter((s) => s.length > 0))].sort((a, b) => b.length - a.length);
  if (needles.length === 0) return (text) => text;
  return (text) => needles.reduce((out, needle) => out.split(needle).join(MASK), text);
}
