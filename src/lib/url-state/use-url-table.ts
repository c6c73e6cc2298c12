import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import type { UrlIssue } from "./url-issue";
import { readUrlView, writeUrlView, type UrlViewCodec } from "./url-view";

export { readUrlView, writeUrlView, type UrlViewCodec } from "./url-view";

export type UrlViewChange<S> = Partial<S> | ((current: S) => Partial<S>);

/**
 * The app's one push/replace policy: a deliberate change (a sort, a filter choice, a page, an
 * opened panel) adds a history entry so Back undoes it. Typing arrives in bursts: its first write
 * adds an entry and the next ones into the same field replace it, so one Back undoes the search
 * (not one letter, and not the sort before it). `typing` names the field typed into.
 * `replace` is for a change Back should not return to (closing a panel).
 */
export type UrlViewWrite = { typing?: string; replace?: boolean };

/**
 * A page's view, read only from the URL (the URL stays the one source of truth: reload,
 * back/forward and a pasted link restore it exactly). Values the page does not understand are
 * dropped from the address at once and kept in `issues` until dismissed, so the user learns why
 * the link shows less than it said.
 */
export function useUrlTable<S>(codec: UrlViewCodec<S>) {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // Parsed once per address: the object is stable while the URL does not change.
  const parsed = useMemo(() => readUrlView(codec, new URLSearchParams(search)), [codec, search]);
  const [issues, setIssues] = useState<UrlIssue[]>(() => parsed.issues);
  // Keep what this address got wrong: the effect below removes it from the URL right away.
  const [reported, setReported] = useState(parsed);
  if (reported !== parsed) {
    setReported(parsed);
    if (parsed.issues.length > 0) setIssues(parsed.issues);
  }

  useEffect(() => {
    if (parsed.issues.length === 0) return;
    setParams((current) => writeUrlView(codec, readUrlView(codec, current).state, current), { replace: true });
  }, [codec, parsed, setParams]);

  // The field being typed into, and the addresses that typing wrote (a quick typist can be
  // several ahead of the URL). An address that is none of them (Back, a link) ends the typing,
  // so the next keystroke starts a new entry.
  const typing = useRef<{ field: string; wrote: string[] } | null>(null);
  useEffect(() => {
    const at = typing.current?.wrote.indexOf(search) ?? -1;
    if (at >= 0) typing.current!.wrote.splice(0, at);
    else typing.current = null;
  }, [search]);

  const update = useCallback(
    (change: UrlViewChange<S>, write: UrlViewWrite = {}) => {
      const continuesTyping = write.typing !== undefined && typing.current?.field === write.typing;
      if (write.typing === undefined) typing.current = null;
      else if (!continuesTyping) typing.current = { field: write.typing, wrote: [] };
      setParams(
        (current) => {
          const base = readUrlView(codec, current).state;
          const next = writeUrlView(
            codec,
            { ...base, ...(typeof change === "function" ? change(base) : change) },
            current,
          );
          typing.current?.wrote.push(next.toString());
          return next;
        },
        { replace: write.replace === true || continuesTyping },
      );
    },
    [codec, setParams],
  );

  const dismissIssues = useCallback(() => setIssues([]), []);
  return { state: parsed.state, search, update, issues, dismissIssues };
}
