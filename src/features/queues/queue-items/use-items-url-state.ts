import { useCallback, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router-dom";
import type { UrlIssue } from "../../../lib/url-state/url-issue";
import { parseItemsTableState, serializeItemsTableState, type ItemsTableState } from "../shared/items-url-state";

export type TableStateChange = Partial<ItemsTableState> | ((current: ItemsTableState) => Partial<ItemsTableState>);

/**
 * The table's view, read from and written to the URL. Discrete changes (a sort, a page) add a
 * history entry so Back undoes them; `replace` is for changes that arrive in bursts (typing).
 * Values the URL holds but the table does not understand are dropped from the address at once
 * and kept in `issues` until dismissed, so the user learns why the link shows less than it said.
 */
export function useItemsUrlState() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // Parsed once per address: the object is stable while the URL does not change.
  const parsed = useMemo(() => parseItemsTableState(new URLSearchParams(search)), [search]);
  const [issues, setIssues] = useState<UrlIssue[]>(() => parsed.issues);
  // Keep what this address got wrong: the effect below removes it from the URL right away.
  const [reported, setReported] = useState(parsed);
  if (reported !== parsed) {
    setReported(parsed);
    if (parsed.issues.length > 0) setIssues(parsed.issues);
  }
  const state = parsed.state;

  useEffect(() => {
    if (parsed.issues.length === 0) return;
    setParams((current) => serializeItemsTableState(parseItemsTableState(current).state, current), { replace: true });
  }, [parsed, setParams]);

  const update = useCallback(
    (change: TableStateChange, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const base = parseItemsTableState(current).state;
          const next = { ...base, ...(typeof change === "function" ? change(base) : change) };
          return serializeItemsTableState(next, current);
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );

  const dismissIssues = useCallback(() => setIssues([]), []);
  return { state, search, update, issues, dismissIssues };
}
