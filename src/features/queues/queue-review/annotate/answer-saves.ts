import type { QueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";

/** A change on its way to the service, or refused by it (the value stays, with the reason and Retry). */
export type PendingAnswer = { value: unknown; status: "saving" } | { value: unknown; status: "refused"; reason: string };

/**
 * A pending answer with what a notice elsewhere needs to name it (the question, the item and its
 * queue) and the save it stands for: a later save of the same value is another save.
 */
export type PendingEntry = PendingAnswer & { label: string; itemId: string; queueId: string; save: number };

export type RefusedAnswer = Extract<PendingAnswer, { status: "refused" }> & { label: string; itemId: string; queueId: string; save: number; callId: string; specId: string };

const NONE: Readonly<Record<string, PendingEntry>> = Object.freeze({});
const NO_REFUSALS: readonly RefusedAnswer[] = Object.freeze([]);

/**
 * The answers being saved, per call and question. They live as long as the query cache, not the
 * panel: Complete & next moves on the moment it is pressed, and an answer still on its way (or
 * refused after the panel is gone) must neither vanish nor race a later change to the same
 * question when the annotator comes back. Writes to one question go out one after another.
 */
export class AnswerSaves {
  private readonly pending = new Map<string, Readonly<Record<string, PendingEntry>>>();
  private readonly chains = new Map<string, Promise<void>>();
  private readonly listeners = new Set<() => void>();
  private refusedCache: readonly RefusedAnswer[] | null = null;
  private saves = 0;

  /** A number for a new save, different from every other one. */
  nextSave(): number {
    this.saves += 1;
    return this.saves;
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The call's pending answers by question id (the same object until one of them changes). */
  readonly pendingFor = (callId: string): Readonly<Record<string, PendingEntry>> => this.pending.get(callId) ?? NONE;

  /** Every refused answer, on any call (the same array until one changes). */
  readonly refused = (): readonly RefusedAnswer[] => {
    this.refusedCache ??= [...this.pending].flatMap(([callId, bySpec]) =>
      Object.entries(bySpec).flatMap(([specId, entry]): RefusedAnswer[] => (entry.status === "refused" ? [{ ...entry, callId, specId }] : [])),
    );
    return this.refusedCache.length === 0 ? NO_REFUSALS : this.refusedCache;
  };

  set(callId: string, specId: string, entry: PendingEntry | undefined): void {
    const { [specId]: _old, ...others } = this.pendingFor(callId);
    const next = entry ? { ...others, [specId]: entry } : others;
    if (Object.keys(next).length === 0) this.pending.delete(callId);
    else this.pending.set(callId, next);
    this.refusedCache = null;
    for (const listener of this.listeners) listener();
  }

  /** Runs `save` after every earlier save of the same question has finished. */
  enqueue(callId: string, specId: string, save: () => Promise<void>): void {
    const key = `${callId}\u0000${specId}`;
    const next = (this.chains.get(key) ?? Promise.resolve()).then(save);
    this.chains.set(key, next);
    // Forget a finished chain, unless a later save has joined it meanwhile.
    void next.finally(() => {
      if (this.chains.get(key) === next) this.chains.delete(key);
    });
  }
}

const stores = new WeakMap<QueryClient, AnswerSaves>();

/** The saves that belong with this query cache (one per app, a fresh one per test's client). */
export function answerSavesOf(queryClient: QueryClient): AnswerSaves {
  let saves = stores.get(queryClient);
  if (!saves) {
    saves = new AnswerSaves();
    stores.set(queryClient, saves);
  }
  return saves;
}

export function usePendingAnswers(saves: AnswerSaves, callId: string): Readonly<Record<string, PendingEntry>> {
  const read = useCallback(() => saves.pendingFor(callId), [saves, callId]);
  return useSyncExternalStore(saves.subscribe, read);
}

export function useRefusedAnswers(saves: AnswerSaves): readonly RefusedAnswer[] {
  return useSyncExternalStore(saves.subscribe, saves.refused);
}
