import type { AnnotationQueueItem } from "@contract/trace";
import { callRef } from "@/api/annotation-specs";
import { isApiError } from "@/api/errors";
import type { TraceClient } from "@/api/trace";
import { CLAIM_FEEDBACK_TYPE, claimPayload } from "./claims";
import type { Offer } from "./next-for-me";
import type { TeamSettings } from "./team-settings";

/**
 * How long a claim settles before it is read back. Two annotators who claim one item within this
 * time both see the later writer when they read it back, and the earlier one yields. Long enough
 * for the writes of a slow network to land; short enough that a lost claim moves on before any
 * answer is given.
 */
export const CLAIM_SETTLE_MS = 600;

export type ClaimOutcome =
  /** The service took the claim; `item` is the item as it stood right after the write. */
  | { outcome: "claimed"; item: AnnotationQueueItem }
  /** My own record on the item is final (completed or skipped earlier): it is not mine to take again. */
  | { outcome: "closed-for-me" };

type Where = { projectId: string; queueId: string; me: string };

/**
 * Claims an offered item: a claim record saying since when, then my progress on it to in progress.
 * In that order, so that whoever reads the item in progress finds its claim dated: a search that
 * found it undated would count the claim as stale and offer the item to someone else. A record
 * that fails only leaves the claim undated (as a claim set by another tool is); the claim goes on.
 */
export async function claimItem(
  trace: TraceClient,
  where: Where,
  item: AnnotationQueueItem,
  signal?: AbortSignal,
): Promise<ClaimOutcome> {
  // Resuming an item of my own renews its claim too: "since" is when I came back to it.
  await writeClaimRecord(trace, where, item);
  try {
    const after = await trace.setItemProgress(
      where.queueId,
      item.id,
      { project_id: where.projectId, annotation_state: "in_progress" },
      { signal },
    );
    return { outcome: "claimed", item: after };
  } catch (error) {
    // The service refuses in_progress only over a record of mine that is already final.
    if (isApiError(error) && error.kind === "bad_request") return { outcome: "closed-for-me" };
    throw error;
  }
}

/**
 * Leaves the record that dates a claim (fire and forget): whoever puts an item in progress, in
 * work mode or with Start or a first answer, claims it. A record that fails only leaves the
 * claim's age unknown (then counted as stale), so its failure is nobody's error.
 */
export function recordClaim(
  trace: TraceClient,
  where: { projectId: string; queueId: string },
  item: Pick<AnnotationQueueItem, "id" | "call_id">,
): void {
  void writeClaimRecord(trace, where, item);
}

/**
 * The claim record, written; settles either way (a failure is nobody's error, see recordClaim). The browser finishes
 * it after the page is gone (`keepalive`), as it does the progress write beside it: a tab closed right after a Start
 * would otherwise leave the item in progress with its claim undated, counted as stale and offered to someone else.
 */
async function writeClaimRecord(
  trace: TraceClient,
  where: { projectId: string; queueId: string },
  item: Pick<AnnotationQueueItem, "id" | "call_id">,
): Promise<void> {
  await trace
    .createFeedback(
      {
        project_id: where.projectId,
        weave_ref: callRef(where.projectId, item.call_id),
        feedback_type: CLAIM_FEEDBACK_TYPE,
        payload: claimPayload(where.queueId, item.id),
      },
      { keepalive: true },
    )
    .then(
      () => undefined,
      () => undefined,
    );
}

export type Confirmation = { kept: true } | { kept: false; by: string | null };

/**
 * Whether a claim held, read back after it settled. It is lost when someone else wrote to the
 * item after me and the item had room for one of us only: with one answer per item, always; with
 * N, when I took its last place. A lost claim is never an error: the caller moves on.
 */
export async function confirmClaim(
  trace: TraceClient,
  where: Where,
  offer: Offer,
  settings: Pick<TeamSettings, "answersPerItem">,
  signal?: AbortSignal,
): Promise<Confirmation> {
  const { items } = await trace.queryItems(
    where.queueId,
    { project_id: where.projectId, filter: { id: offer.item.id }, limit: 1 },
    { signal },
  );
  const now = items.find((row) => row.id === offer.item.id);
  if (!now) return { kept: false, by: null };
  const writer = now.annotator_user_id || null;
  if (writer === where.me) return { kept: true };
  const roomForBoth = offer.answerers + 1 < settings.answersPerItem;
  return roomForBoth ? { kept: true } : { kept: false, by: writer };
}

/** Waits `ms`, or less when `signal` aborts (then rejects with its reason). */
export function settle(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
