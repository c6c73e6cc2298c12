import { memo, type ReactNode } from "react";
import type { AnnotationQueueItem, Call } from "@contract/trace";
import { CopyButton } from "@/components/copy-button";
import { RelativeTime } from "@/components/relative-time";
import { StatusBadge } from "@/components/status-badge";
import { UntrustedText } from "@/components/untrusted-text";
import { revealHiddenCharacters } from "@/lib/hidden-characters";
import { callDurationMs } from "@/lib/call-duration";
import { shortOpName } from "@/lib/op-refs";
import { formatDuration } from "@/lib/number-format";
import { STATE_LABELS, STATE_TONES } from "../shared/item-state";
import { FoldedText } from "./folded-text";

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-2 py-1.5">
      <dt className="text-xs text-fg-muted">{term}</dt>
      <dd className="min-w-0 text-sm text-fg">{children}</dd>
    </div>
  );
}

function Id({ value, label }: { value: string; label: string }) {
  return (
    <span className="flex items-center gap-1">
      <span className="truncate font-mono text-xs" title={revealHiddenCharacters(value)}>
        <UntrustedText text={value} />
      </span>
      <CopyButton text={value} label={`Copy ${label}`} className="h-6 shrink-0 px-1.5 text-fg-muted" />
    </span>
  );
}

/** The item's facts: state and who set it, who added it and when, the call's ids and timing. */
export const ItemMetadata = memo(function ItemMetadata({
  item,
  call,
}: {
  item: AnnotationQueueItem;
  call: Call | undefined;
}) {
  const duration = callDurationMs(item.call_started_at, item.call_ended_at);
  return (
    <dl className="divide-y divide-line">
      <Row term="State">
        <StatusBadge tone={STATE_TONES[item.annotation_state]}>{STATE_LABELS[item.annotation_state]}</StatusBadge>
      </Row>
      <Row term="Annotator">
        {item.annotator_user_id ? (
          <UntrustedText text={item.annotator_user_id} className="break-words" />
        ) : (
          <span className="text-fg-muted">nobody yet</span>
        )}
      </Row>
      <Row term="Record updated">
        <RelativeTime value={item.updated_at} />
      </Row>
      <Row term="Operation">
        <span className="block font-mono text-xs break-words" title={revealHiddenCharacters(item.call_op_name)}>
          <UntrustedText text={shortOpName(item.call_op_name)} />
        </span>
      </Row>
      <Row term="Call">
        <Id value={item.call_id} label="call ID" />
      </Row>
      <Row term="Trace">
        <Id value={item.call_trace_id} label="trace ID" />
      </Row>
      <Row term="Item">
        <Id value={item.id} label="item ID" />
      </Row>
      <Row term="Call started">
        <RelativeTime value={item.call_started_at} />
      </Row>
      <Row term="Duration">{duration === null ? "running" : formatDuration(duration)}</Row>
      {call?.exception ? (
        <Row term="Exception">
          <FoldedText text={call.exception} fold={400} label="the exception" tone="text-red-700 dark:text-red-400" />
        </Row>
      ) : null}
      <Row term="Added by">
        {item.added_by ? (
          <UntrustedText text={item.added_by} className="break-words" />
        ) : (
          <span className="text-fg-muted">unknown</span>
        )}
      </Row>
      <Row term="Added">
        <RelativeTime value={item.created_at} />
      </Row>
    </dl>
  );
});
