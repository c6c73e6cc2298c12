import { onlineManager, type QueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { judgeFailure } from "./answer-retry";
import { forgetAnswer, keepAnswer, type KeptAnswer } from "./kept-answers";
import { warnBeforeLeaving } from "./leave-warning";
import { AnswerNotStored } from "./answer-not-stored";

/**
 * A change on its way to the service; or waiting to be sent again (the service could not be
 * reached, or could not take it yet), kept in this browser unless that failed; or refused by the
 * service (the value stays, with the reason, Retry and Dismiss).
 */
export type PendingAnswer =
  | { value: unknown; status: "saving" }
  | { value: unknown; status: "waiting"; reason: string; offline: boolean; kept: boolean }
  | { value: unknown; status: "refused"; reason: string };

/**
 * A pending answer with what a notice elsewhere needs to name it (the question, the item and its
 * queue) and the save it stands for: a later save of the same value is another save.
 */
export type PendingEntry = PendingAnswer & { label: string; itemId: string; queueId: string; save: number };

export type RefusedAnswer = Extract<PendingAnswer, { status: "refused" }> & {
  label: string;
  itemId: string;
  queueId: string;
  save: number;
  callId: string;
  specId: string;
};

/** One answer to save: how it shows, how this browser keeps it, and one attempt at sending it. */
export type AnswerSave = {
  kept: KeptAnswer;
  /** One attempt; `fresh` after a failure, when the call's answers must be read again. Throws AnswerNotStored. */
  send: (fresh: boolean) => Promise<void>;
};

const NONE: Readonly<Record<string, PendingEntry>> = Object.freeze({});
const NO_REFUSALS: readonly RefusedAnswer[] = Object.freeze([]);

/** While offline, how often an answer waiting for the connection looks whether it is back. */
export const OFFLINE_RECHECK_MS = 3_000;

const chainKey = (callId: string, specId: string) => `${callId}\u0000${specId}`;

/**
 * The answers being saved, per call and question. They live as long as the query cache, not the
 * panel: Complete & next moves on the moment it is pressed, and an answer still on its way (or
 * refused after the panel is gone) must neither vanish nor race a later change to the same
 * question when the annotator comes back. Writes to one question go out one after another.
 *
 * Nothing acknowledged is lost: an answer is kept in this browser (kept-answers.ts) before it is
 * sent, and dropped once the service has it or has refused it. While the service cannot be
 * reached (offline, a lost connection, a 5xx) it is tried again with a growing pause, at once
 * when the connection returns, and after a reload (resume). A later answer to the same question
 * takes its place: an earlier one waiting to be sent again stops waiting and is not sent.
 */
export class AnswerSaves {
  private readonly pending = new Map<string, Readonly<Record<string, PendingEntry>>>();
  private readonly chains = new Map<string, Promise<void>>();
  private readonly listeners = new Set<() => void>();
  private readonly waiters = new Set<{ key: string; wake: () => void }>();
  /** The kept answers this store has taken up, so one is never sent twice by it. */
  private readonly taken = new Set<string>();
  private stopListeningOnline: (() => void) | null = null;
  private refusedCache: readonly RefusedAnswer[] | null = null;
  private unsavedCache: number | null = null;
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
      Object.entries(bySpec).flatMap(([specId, entry]): RefusedAnswer[] =>
        entry.status === "refused" ? [{ ...entry, callId, specId }] : [],
      ),
    );
    return this.refusedCache.length === 0 ? NO_REFUSALS : this.refusedCache;
  };

  /** How many answers the service does not have yet: being saved, waiting, or refused. */
  readonly unsaved = (): number => {
    this.unsavedCache ??= [...this.pending.values()].reduce((count, bySpec) => count + Object.keys(bySpec).length, 0);
    return this.unsavedCache;
  };

  set(callId: string, specId: string, entry: PendingEntry | undefined): void {
    const { [specId]: _old, ...others } = this.pendingFor(callId);
    const next = entry ? { ...others, [specId]: entry } : others;
    if (Object.keys(next).length === 0) this.pending.delete(callId);
    else this.pending.set(callId, next);
    this.refusedCache = null;
    this.unsavedCache = null;
    for (const listener of this.listeners) listener();
  }

  /** Runs `save` after every earlier save of the same question has finished. */
  enqueue(callId: string, specId: string, save: () => Promise<void>): void {
    const key = chainKey(callId, specId);
    const next = (this.chains.get(key) ?? Promise.resolve()).then(save);
    this.chains.set(key, next);
    // Forget a finished chain, unless a later save has joined it meanwhile.
    void next.finally(() => {
      if (this.chains.get(key) === next) this.chains.delete(key);
    });
  }

  /** Shows the answer at once, keeps it in this browser, and sends it after the question's earlier saves. */
  save({ kept, send }: AnswerSave): void {
    const { callId, specId } = kept;
    const entry = {
      value: kept.value,
      label: kept.spec.label,
      itemId: kept.itemId,
      queueId: kept.queueId,
      save: this.nextSave(),
    };
    this.taken.add(kept.token);
    const isKept = keepAnswer(kept);
    this.set(callId, specId, { ...entry, status: "saving" });
    // An earlier save of this question waiting to be tried again gives way to this one now.
    this.wake(chainKey(callId, specId));
    this.enqueue(callId, specId, () => this.run(kept, entry, isKept, send));
  }

  /**
   * Sends again the answers this browser kept (from an earlier page load, or another tab's),
   * oldest first, except those this store has taken up or has a later answer to.
   */
  resume(kept: readonly KeptAnswer[], toSave: (kept: KeptAnswer) => AnswerSave): void {
    for (const answer of kept) {
      if (this.taken.has(answer.token) || this.pendingFor(answer.callId)[answer.specId]) continue;
      this.save(toSave(answer));
    }
  }

  /** Tries every waiting answer now (the annotator asked to, or the connection is back). */
  readonly retryNow = (): void => {
    for (const waiter of this.waiters) waiter.wake();
  };

  private async run(
    kept: KeptAnswer,
    entry: Omit<PendingEntry, "status">,
    isKept: boolean,
    send: AnswerSave["send"],
  ): Promise<void> {
    const { callId, specId } = kept;
    const key = chainKey(callId, specId);
    // A later change to the same question (even back to this value) supersedes this one's outcome
    // on screen, and once this one has had to wait, its sending too: the later one is sent instead.
    const latest = () => this.pendingFor(callId)[specId]?.save === entry.save;
    for (let failures = 0, waited = false; ; waited = true) {
      if (waited && !latest()) return;
      if (!onlineManager.isOnline()) {
        if (!latest()) return;
        const shown = this.pendingFor(callId)[specId];
        if (!(shown?.status === "waiting" && shown.offline))
          this.set(callId, specId, {
            ...entry,
            status: "waiting",
            reason: "you are offline",
            offline: true,
            kept: isKept,
          });
        // Woken the moment the connection returns, and it looks again now and then besides: the return is heard
        // through one subscription, and an answer must not stay "offline" for a notice it missed.
        await this.pause(key, OFFLINE_RECHECK_MS);
        continue;
      }
      try {
        await send(failures > 0);
        if (latest()) this.set(callId, specId, undefined);
        forgetAnswer(kept);
        return;
      } catch (error) {
        failures += 1;
        const verdict = judgeFailure(
          error instanceof AnswerNotStored ? error : new AnswerNotStored(error, false),
          failures,
        );
        if (!latest()) return;
        if ("refused" in verdict) {
          this.set(callId, specId, { ...entry, status: "refused", reason: verdict.refused });
          // Shown with Retry beside its question, it is no longer kept: a reload would only send it to be refused again.
          forgetAnswer(kept);
          return;
        }
        this.set(callId, specId, { ...entry, status: "waiting", reason: verdict.reason, offline: false, kept: isKept });
        await this.pause(key, verdict.retryInMs);
      }
    }
  }

  /** Waits `ms`, or less when woken (a new answer to the question, the connection back, Try now). */
  private pause(key: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const waiter = {
        key,
        wake: () => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          if (this.waiters.size === 0) this.stopListeningOnline?.();
          resolve();
        },
      };
      const timer = setTimeout(waiter.wake, ms);
      this.waiters.add(waiter);
      this.stopListeningOnline ??= this.listenOnline();
    });
  }

  private listenOnline(): () => void {
    const stop = onlineManager.subscribe((online) => {
      if (online) this.retryNow();
    });
    return () => {
      stop();
      this.stopListeningOnline = null;
    };
  }

  private wake(key: string): void {
    for (const waiter of this.waiters) if (waiter.key === key) waiter.wake();
  }
}

const stores = new WeakMap<QueryClient, AnswerSaves>();

/** The saves that belong with this query cache (one per app, a fresh one per test's client). */
export function answerSavesOf(queryClient: QueryClient): AnswerSaves {
  let saves = stores.get(queryClient);
  if (!saves) {
    saves = new AnswerSaves();
    stores.set(queryClient, saves);
    warnBeforeLeaving(saves);
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

/** How many answers the service does not have yet (see AnswerSaves.unsaved). */
export function useUnsavedAnswerCount(saves: AnswerSaves): number {
  return useSyncExternalStore(saves.subscribe, saves.unsaved, () => 0);
}
