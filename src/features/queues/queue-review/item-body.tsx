import { memo, useId } from "react";
import type { AnnotationQueue, AnnotationQueueItem } from "@contract/trace";
import { AnnotationPanel } from "./annotate/annotation-panel";
import { ItemMetadata } from "./item-metadata";
import { ReviewCall } from "./review-call";
import { useCall } from "./use-review-queries";

/**
 * An item's call, the queue's questions about it and its details: what changes when the review
 * moves to another item. Beside the call on a wide screen; on a narrow one the questions come
 * first (under the sticky actions), then the call, then the details.
 */
export const ItemBody = memo(function ItemBody({
  project,
  item,
  queue,
  me,
  onAnswer,
}: {
  project: string;
  item: AnnotationQueueItem;
  queue: AnnotationQueue | undefined;
  me: string | null;
  /** Told the item's id when the annotator answers one of its questions. */
  onAnswer: (itemId: string) => void;
}) {
  const call = useCall(project, item.call_id);
  const headingId = useId();
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      {queue ? (
        <div className="lg:col-start-2 lg:row-start-1">
          <AnnotationPanel key={item.call_id} project={project} queue={queue} item={item} me={me} onAnswer={onAnswer} />
        </div>
      ) : null}
      <div className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
        <ReviewCall call={call.data} error={call.isError ? call.error : null} onRetry={call.refetch} displayFields={item.display_fields} />
      </div>
      <aside aria-labelledby={headingId} className="h-fit rounded-lg border border-line bg-surface px-4 py-3 lg:col-start-2">
        <h2 id={headingId} className="pb-1 text-sm font-semibold text-fg">
          Details
        </h2>
        <ItemMetadata item={item} call={call.data ?? undefined} />
      </aside>
    </div>
  );
});
