import { useCallback, useMemo, useState } from "react";
import { browserStorage } from "@/lib/browser-storage";
import { parseOpRef } from "@/lib/op-refs";
import type { OpPaths } from "./paths-section";
import type { OpChoices } from "./train-url-state";
import type { Selection, SourceCall, SourceItem } from "./trajectories/build-groups";
import type { PathMapping } from "./trajectories/conversation";
import { opKey, readRememberedPaths, rememberPaths } from "./trajectories/path-memory";
import { pathCandidates, suggestPaths } from "./trajectories/path-suggestions";

type OpSample = { opName: string; calls: number; sample: SourceCall };

const NO_PATHS: PathMapping = Object.freeze({ prompt: "", completion: "" });

/** How an op is named in the URL's `ops`: its name without entity, project or version. */
export const opChoiceName = (opName: string): string => parseOpRef(opName)?.name ?? opName;

/**
 * Where each op's calls keep their conversation, and whether the op is used: paths this browser
 * remembers for the op, else a suggestion read from one of its calls (only when it reads as a
 * conversation, see path-suggestions.ts), else none. An op is included when its paths are known,
 * unless `choices` (the URL's) says otherwise. Changing an op's paths remembers them.
 */
export function useOpPaths(
  items: readonly SourceItem[] | undefined,
  calls: ReadonlyMap<string, SourceCall> | undefined,
  choices: OpChoices,
) {
  const [remembered, setRemembered] = useState(() => readRememberedPaths(browserStorage().local));
  const ops = useMemo(() => {
    const byOp = new Map<string, OpSample>();
    if (!items || !calls) return byOp;
    for (const item of items) {
      const call = calls.get(item.call_id);
      if (!call) continue;
      // One row per op, its versions together: paths are remembered, and ops chosen, without the version.
      const key = opKey(call.op_name);
      const known = byOp.get(key);
      if (known) known.calls += 1;
      else byOp.set(key, { opName: call.op_name, calls: 1, sample: call });
    }
    return byOp;
  }, [items, calls]);
  const suggested = useMemo(
    () =>
      new Map(
        [...ops].map(([key, op]) => [key, { paths: suggestPaths(op.sample), candidates: pathCandidates(op.sample) }]),
      ),
    [ops],
  );
  const knownPaths = useCallback(
    (opName: string): PathMapping | null => remembered[opKey(opName)] ?? suggested.get(opKey(opName))?.paths ?? null,
    [remembered, suggested],
  );
  const isIncluded = useCallback(
    (opName: string): boolean => {
      const choice = choices[opChoiceName(opName)];
      return choice === undefined ? knownPaths(opName) !== null : choice === "in";
    },
    [choices, knownPaths],
  );
  /** The paths a selection reads an op's calls by; null: the op is left out. */
  const pathsFor = useCallback(
    (opName: string): PathMapping | null => (isIncluded(opName) ? (knownPaths(opName) ?? NO_PATHS) : null),
    [isIncluded, knownPaths],
  );
  const setPaths = useCallback((opName: string, paths: PathMapping) => {
    rememberPaths(browserStorage().local, opName, paths);
    setRemembered((previous) => ({ ...previous, [opKey(opName)]: paths }));
  }, []);
  const describe = useCallback(
    (selection: Selection | null): OpPaths[] => {
      const unreadable = new Map<string, number>();
      for (const unusable of selection?.unusable ?? []) {
        if (!unusable.opName || (unusable.reason !== "no-messages" && unusable.reason !== "no-output")) continue;
        const key = opKey(unusable.opName);
        unreadable.set(key, (unreadable.get(key) ?? 0) + 1);
      }
      return [...ops].map(([key, op]) => ({
        opName: op.opName,
        calls: op.calls,
        unreadable: unreadable.get(key) ?? 0,
        paths: knownPaths(op.opName) ?? NO_PATHS,
        suggested: suggested.get(key)?.paths != null,
        included: isIncluded(op.opName),
        candidates: suggested.get(key)?.candidates ?? { prompt: [], completion: [] },
      }));
    },
    [ops, knownPaths, suggested, isIncluded],
  );
  return { pathsFor, setPaths, describe };
}
