import { useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { Button } from "@/components/button";
import { UntrustedText } from "@/components/untrusted-text";
import { answerSavesOf, useRefusedAnswers } from "./answer-saves";
import { formatAnswer } from "../../shared/call-answers";

/**
 * Answers the service refused after the review had moved on from their item: named here, with
 * the way back to the item (where the answer waits with Retry) and Dismiss, so none is lost
 * without the annotator knowing. The item on screen shows its own refusals beside the question.
 */
export function UnsavedAnswersNotice({
  shownCallId,
  hrefOf,
}: {
  shownCallId: string;
  hrefOf: (queueId: string, itemId: string) => string;
}) {
  const saves = answerSavesOf(useQueryClient());
  const elsewhere = useRefusedAnswers(saves).filter((refused) => refused.callId !== shownCallId);
  if (elsewhere.length === 0) return null;
  return (
    <div
      role="alert"
      className="space-y-2 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm dark:border-red-500/40 dark:bg-red-500/10"
    >
      <p className="font-medium text-red-800 dark:text-red-300">
        {elsewhere.length === 1
          ? "An answer on an earlier item was not saved"
          : `${elsewhere.length} answers on earlier items were not saved`}
      </p>
      <ul className="space-y-1.5">
        {elsewhere.map((refused) => (
          <li
            key={`${refused.callId}:${refused.specId}`}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 text-fg"
          >
            <span>
              <UntrustedText text={refused.label} />:{" "}
              <UntrustedText
                text={formatAnswer(refused.value)}
                className="inline-block max-w-xs truncate align-bottom font-medium"
              />{" "}
              (
              <UntrustedText text={refused.reason} />)
            </span>
            <Link
              to={hrefOf(refused.queueId, refused.itemId)}
              className="font-medium text-link underline underline-offset-2"
            >
              Open that item
            </Link>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Dismiss the unsaved answer to ${refused.label}`}
              onClick={() => saves.set(refused.callId, refused.specId, undefined)}
            >
              Dismiss
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
