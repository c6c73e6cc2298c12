import { Link } from "react-router-dom";
import { DEFAULT_TABLE_STATE } from "../../shared/items-url-state";
import { reviewHref } from "../../shared/links";

/** The end of a call id: ids made at about the same time share their start (UUIDv7), their ends tell them apart. */
const tailOf = (id: string) => (id.length > 12 ? `…${id.slice(-10)}` : id);

/** A call of the queue as a link to its item's review (where the judge's reasoning shows beside the answers). */
export function CallReviewLink({
  project,
  queueId,
  callId,
  itemOfCall,
}: {
  project: string;
  queueId: string;
  callId: string;
  itemOfCall: ReadonlyMap<string, string>;
}) {
  const itemId = itemOfCall.get(callId);
  if (!itemId)
    return (
      <span className="font-mono text-xs" title={callId}>
        {tailOf(callId)}
      </span>
    );
  return (
    <Link
      to={reviewHref(project, queueId, itemId, DEFAULT_TABLE_STATE, null)}
      aria-label={`Review call ${callId}`}
      title={callId}
      className="font-mono text-xs text-link underline underline-offset-2"
    >
      {tailOf(callId)}
    </Link>
  );
}
