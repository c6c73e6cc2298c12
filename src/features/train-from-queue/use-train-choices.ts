import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import type { UrlIssue } from "@/lib/url-state/url-issue";
import { choiceIssues, readChoices, writeChoices, type TrainChoices } from "./train-url-state";

/**
 * The page's choices: read from the URL once, kept in the component (so a radio or a typed name
 * answers at once: router navigations run as transitions, which a controlled input would wait
 * for), and written back to the URL, replacing the entry, so a reload or a shared link keeps them.
 * What the address held that was not understood is kept for the page's notice; the page adds what
 * only its data can tell (a judge the queue does not have).
 */
export function useTrainChoices() {
  const [params, setParams] = useSearchParams();
  const [choices, setChoices] = useState(() => readChoices(params));
  const [issues, setIssues] = useState<readonly UrlIssue[]>(() => choiceIssues(params));
  useEffect(() => {
    const next = writeChoices(choices);
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  }, [choices, params, setParams]);
  const update = useCallback(
    (patch: Partial<TrainChoices>) => setChoices((previous) => ({ ...previous, ...patch })),
    [],
  );
  const reportIssue = useCallback(
    (issue: UrlIssue) =>
      setIssues((previous) =>
        previous.some((p) => p.param === issue.param && p.value === issue.value) ? previous : [...previous, issue],
      ),
    [],
  );
  const dismissIssues = useCallback(() => setIssues([]), []);
  return { choices, update, issues, reportIssue, dismissIssues };
}
