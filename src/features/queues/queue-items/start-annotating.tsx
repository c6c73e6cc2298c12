import type { Ref } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "@/components/button";
import type { ItemsTableState } from "../shared/items-url-state";
import { reviewHref } from "../shared/links";
import { useWorkMode } from "../queue-review/use-work-mode";

/**
 * "Start annotating": claims the first item offered to me (the table's filters and order, its
 * State filter aside) and opens it in work mode, where each "& next" claims the next one. The
 * review reads the claim back once it has settled.
 */
export function StartAnnotating({
  ref,
  project,
  queueId,
  view,
  scorerRefs,
}: {
  ref?: Ref<HTMLButtonElement>;
  project: string;
  queueId: string;
  view: ItemsTableState;
  scorerRefs: readonly string[] | undefined;
}) {
  const navigate = useNavigate();
  const work = useWorkMode(project, queueId, view, scorerRefs);
  const start = async () => {
    const claimed = await work.claimNext(null);
    if (claimed)
      navigate(reviewHref(project, queueId, claimed.item.id, view, null, { work: true }), { state: { claimed } });
  };
  const { status } = work;
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <Button
        ref={ref}
        variant="primary"
        loading={status.phase === "claiming"}
        // Work mode must not act on guessed settings: wait for the queue's own.
        disabled={!work.ready || scorerRefs === undefined}
        onClick={() => void start()}
        aria-keyshortcuts="w"
        title="Claims the next item nobody is working on and opens it; each Complete & next claims the next (w)"
      >
        Start annotating
      </Button>
      {status.phase === "none" ? (
        <output className="text-xs text-fg-muted">Nothing left for you: every item is done or being worked on.</output>
      ) : status.phase === "failed" ? (
        <output className="text-xs text-red-700 dark:text-red-300">
          Could not claim an item:{" "}
          {status.error instanceof Error ? status.error.message : "the service did not answer."}{" "}
          <button type="button" className="font-medium underline" onClick={() => void start()}>
            Retry
          </button>
        </output>
      ) : null}
    </span>
  );
}
