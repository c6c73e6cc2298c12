import { useCallback, useMemo, useRef, useState } from "react";
import type { Call } from "@contract/trace";

/**
 * Which calls are selected: some calls (kept across pages, with the call itself, whose inputs and
 * output suggest display fields), or every call the filters match. Choosing "all matching" is
 * dropped when the filters change: it meant those filters. A shift-click selects the range from
 * the last row clicked on the same page.
 */
export type Selection = { kind: "some"; calls: ReadonlyMap<string, Call> } | { kind: "matching"; filterKey: string };

const NOTHING: Selection = { kind: "some", calls: new Map() };

export function useCallSelection(filterKey: string) {
  const [selection, setSelection] = useState<Selection>(NOTHING);
  const anchor = useRef<{ pageKey: string; index: number } | null>(null);
  // "All matching" meant the filters it was chosen under: other filters drop it (and going back to
  // those filters does not bring it back).
  if (selection.kind === "matching" && selection.filterKey !== filterKey) setSelection(NOTHING);
  const current = selection.kind === "matching" && selection.filterKey !== filterKey ? NOTHING : selection;

  const toggle = useCallback((pageCalls: readonly Call[], pageKey: string, index: number, range: boolean) => {
    const call = pageCalls[index];
    if (!call) return;
    const from = range && anchor.current?.pageKey === pageKey ? anchor.current.index : index;
    anchor.current = { pageKey, index };
    setSelection((prev) => {
      const calls = new Map(prev.kind === "some" ? prev.calls : []);
      const select = !calls.has(call.id);
      const [lo, hi] = from < index ? [from, index] : [index, from];
      for (const c of pageCalls.slice(lo, hi + 1)) {
        if (select) calls.set(c.id, c);
        else calls.delete(c.id);
      }
      return { kind: "some", calls };
    });
  }, []);

  /** Selects (or, when all are selected, unselects) the page's calls. */
  const togglePage = useCallback((pageCalls: readonly Call[]) => {
    setSelection((prev) => {
      const calls = new Map(prev.kind === "some" ? prev.calls : []);
      const all = pageCalls.length > 0 && pageCalls.every((c) => calls.has(c.id));
      for (const c of pageCalls) {
        if (all) calls.delete(c.id);
        else calls.set(c.id, c);
      }
      return { kind: "some", calls };
    });
  }, []);

  const selectMatching = useCallback(() => setSelection({ kind: "matching", filterKey }), [filterKey]);
  const clear = useCallback(() => setSelection(NOTHING), []);

  return useMemo(
    () => ({ selection: current, toggle, togglePage, selectMatching, clear }),
    [current, toggle, togglePage, selectMatching, clear],
  );
}

export const isSelected = (selection: Selection, callId: string): boolean =>
  selection.kind === "matching" || selection.calls.has(callId);

/** How many calls the selection holds: the matching count for "all matching" (null until known). */
export const selectedCount = (selection: Selection, total: number | null): number | null =>
  selection.kind === "matching" ? total : selection.calls.size;
