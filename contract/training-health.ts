import * as z from "zod/mini";

// The training service's health reads, which the dashboard's sidebar makes on every page: apart
// from training.ts, whose schemas load only with the pages that need them (src/api/clients.ts).

/** GET /health. */
export const Health = z.looseObject({ status: z.nullish(z.string()) });
export type Health = z.infer<typeof Health>;

/** GET /system-check: each check's value. The local service sends "ok" or a failure message; tolerate any shape. */
export const SystemCheck = z.record(z.string(), z.unknown());
export type SystemCheck = z.infer<typeof SystemCheck>;
