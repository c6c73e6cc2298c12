import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { readUrlView, writeUrlView } from "@/lib/url-state/use-url-table";
import type { UrlIssue } from "@/lib/url-state/url-issue";
import { searchWithJobsKept } from "./compare-param";
import { COMPARE_VIEW_CODEC, type CompareView } from "./compare-url-state";

/**
 * The comparison's view, read only from the URL (reload, Back and a shared link restore it). The
 * table pages' useUrlTable cannot write it: it rewrites the whole address through URLSearchParams,
 * which would encode the commas of `jobs`. A deliberate change adds a history entry; `replace`
 * is for a stream of them (a smoothing slider being dragged).
 */
export function useCompareView() {
  const { search } = useLocation();
  const navigate = useNavigate();
  // The address an update starts from: updates made before the router has rendered the last one
  // (a slider, then a chart left out, then a toggle, in quick succession) each build on the one
  // before. `written` holds the addresses this page asked for and has not seen rendered yet: one
  // of them rendering is not a reason to step back from a later one; any other address (Back, a
  // link) is the new start.
  const latest = useRef(search);
  const written = useRef<string[]>([]);
  useLayoutEffect(() => {
    const at = written.current.indexOf(search);
    if (at >= 0) {
      written.current = written.current.slice(at + 1);
      if (written.current.length > 0) return;
    } else {
      written.current = [];
    }
    latest.current = search;
  }, [search]);
  const parsed = useMemo(() => readUrlView(COMPARE_VIEW_CODEC, new URLSearchParams(search)), [search]);
  const [issues, setIssues] = useState<UrlIssue[]>(() => parsed.issues);
  const [reported, setReported] = useState(parsed);
  if (reported !== parsed) {
    setReported(parsed);
    if (parsed.issues.length > 0) setIssues(parsed.issues);
  }

  const update = useCallback(
    (change: Partial<CompareView>, options: { replace?: boolean } = {}) => {
      const current = latest.current;
      const base = readUrlView(COMPARE_VIEW_CODEC, new URLSearchParams(current)).state;
      const next = searchWithJobsKept(
        current,
        writeUrlView(COMPARE_VIEW_CODEC, { ...base, ...change }, new URLSearchParams(current)),
      );
      if (next === current) return;
      latest.current = next;
      written.current.push(next);
      void navigate({ search: next }, { replace: options.replace === true });
    },
    [navigate],
  );

  // What the address got wrong leaves it at once (the notice keeps it until dismissed).
  useEffect(() => {
    if (parsed.issues.length > 0) update({}, { replace: true });
  }, [parsed, update]);

  const dismissIssues = useCallback(() => setIssues([]), []);
  return { view: parsed.state, update, issues, dismissIssues };
}
