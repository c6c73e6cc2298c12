import type { PathRequest } from "./press-probe";
import type { TimedPress } from "./annotator-loop";

/** What a request on the way from the key press to the next item is for, by its path. */
export type RequestKind =
  | "items query (search, read-back)"
  | "progress write"
  | "feedback create (claim record)"
  | "feedback query (answers, claims)"
  | "call read"
  | "other";

export const REQUEST_KINDS: readonly RequestKind[] = [
  "items query (search, read-back)",
  "progress write",
  "feedback create (claim record)",
  "feedback query (answers, claims)",
  "call read",
  "other",
];

export function kindOf(request: PathRequest): RequestKind {
  const { path } = request;
  if (path.endsWith("/items/query")) return "items query (search, read-back)";
  if (path.endsWith("/progress")) return "progress write";
  if (path.endsWith("/feedback/create")) return "feedback create (claim record)";
  if (path.endsWith("/feedback/query")) return "feedback query (answers, claims)";
  if (path.endsWith("/call/read")) return "call read";
  return "other";
}

/** A press's requests as "2 items query, 1 progress write, …" (kinds in a fixed order): presses alike read alike. */
export function requestMix(requests: readonly PathRequest[]): string {
  const counts = new Map<RequestKind, number>();
  for (const request of requests) counts.set(kindOf(request), (counts.get(kindOf(request)) ?? 0) + 1);
  return (
    REQUEST_KINDS.filter((kind) => counts.has(kind))
      .map((kind) => `${counts.get(kind)} ${kind}`)
      .join(", ") || "none"
  );
}

/**
 * Where one press's time went: the search (press → the last items query that started before the
 * claim's write), then from the search's answer to the item first shown, and to the claim's write
 * back and the call read (each when one was on the path). The review shows the item while the
 * claim's write is on its way, so the write is beside the path, not a piece of it: `shownBeforeClaim`
 * says whether the item came first. `renderMs`: the last response before the paint → the paint
 * (rendering, and whatever waited between). A piece with no request of its kind is null.
 */
export type PathSplit = {
  searchMs: number | null;
  foundMs: number | null;
  claimMs: number | null;
  callMs: number | null;
  shownBeforeClaim: boolean | null;
  renderMs: number;
};

export function splitPath(press: TimedPress): PathSplit {
  const endOf = (kind: RequestKind, before = Infinity) => {
    const ends = press.requests.filter((r) => kindOf(r) === kind && r.startMs < before).map((r) => r.endMs);
    return ends.length > 0 ? Math.max(...ends) : null;
  };
  const progress = press.requests.filter((r) => kindOf(r) === "progress write");
  const claimStart = progress.length > 0 ? Math.min(...progress.map((r) => r.startMs)) : Infinity;
  const searchEnd = endOf("items query (search, read-back)", claimStart);
  const claimEnd = endOf("progress write");
  const callEnd = endOf("call read");
  const lastEnd = Math.max(0, ...press.requests.map((r) => r.endMs).filter((end) => end <= press.keyToPaintMs));
  const after = (end: number | null) => (end === null ? null : end - (searchEnd ?? 0));
  return {
    searchMs: searchEnd,
    foundMs: after(press.keyToFoundMs),
    claimMs: after(claimEnd),
    callMs: after(callEnd),
    shownBeforeClaim: claimEnd === null ? null : press.keyToFoundMs < claimEnd,
    renderMs: press.keyToPaintMs - lastEnd,
  };
}
