import { memo, useId, type RefCallback } from "react";
import type { AnnotationQueue, AnnotationQueueItem } from "@contract/trace";
import { AnnotationPanel } from "./annotate/annotation-panel";
import { ItemMetadata } from "./item-metadata";
import { ReviewCall } from "./review-call";
import { useColumnStartsAtTop } from "./use-column-starts-at-top";
import { useCall } from "./use-review-queries";

/**
 * An item's call, the queue's questions about it and its details: what changes when the review
 * moves to another item. On a wide screen the questions stick beside the call, below the action
 * bar, in a column that scrolls by itself: moving through them never scrolls the call away. On a
 * narrower one the call's display fields come first (each in a frame of at most 40% of the
 * screen's height), so the first screen shows some of what is being judged, then the questions,
 * then the details.
 */
export const ItemBody = memo(function ItemBody({
  project,
  item,
  queue,
  me,
  onAnswer,
  belowBarRef,
}: {
  project: string;
  item: AnnotationQueueItem;
  queue: AnnotationQueue | undefined;
  me: string | null;
  /** Told the item's id when the annotator answers one of its questions. */
  onAnswer: (itemId: string) => void;
  /** The questions' column, which sticks below the review's action bar: it is told the bar's height. */
  belowBarRef?: RefCallback<HTMLDivElement>;
}) {
  const call = useCall(project, item.call_id);
  const headingId = useId();
  const { columnRef, onColumnScroll } = useColumnStartsAtTop(item.id, belowBarRef);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="min-w-0 lg:col-start-1 lg:row-start-1">
        <ReviewCall
          call={call.data}
          error={call.isError ? call.error : null}
          onRetry={call.refetch}
          displayFields={item.display_fields}
        />
      </div>
      <div
        ref={columnRef}
        onScroll={onColumnScroll}
        className="space-y-6 lg:sticky lg:top-[calc(3.5rem_+_0.75rem)] lg:col-start-2 lg:row-start-1 lg:max-h-[calc(100dvh_-_3.5rem_-_1.25rem)] lg:self-start lg:overflow-y-auto lg:overscroll-contain"
      >
        {queue ? <AnnotationPanel project={project} queue={queue} item={item} me={me} onAnswer={onAnswer} /> : null}
        <aside aria-labelledby={headingId} className="h-fit rounded-lg border border-line bg-surface px-4 py-3">
          <h2 id={headingId} className="pb-1 text-sm font-semibold text-fg">
            Details
          </h2>
          <ItemMetadata item={item} call={call.data ?? undefined} />
        </aside>
      </div>
    </div>
  );
});
