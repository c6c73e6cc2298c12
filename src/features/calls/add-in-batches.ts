import { LIMITS } from "@contract/limits";
import type { AddItemsResponse } from "@contract/trace";

/**
 * Adding calls to a queue in batches the add endpoint accepts (at most LIMITS.callIdsPerAdd ids
 * per request). The calls are either the selected ids or "all N matching the filter", whose ids are
 * read a page at a time. Cancel stops after the batch in flight (it may already have been added, so
 * it is never aborted); a failure stops too, and the run can go on from where it stopped.
 */

export type AddSource =
  | { kind: "selected"; ids: readonly string[] }
  | { kind: "matching"; total: number; readIds: (offset: number, limit: number) => Promise<string[]> };

export type AddCounts = {
  added: number;
  duplicates: number;
  /** Sent but neither added nor a duplicate: ids the service does not know (upstream skips them). */ unknown: number;
};

export type AddProgress = AddCounts & { /** Calls sent so far. */ done: number; total: number };

export type AddOutcome = AddProgress & { status: "finished" | "cancelled" | "failed"; error?: unknown };

export const NO_COUNTS: AddCounts = { added: 0, duplicates: 0, unknown: 0 };

export const sourceTotal = (source: AddSource): number =>
  source.kind === "selected" ? source.ids.length : source.total;

export async function addInBatches(options: {
  source: AddSource;
  add: (callIds: string[]) => Promise<AddItemsResponse>;
  /** Asked before each batch: true once the user has pressed Cancel. */
  cancelled: () => boolean;
  onProgress?: (progress: AddProgress) => void;
  /** Where a retry starts (calls already sent) and the counts so far. */
  resume?: { done: number; counts: AddCounts };
  batchSize?: number;
}): Promise<AddOutcome> {
  const { source, add, cancelled, onProgress, batchSize = LIMITS.callIdsPerAdd } = options;
  const total = sourceTotal(source);
  let done = options.resume?.done ?? 0;
  const counts = { ...(options.resume?.counts ?? NO_COUNTS) };
  const progress = (): AddProgress => ({ ...counts, done, total });

  while (done < total) {
    if (cancelled()) return { ...progress(), status: "cancelled" };
    const limit = Math.min(batchSize, total - done);
    let ids: string[];
    try {
      ids = source.kind === "selected" ? source.ids.slice(done, done + limit) : await source.readIds(done, limit);
    } catch (error) {
      return { ...progress(), status: "failed", error };
    }
    // Fewer calls match than when the run began: what is left has been sent.
    if (ids.length === 0) break;
    try {
      const res = await add(ids);
      counts.added += res.added_count;
      counts.duplicates += res.duplicates;
      counts.unknown += Math.max(0, ids.length - res.added_count - res.duplicates);
    } catch (error) {
      return { ...progress(), status: "failed", error };
    }
    done += ids.length;
    onProgress?.(progress());
  }
  return { ...progress(), status: "finished" };
}
