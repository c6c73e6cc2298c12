import { useCallback, useMemo, useState } from "react";
import { browserStorage } from "@/lib/browser-storage";
import type { OpPaths } from "./paths-section";
import type { Selection, SourceCall, SourceItem } from "./trajectories/build-groups";
import type { PathMapping } from "./trajectories/conversation";
import { opKey, readRememberedPaths, rememberPaths } from "./trajectories/path-memory";
import { pathCandidates, suggestPaths } from "./trajectories/path-suggestions";

type OpSample = { opName: string; calls: number; sample: SourceCall };

/**
 * Where each op's calls keep their conversation: what this browser remembers for the op, else a
 * suggestion read from one of its calls (the chat paths for chat calls). Changing an op's paths
 * remembers them.
 */
export function useOpPaths(items: readonly SourceItem[] | undefined, calls: ReadonlyMap<string, SourceCall> | undefined) {
  const [remembered, setRemembered] = useState(() => readRememberedPaths(browserStorage().local));
  const ops = useMemo(() => {
    const byOp = new Map<string, OpSample>();
    if (!items || !calls) return byOp;
    for (const item of items) {
      const call = calls.get(item.call_id);
      if (!call) continue;
      const known = byOp.get(call.op_name);
      if (known) known.calls += 1;
      else byOp.set(call.op_name, { opName: call.op_name, calls: 1, sample: call });
    }
    return byOp;
  }, [items, calls]);
  const suggested = useMemo(() => new Map([...ops.values()].map((op) => [op.opName, { paths: suggestPaths(op.sample), candidates: pathCandidates(op.sample) }])), [ops]);
  const pathsFor = useCallback((opName: string): PathMapping => remembered[opKey(opName)] ?? suggested.get(opName)?.paths ?? { prompt: "inputs.messages", completion: "output.choices.0" }, [remembered, suggested]);
  const setPaths = useCallback((opName: string, paths: PathMapping) => {
    const storage = browserStorage().local;
    rememberPaths(storage, opName, paths);
    setRemembered((previous) => ({ ...previous, [opKey(opName)]: paths }));
  }, []);
  const describe = useCallback(
    (selection: Selection | null): OpPaths[] => {
      const unreadable = new Map<string, number>();
      for (const unusable of selection?.unusable ?? []) {
        if (unusable.opName && (unusable.reason === "no-messages" || unusable.reason === "no-output")) unreadable.set(unusable.opName, (unreadable.get(unusable.opName) ?? 0) + 1);
      }
      return [...ops.values()].map((op) => ({ opName: op.opName, calls: op.calls, unreadable: unreadable.get(op.opName) ?? 0, paths: pathsFor(op.opName), candidates: suggested.get(op.opName)?.candidates ?? { prompt: [], completion: [] } }));
    },
    [ops, pathsFor, suggested],
  );
  return { pathsFor, setPaths, describe };
}
