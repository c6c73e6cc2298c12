import * as z from "zod/mini";
import { createStoredValue, type StoredValue } from "@/lib/stored-value";
import type { TargetChoice } from "./run-targets";

/**
 * What the last run of a judge version was asked to do, kept in localStorage until it ends: a tab
 * closed mid-run loses the run itself (it lived in that tab), but the page opened again finds this
 * record, sees the run did not end, and offers to resume it with the same scope.
 */
export type LastRun = { choice: TargetChoice; startedAt: number; ended: boolean };

const Scope = z.union([
  z.object({ kind: z.literal("all") }),
  z.object({ kind: z.literal("unanswered") }),
  z.object({ kind: z.literal("sample"), size: z.number() }),
  z.object({ kind: z.literal("calls"), label: z.string(), callIds: z.array(z.string()) }),
]);

const Stored = z.nullable(
  z.object({
    choice: z.object({ scope: Scope, retryFailures: z.boolean() }),
    startedAt: z.number(),
    ended: z.boolean(),
  }),
);

export const lastRunKey = (judgeRef: string) => `wbops.judgeRun:${judgeRef}`;

const stores = new Map<string, StoredValue<LastRun | null>>();

/** The stored last run of one judge version (one store per ref, shared by every component that reads it). */
export function lastRunStore(judgeRef: string): StoredValue<LastRun | null> {
  let store = stores.get(judgeRef);
  if (!store) {
    store = createStoredValue<LastRun | null>(lastRunKey(judgeRef), Stored, { fallback: null });
    stores.set(judgeRef, store);
  }
  return store;
}
