import * as z from "zod/mini";
import { LIMITS, maxChars } from "./limits";

/**
 * Conventions for every schema in contract/:
 * - Written with `zod/mini`, the tree-shakable form of zod 4: the dashboard validates every
 *   response with these schemas, and the classic API would add tens of KB to the first page load.
 * - Trace request schemas are strict (`z.strictObject`): the local services reject unknown
 *   properties with a 422, as docs/service-contracts.md#items-query says the real one does. Training
 *   request schemas are not: upstream's models forbid no extra keys (training.ts).
 * - Every list and string a request carries is bounded (limits.ts), for client and server alike.
 * - Response schemas are tolerant (`z.object` strips unknown keys): the real services may add
 *   fields at any time and the dashboard must not break on them.
 */

/** `<entity>/<project>`: two non-empty segments without slashes or whitespace. */
export const PROJECT_ID_PATTERN = /^[^/\s]+\/[^/\s]+$/;
export const ProjectId = z
  .string()
  .check(maxChars(LIMITS.projectIdLength), z.regex(PROJECT_ID_PATTERN, "must be of the form <entity>/<project>"));

/** An ISO 8601 date and time with no offset (`2026-01-15T09:00:00.123456`, or with a space). */
const WITHOUT_OFFSET = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;

/**
 * A service timestamp with its zone made explicit: one without an offset is UTC (the trace server
 * sends item timestamps so; JavaScript would read them as local time), so it gets a `Z`. Anything
 * else is returned as it is. The one place the dashboard decides how a timestamp is read.
 */
export function utcTimestamp(text: string): string {
  const match = WITHOUT_OFFSET.exec(text);
  return match ? `${match[1]}T${match[2]}Z` : text;
}

/** Milliseconds since the epoch of a service timestamp (NaN when unreadable); see utcTimestamp. */
export function timestampMs(text: string): number {
  return Date.parse(utcTimestamp(text));
}

/**
 * Orders two service timestamps by the moment they name: "…:00Z" before "…:00.5Z" and an offset read as such,
 * where comparing the text would not. Unreadable ones come after readable ones; ties (and two unreadable) by
 * their text, code unit by code unit. No collator: a page's first one loads ICU's collation data, tens of ms
 * of a review's first render on a slow machine.
 */
export function compareTimestamps(a: string, b: string): number {
  const aMs = timestampMs(a);
  const bMs = timestampMs(b);
  if (aMs !== bMs) {
    if (Number.isNaN(aMs)) return Number.isNaN(bMs) ? compareCodeUnits(a, b) : 1;
    if (Number.isNaN(bMs)) return -1;
    return aMs < bMs ? -1 : 1;
  }
  return compareCodeUnits(a, b);
}

const compareCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * ISO 8601 timestamp as the services send it, with a missing offset read as UTC (utcTimestamp).
 * Not parsed further: formats vary across services.
 */
export const Timestamp = z.pipe(z.string(), z.transform(utcTimestamp));

/** A non-empty string; `message` replaces the generic one where a user will read it. */
export const nonEmpty = (message = "must not be empty") => z.string().check(z.minLength(1, message));

/** An integer of at least `min`. */
export const intAtLeast = (min: number) => z.int().check(z.gte(min));

/** The OpenAI-style list wrapper with cursor fields used by the training service. */
export const cursorPage = <T extends z.core.$ZodType>(item: T) =>
  z.object({
    object: z.catch(z.literal("list"), "list"),
    data: z.array(item),
    first_id: z.nullish(z.string()),
    last_id: z.nullish(z.string()),
    has_more: z.boolean(),
  });
