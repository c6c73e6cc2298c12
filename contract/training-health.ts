import * as z from "zod/mini";

/** The training service's GET /health answer. */
export const Health = z.looseObject({ status: z.nullish(z.string()) });
export type Health = z.infer<typeof Health>;
