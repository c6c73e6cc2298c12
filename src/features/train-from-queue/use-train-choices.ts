import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { readChoices, writeChoices, type TrainChoices } from "./train-url-state";

/**
 * The page's choices: read from the URL once, kept in the component (so a radio or a typed name
 * answers at once: router navigations run as transitions, which a controlled input would wait
 * for), and written back to the URL, replacing the entry, so a reload or a shared link keeps them.
 */
export function useTrainChoices(): [TrainChoices, (patch: Partial<TrainChoices>) => void] {
  const [params, setParams] = useSearchParams();
  const [choices, setChoices] = useState(() => readChoices(params));
  useEffect(() => {
    const next = writeChoices(choices);
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  }, [choices, params, setParams]);
  const update = useCallback(
    (patch: Partial<TrainChoices>) => setChoices((previous) => ({ ...previous, ...patch })),
    [],
  );
  return [choices, update];
}
