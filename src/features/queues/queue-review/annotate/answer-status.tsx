import type { QueueSpec } from "@/api/annotation-specs";
import { Button } from "@/components/button";
import { UntrustedText } from "@/components/untrusted-text";
import type { PendingAnswer } from "./answer-saves";
import type { SpecAnswers } from "./answers";
import { formatAnswer } from "../../shared/call-answers";

/**
 * What happened to a question's answer, announced as it changes (its saving is shown beside the question,
 * in SpecField): not saved yet and waiting to be sent again (saying whether this browser keeps it meanwhile),
 * with Try now; refused, with the service's reason, Retry and Dismiss; who set a shared answer; what others
 * answered.
 */
export function AnswerStatus({
  spec,
  answers,
  pending,
  onRetry,
  onRetryNow,
  onDismiss,
}: {
  spec: QueueSpec;
  answers: SpecAnswers;
  pending: PendingAnswer | undefined;
  onRetry: () => void;
  onRetryNow: () => void;
  onDismiss: () => void;
}) {
  return (
    <div className="space-y-1 text-xs" aria-live="polite">
      {pending?.status === "waiting" ? <Waiting pending={pending} label={spec.label} onRetryNow={onRetryNow} /> : null}
      {pending?.status === "refused" ? (
        <p className="flex flex-wrap items-center gap-2 font-medium text-red-700 dark:text-red-400">
          <span>
            Not saved: <UntrustedText text={pending.reason} />
          </span>
          <Button size="sm" onClick={onRetry}>
            Retry
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Dismiss the unsaved answer to ${spec.label}`}
            onClick={onDismiss}
          >
            Dismiss
          </Button>
        </p>
      ) : null}
      {!spec.uniqueAmongCreators && answers.current && !pending ? (
        <p className="text-fg-muted">
          Shared answer, set by <UntrustedText text={answers.current.by} />
        </p>
      ) : null}
      {answers.others.length > 0 ? (
        <p className="text-fg-muted">
          Others:{" "}
          {answers.others.map((other, index) => (
            <span key={other.by}>
              {index > 0 ? " · " : ""}
              <UntrustedText text={other.by} /> <span className="font-medium text-fg">{formatAnswer(other.value)}</span>
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}

function Waiting({
  pending,
  label,
  onRetryNow,
}: {
  pending: Extract<PendingAnswer, { status: "waiting" }>;
  label: string;
  onRetryNow: () => void;
}) {
  const when = pending.offline ? "Sent when the connection returns" : "Tried again by itself";
  const where = pending.kept
    ? "kept in this browser until the service has it"
    : "not kept in this browser (its storage is full or off): keep this tab open";
  return (
    <p className="flex flex-wrap items-center gap-2 font-medium text-amber-800 dark:text-amber-300">
      <span>
        Not saved yet: <UntrustedText text={pending.reason.replace(/[.\s]+$/, "")} />. {when}; {where}.
      </span>
      {pending.offline ? null : (
        <Button size="sm" variant="ghost" aria-label={`Try saving the answer to ${label} now`} onClick={onRetryNow}>
          Try now
        </Button>
      )}
    </p>
  );
}
