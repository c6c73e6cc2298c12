import type { TrainingEvent, TrainingEventList } from "@contract/training";
import { isApiError } from "@/api/errors";
import { alwaysVisible, type VisibilitySource } from "./visibility";

/**
 * Reads a job's events with the `after` cursor: first every page there is (has_more), then, while
 * the job runs, a poll every `intervalMs` that asks only for events after the last one seen.
 * A re-delivered event (an id already seen) is dropped. Polling pauses while the tab is hidden and
 * stops for good once the job has finished (training_ended / training_failed).
 */

export type EventPage = Pick<TrainingEventList, "data" | "has_more" | "last_id">;

export type PollerPhase =
  /** Reading the events that already exist. */
  | { phase: "loading" }
  /** Caught up; the next poll is scheduled. */
  | { phase: "live"; lastPolledAt: number }
  /** The tab is hidden: no requests until it is shown again. */
  | { phase: "paused" }
  /** The job finished: nothing more will come, so no more requests. */
  | { phase: "finished" }
  /** A request failed in a way that may pass (network, 5xx, 429): trying again after `retryInMs`. */
  | { phase: "retrying"; error: unknown; attempt: number; retryInMs: number }
  /** A request failed in a way that will not pass by itself (404, 403, ...): stopped until `retryNow`. */
  | { phase: "failed"; error: unknown }
  | { phase: "stopped" };

export type Timers = {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export type EventPollerOptions = {
  fetchPage: (after: string | undefined, signal: AbortSignal) => Promise<EventPage>;
  /** The new events of a page, in order. */
  onEvents: (events: TrainingEvent[]) => void;
  /** Asked after each catch-up: true stops polling. */
  isFinished: () => boolean;
  intervalMs: number;
  /** Resume after this event id (a cached cursor) instead of from the first event. */
  cursor?: string;
  /** Ids already seen before `cursor`, so a re-delivery right at the cursor is still dropped. */
  seenIds?: Iterable<string>;
  onPhase?: (phase: PollerPhase) => void;
  /** After each complete catch-up (no more pages), with the cursor reached. */
  onCaughtUp?: (cursor: string | undefined) => void;
  visibility?: VisibilitySource;
  timers?: Timers;
  maxRetryDelayMs?: number;
};

export type EventPoller = {
  start(): void;
  stop(): void;
  /** Polls now: after a failure, or to skip the wait. */
  retryNow(): void;
  readonly cursor: string | undefined;
};

const defaultTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** Transport faults, 5xx and 429 may pass; anything else needs a person. */
export function isTransientFailure(error: unknown): boolean {
  return isApiError(error) ? error.retryable : true;
}

export function createEventPoller(options: EventPollerOptions): EventPoller {
  const timers = options.timers ?? defaultTimers;
  const visibility = options.visibility ?? alwaysVisible;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
  const seen = new Set(options.seenIds ?? []);
  let cursor = options.cursor;
  let stopped = true;
  let timer: unknown = null;
  let inFlight: AbortController | null = null;
  let unsubscribeVisibility: (() => void) | null = null;
  let attempt = 0;
  let caughtUpOnce = false;

  const setPhase = (phase: PollerPhase) => options.onPhase?.(phase);

  function clearTimer() {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  }

  function waitForVisible() {
    setPhase({ phase: "paused" });
    unsubscribeVisibility?.();
    unsubscribeVisibility = visibility.subscribe(() => {
      if (stopped || visibility.isHidden()) return;
      unsubscribeVisibility?.();
      unsubscribeVisibility = null;
      void cycle();
    });
  }

  function schedule(delayMs: number) {
    clearTimer();
    timer = timers.setTimeout(() => {
      timer = null;
      if (stopped) return;
      if (visibility.isHidden()) waitForVisible();
      else void cycle();
    }, delayMs);
  }

  /** Reads pages until has_more is false, then decides what happens next. */
  async function cycle(): Promise<void> {
    if (stopped || inFlight) return;
    clearTimer();
    const controller = new AbortController();
    inFlight = controller;
    if (!caughtUpOnce) setPhase({ phase: "loading" });
    try {
      let more = true;
      while (more) {
        const page = await options.fetchPage(cursor, controller.signal);
        if (controller.signal.aborted) return;
        const fresh: TrainingEvent[] = [];
        for (const event of page.data) {
          if (seen.has(event.id)) continue;
          seen.add(event.id);
          fresh.push(event);
        }
        const last = page.data.at(-1);
        if (last) cursor = page.last_id ?? last.id;
        if (fresh.length > 0) options.onEvents(fresh);
        // An empty page that claims more would loop forever: treat it as the end.
        more = page.has_more && page.data.length > 0;
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      inFlight = null;
      if (!isTransientFailure(error)) {
        setPhase({ phase: "failed", error });
        return;
      }
      attempt += 1;
      const retryInMs = Math.min(maxRetryDelayMs, options.intervalMs * 2 ** (attempt - 1));
      setPhase({ phase: "retrying", error, attempt, retryInMs });
      schedule(retryInMs);
      return;
    } finally {
      if (inFlight === controller) inFlight = null;
    }
    attempt = 0;
    caughtUpOnce = true;
    options.onCaughtUp?.(cursor);
    if (options.isFinished()) {
      setPhase({ phase: "finished" });
      return;
    }
    setPhase({ phase: "live", lastPolledAt: Date.now() });
    schedule(options.intervalMs);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      void cycle();
    },
    stop() {
      stopped = true;
      clearTimer();
      inFlight?.abort();
      inFlight = null;
      unsubscribeVisibility?.();
      unsubscribeVisibility = null;
      setPhase({ phase: "stopped" });
    },
    retryNow() {
      if (stopped) return;
      unsubscribeVisibility?.();
      unsubscribeVisibility = null;
      void cycle();
    },
    get cursor() {
      return cursor;
    },
  };
}
