import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import { readChoices, writeChoices, type TrainChoices } from "./train-url-state";

/** The page's choices, read from and written to the URL (replacing the entry: choices are not pages of history). */
export function useTrainChoices(): [TrainChoices, (patch: Partial<TrainChoices>) => void] {
  const [params, setParams] = useSearchParams();
  const choices = useMemo(() => readChoices(params), [params]);
  // From the latest URL, not this render's: two changes in one tick (a model created, then a
  // failure) must not undo each other.
  const update = useCallback((patch: Partial<TrainChoices>) => setParams((previous) => writeChoices({ ...readChoices(previous), ...patch }), { replace: true }), [setParams]);
  return [choices, update];
}
