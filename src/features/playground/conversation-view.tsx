import type { ReactNode } from "react";
import { StatusBadge } from "@/components/status-badge";
import { Spinner } from "@/components/spinner";
import type { ChatUsage } from "@contract/chat";
import type { AssistantTurn, Turn } from "./conversation";

function UsageLine({ usage }: { usage: ChatUsage }) {
  return (
    <p className="text-xs text-fg-muted tabular-nums">
      Tokens: {usage.prompt_tokens} prompt + {usage.completion_tokens} completion = {usage.total_tokens}
    </p>
  );
}

function ReplyStatus({ turn }: { turn: AssistantTurn }) {
  if (turn.status === "streaming") {
    return (
      <span className="inline-flex items-center gap-1 text-xs text-fg-muted">
        <Spinner size={12} /> Generating…
      </span>
    );
  }
  if (turn.status === "stopped") return <StatusBadge tone="warning">Stopped</StatusBadge>;
  if (turn.status === "failed") return <StatusBadge tone="danger">Failed part-way</StatusBadge>;
  if (turn.finishReason === "length") return <StatusBadge tone="warning">Cut off at max tokens</StatusBadge>;
  return null;
}

function TurnFrame({
  who,
  meta,
  children,
  tone,
}: {
  who: string;
  meta?: ReactNode;
  children: ReactNode;
  tone: "user" | "assistant";
}) {
  return (
    <li
      className={
        tone === "user"
          ? "rounded-lg border border-line bg-subtle/60 px-4 py-3"
          : "rounded-lg border border-line bg-surface px-4 py-3"
      }
    >
      <div className="mb-1.5 flex flex-wrap items-center gap-2">
        <span className="text-xs font-semibold text-fg">{who}</span>
        {meta}
      </div>
      {children}
    </li>
  );
}

/**
 * The conversation. Replies are plain text with their whitespace kept: whatever a model sends
 * (markup included) is shown as characters, never interpreted as HTML.
 */
export function ConversationView({ turns }: { turns: readonly Turn[] }) {
  return (
    <ol aria-label="Conversation" className="space-y-3">
      {turns.map((turn) =>
        turn.role === "user" ? (
          <TurnFrame key={turn.id} who="You" tone="user">
            <p className="text-sm break-words whitespace-pre-wrap text-fg">{turn.content}</p>
          </TurnFrame>
        ) : (
          <TurnFrame
            key={turn.id}
            who="Assistant"
            tone="assistant"
            meta={
              <>
                <span className="truncate font-mono text-[11px] text-fg-muted">{turn.model}</span>
                <ReplyStatus turn={turn} />
              </>
            }
          >
            <p data-testid="reply-text" className="min-h-5 text-sm break-words whitespace-pre-wrap text-fg">
              {turn.content}
            </p>
            {turn.usage ? (
              <div className="mt-2">
                <UsageLine usage={turn.usage} />
              </div>
            ) : null}
          </TurnFrame>
        ),
      )}
    </ol>
  );
}
