import { LIMITS } from "@contract/limits";
import type { AnsweredSpec } from "./send-answer";

/**
 * An answer the service has not acknowledged yet, as this browser keeps it (localStorage) so that
 * neither a lost connection nor a closed tab loses it. Who it is from is the key's fingerprint
 * (what the service records the answer under), never the key. One entry per service address,
 * project, call, question and author: a later answer to the same question takes its place.
 */
export type KeptAnswer = {
  address: string;
  project: string;
  callId: string;
  specId: string;
  author: string;
  /** This save's own mark: only it may drop the entry (a later save of the question has another). */
  token: string;
  /** When it was given (ms): kept answers are sent again in this order. */
  at: number;
  value: unknown;
  spec: AnsweredSpec;
  itemId: string;
  queueId: string;
};

const PREFIX = "wbops.queues.unsavedAnswer:";
/** Far more than an annotator gives offline in a sitting, far less than the browser's storage holds. */
export const MAX_KEPT_ANSWERS = 300;

const keyOf = (answer: Pick<KeptAnswer, "address" | "project" | "callId" | "specId" | "author">) =>
  `${PREFIX}${JSON.stringify([answer.address, answer.project, answer.callId, answer.specId, answer.author])}`;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage can be switched off (a sandboxed frame, a privacy setting): nothing is kept then.
    return null;
  }
}

function keptKeys(store: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  return keys;
}

/**
 * Keeps the answer until forgetAnswer; false when it could not be kept: over the service's payload
 * bound (it would be refused anyway), past MAX_KEPT_ANSWERS others, or the storage is full or off.
 * An earlier answer to the same question is dropped then: sent after a reload, it would undo this one.
 */
export function keepAnswer(answer: KeptAnswer): boolean {
  const store = storage();
  if (!store) return false;
  const key = keyOf(answer);
  try {
    const payloadBytes = new TextEncoder().encode(JSON.stringify({ value: answer.value })).length;
    const fits =
      payloadBytes <= LIMITS.feedbackPayloadBytes &&
      (store.getItem(key) !== null || keptKeys(store).length < MAX_KEPT_ANSWERS);
    if (fits) {
      store.setItem(key, JSON.stringify(answer));
      return true;
    }
  } catch {
    // The storage is full: dropped below, like one that does not fit.
  }
  try {
    store.removeItem(key);
  } catch {
    // Storage that cannot be written holds nothing to undo this answer either.
  }
  return false;
}

/** Drops the answer, unless a later save of the same question has taken its place. */
export function forgetAnswer(answer: KeptAnswer): void {
  const store = storage();
  if (!store) return;
  const key = keyOf(answer);
  try {
    if (parse(store.getItem(key))?.token === answer.token) store.removeItem(key);
  } catch {
    // Nothing to drop when storage cannot be read.
  }
}

/** The answers kept for this service address, project and author, oldest first. */
export function keptAnswers(address: string, project: string, author: string): KeptAnswer[] {
  const store = storage();
  if (!store) return [];
  try {
    return keptKeys(store)
      .map((key) => parse(store.getItem(key)))
      .filter(
        (answer): answer is KeptAnswer =>
          answer !== null && answer.address === address && answer.project === project && answer.author === author,
      )
      .toSorted((a, b) => a.at - b.at);
  } catch {
    return [];
  }
}

/** An entry as stored, or null for anything that is not one (written by another version, edited by hand). */
function parse(text: string | null): KeptAnswer | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || !("value" in value)) return null;
  const answer = value as Partial<KeptAnswer>;
  const texts = [
    answer.address,
    answer.project,
    answer.callId,
    answer.specId,
    answer.author,
    answer.token,
    answer.itemId,
    answer.queueId,
  ];
  if (!texts.every((field) => typeof field === "string") || typeof answer.at !== "number") return null;
  const spec = answer.spec;
  if (
    typeof spec !== "object" ||
    spec === null ||
    typeof spec.id !== "string" ||
    typeof spec.ref !== "string" ||
    typeof spec.label !== "string" ||
    typeof spec.uniqueAmongCreators !== "boolean"
  )
    return null;
  if (spec.id !== answer.specId) return null;
  return answer as KeptAnswer;
}
