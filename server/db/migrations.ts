import { AUTH_MIGRATIONS } from "../auth/migrations";
import { TRACE_MIGRATIONS } from "../trace/migrations";
import { TRAINING_MIGRATIONS } from "../training/migrations";

/** One schema change. Ids are applied once each, in list order; never edit an applied one. */
export type Migration = { id: string; sql: string };

export const ALL_MIGRATIONS: readonly Migration[] = [...AUTH_MIGRATIONS, ...TRACE_MIGRATIONS, ...TRAINING_MIGRATIONS];
