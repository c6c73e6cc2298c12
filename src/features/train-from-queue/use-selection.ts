import { useEffect, useState } from "react";
import { buildSelection, type Selection, type SelectionInput } from "./trajectories/build-groups";

type Built = { input: SelectionInput; selection: Selection } | { input: SelectionInput; error: unknown };

export type SelectionState =
  | { status: "idle" }
  /** `previous`: the last selection built, shown (marked as updating) until the new one is ready. */
  | { status: "building"; previous: Selection | null }
  | { status: "ready"; selection: Selection; input: SelectionInput }
  | { status: "failed"; error: unknown };

/**
 * The selection for the current choices, rebuilt in steps whenever they change: a change while a
 * build runs stops it (its result would be stale), so typing in a mapping never queues up work.
 */
export function useSelection(input: SelectionInput | null): SelectionState {
  const [built, setBuilt] = useState<Built | null>(null);
  useEffect(() => {
    if (!input) return;
    const controller = new AbortController();
    buildSelection(input, controller.signal).then(
      (selection) => {
        if (!controller.signal.aborted) setBuilt({ input, selection });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setBuilt({ input, error });
      },
    );
    return () => controller.abort();
  }, [input]);
  if (!input) return { status: "idle" };
  if (built?.input !== input)
    return { status: "building", previous: built && "selection" in built ? built.selection : null };
  return "selection" in built
    ? { status: "ready", selection: built.selection, input }
    : { status: "failed", error: built.error };
}
