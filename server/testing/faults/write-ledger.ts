import type { SettableState } from "../../../contract/trace";

/**
 * What the fault suite's writers sent and what the server acknowledged, across every restart of
 * one data directory. An acknowledged write must be found after any later crash; a write that got
 * no answer may or may not have landed, but nothing that was never sent may appear.
 */
export class WriteLedger {
  /** Answers acknowledged: feedback id → the call it answers and the value given. */
  readonly answers = new Map<string, { callId: string; value: number }>();
  /** Calls an answer was sent for (acknowledged or not). */
  readonly answerSentFor = new Set<string>();
  /** Per item, the states sent and the states acknowledged, in order. */
  readonly progressSent = new Map<string, SettableState[]>();
  readonly progressAcked = new Map<string, SettableState[]>();
  /** The queue's description is `edit <n>`: the last n sent and the last acknowledged. */
  lastEditSent = -1;
  lastEditAcked = -1;
  /** Calls sent to / acknowledged as added to the second queue. */
  readonly addsSent = new Set<string>();
  readonly addsAcked = new Set<string>();
  /** Traces sent to / acknowledged by `/call/upsert_batch`, by their root call's id. */
  readonly batchesSent = new Set<string>();
  readonly batchesAcked = new Set<string>();
  /** Training jobs acknowledged. */
  readonly jobs: string[] = [];
  /** Requests in flight when the server died, and acknowledgements, per round. */
  unanswered = 0;
  acks = 0;
  /** Answers that were neither a success nor a crash (a 4xx/5xx): each is a failure. */
  readonly problems: string[] = [];

  progress(itemId: string, state: SettableState, acknowledged: boolean) {
    const into = acknowledged ? this.progressAcked : this.progressSent;
    into.set(itemId, [...(into.get(itemId) ?? []), state]);
  }

  /** Starts a round's counters (acknowledged writes themselves are kept for every later check). */
  newRound() {
    this.unanswered = 0;
    this.acks = 0;
  }
}
