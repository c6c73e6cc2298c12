import { z } from "zod";

/**
 * Conventions for every schema in contract/:
 * - Request schemas are strict (`z.strictObject`): the local services reject unknown properties
 *   with a 422, as service-contracts.md says the real query endpoint does.
 * - Response schemas are tolerant (`z.object` strips unknown keys): the real services may add
 *   fields at any time and the dashboard must not break on them.
 */

/** `<entity>/<project>`: two non-empty segments without slashes or whitespace. */
export const ProjectId = z
  .string()
  .regex(/^[^/\s]+\/[^/\s]+$/, "must be of the form <entity>/<project>");

/** ISO 8601 timestamp as the services send it. Not parsed further: formats vary across services. */
export const Timestamp = z.string();

/** Optional-and-nullable, as FastAPI's `X | None = None` fields are. */
export const nullish = <T extends z.ZodType>(schema: T) => schema.nullish();

/** The OpenAI-style list wrapper with cursor fields used by the training service. */
export const cursorPage = <T extends z.ZodType>(item: T) =>
  z.object({
    object: z.literal("list").catch("list"),
    data: z.array(item),
    first_id: z.string().nullish(),
    last_id: z.string().nullish(),
    has_more: z.boolean(),
  });
