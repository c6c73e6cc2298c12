import { Button } from "@/components/button";
import { RefreshIcon, SendIcon } from "@/components/icons";
import type { AssistantTurn } from "./conversation";

/**
 * Under the last reply: Regenerate (ask again for it, discarding it) and, after Stop, Continue
 * (keep what arrived and ask the model to go on). The sentence says which does what. A reply
 * stopped before its first token has nothing to continue (an empty reply is not history, so the
 * request would ask to continue a reply the model never sees): only Regenerate is offered.
 */
export function ReplyActions({
  reply,
  onRegenerate,
  onContinue,
}: {
  reply: AssistantTurn;
  onRegenerate: () => void;
  onContinue: () => void;
}) {
  const stopped = reply.status === "stopped";
  const continuable = stopped && reply.content.trim() !== "";
  return (
    <div className="flex flex-wrap items-center gap-2">
      {stopped && !continuable ? (
        <p className="text-xs text-fg-muted">Stopped before the first word: Regenerate asks again.</p>
      ) : null}
      {continuable ? (
        <p className="text-xs text-fg-muted">
          Stopped. <strong className="font-medium text-fg">Continue</strong> keeps this text and asks the model to go on
          from it; <strong className="font-medium text-fg">Regenerate</strong> replaces the whole reply.
        </p>
      ) : null}
      {continuable ? (
        <Button size="sm" onClick={onContinue} icon={<SendIcon size={13} />}>
          Continue
        </Button>
      ) : null}
      <Button
        size="sm"
        onClick={onRegenerate}
        icon={<RefreshIcon size={13} />}
        title="Ask again for the last reply; this one is discarded"
      >
        Regenerate
      </Button>
    </div>
  );
}
