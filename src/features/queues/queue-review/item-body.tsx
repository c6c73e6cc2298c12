import { memo, useId } from "react";
import type { AnnotationQueueItem } from "@contract/trace";
import { ItemMetadata } from "./item-metadata";
import { ReviewCall } from "./review-call";
import { useCall } from "./use-review-queries";

/** An item's call and its details: what changes when the review moves to another item. */
export const ItemBody = memo(function ItemBody({ project, item }: { project: string; item: AnnotationQueueItem }) {
  const call = useCall(project, item.call_id);
  const headingId = useId();
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <ReviewCall call={call.data} error={call.isError ? call.error : null} onRetry={call.refetch} displayFields={item.display_fields} />
      <aside aria-labelledby={headingId} className="h-fit rounded-lg border border-line bg-surface px-4 py-3">
        <h2 id={headingId} className="pb-1 text-sm font-semibold text-fg">
          Details
        </h2>
        <ItemMetadata item={item} call={call.data ?? undefined} />
      </aside>
    </div>
  );
});
