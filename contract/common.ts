import * as z from "zod/mini";

/**
 * Conventions for every schema in contract/:
 * - Written with `zod/mini`, the tree-shakable form of zod 4: the dashboard validates every
 *   response with these schemas, and the classic API would add tens of KB to the first page load.
 * - Request schemas are strict (`z.strictObject`): the local services reject unknown properties
 *   with a 422, as service-contracts.md says the real query endpoint does.
 * - Response schemas are tolerant (`z.object` strips unknown keys): the real services may add
 *   fields at any time and the dashboard must not break on them.
 */

/** `<entity>/<project>`: two non-empty segments without slashes or whitespace. */
export const PROJECT_ID_PATTERN = /^[^/\s]+\/[^/\s]+$/;
export const ProjectId = z.string().check(z.regex(PROJECT_ID_PATTERN, "must be of the form <entity>/<project>"));

/** ISO 8601 timestamp as the services send it. Not parsed further: formats vary across services. */
export const Timestamp = z.string();

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
