/** Most characters of client input an error message quotes. */
export const MAX_ECHO_LENGTH = 100;

/**
 * `value` as an error message may quote it: whole when short, else its first MAX_ECHO_LENGTH
 * characters and an ellipsis (never half a surrogate pair). An error must not hand back what it
 * refuses: a 404 for a 33 MB id would otherwise answer 33 MB.
 */
export function echo(value: string, max = MAX_ECHO_LENGTH): string {
  if (value.length <= max) return value;
  const code = value.charCodeAt(max - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
  return `${value.slice(0, end)}…`;
}
