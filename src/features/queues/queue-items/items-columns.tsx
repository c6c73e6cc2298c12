import type { AnnotationQueueItem } from "@contract/trace";
import { CopyCell, createColumnVisibility, createDataColumnHelper, TimeCell } from "@/components/table";
import { StatusBadge } from "@/components/status-badge";
import { UntrustedText } from "@/components/untrusted-text";
import { revealHiddenCharacters } from "@/lib/hidden-characters";
import { callDurationMs } from "@/lib/call-duration";
import { shortId } from "@/lib/short-id";
import { formatCount, formatDuration } from "@/lib/number-format";
import { OpCell } from "./op-cell";
import { StateCell } from "./page-claims";

/** What a row needs besides its item: where its review page is. */
export type ItemRow = AnnotationQueueItem & { reviewHref: string };

const helper = createDataColumnHelper<ItemRow>();

/** What an empty cell shows. */
export const NONE = <span className="text-fg-muted">–</span>;

/**
 * The items table's columns, in display order. Ids of sortable columns are the service's sort
 * fields, so the table's sorting state maps one to one onto `sort_by`.
 */
export const ITEM_COLUMNS = helper.columns([
  helper.accessor("position_in_queue", {
    id: "position",
    header: "Position",
    enableSorting: false,
    enableHiding: false,
    meta: { label: "Position", width: 96, cellClassName: "tabular-nums" },
    cell: (info) => {
      const position = info.getValue();
      const label = position == null ? "Open" : formatCount(position);
      // A plain link: the row's click handler turns a plain click into an in-app navigation
      // (a router <Link> per row would subscribe 250 rows to every change of the URL).
      return (
        <a
          href={info.row.original.reviewHref}
          data-open-row=""
          aria-label={position == null ? "Open item" : `Open item ${label}`}
          className="font-medium text-link hover:underline"
        >
          {label}
        </a>
      );
    },
  }),
  helper.accessor("call_op_name", {
    header: "Operation",
    meta: { label: "Operation", width: 200, sortField: "call_op_name", cellClassName: "truncate" },
    cell: (info) => <OpCell opRef={info.getValue()} />,
  }),
  helper.accessor("call_id", {
    header: "Call",
    enableSorting: false,
    meta: { label: "Call", width: 116 },
    cell: (info) => <IdCell id={info.getValue()} kind="call ID" fromEnd />,
  }),
  helper.accessor("call_trace_id", {
    header: "Trace",
    enableSorting: false,
    meta: { label: "Trace", width: 116 },
    cell: (info) => <IdCell id={info.getValue()} kind="trace ID" />,
  }),
  helper.accessor("annotation_state", {
    header: "State",
    enableSorting: false,
    // Wide enough for "In progress" and, on one line below it, "since Oct 29 · stale".
    meta: { label: "State", width: 144 },
    cell: (info) => <StateCell item={info.row.original} />,
  }),
  helper.accessor("annotator_user_id", {
    header: "Annotator",
    enableSorting: false,
    meta: { label: "Annotator", width: 104 },
    // The service sends null or "" when nobody has annotated the item yet.
    cell: (info) => <UserCell id={info.getValue()} />,
  }),
  helper.accessor("added_by", {
    header: "Added by",
    enableSorting: false,
    meta: { label: "Added by", width: 104 },
    cell: (info) => <UserCell id={info.getValue()} />,
  }),
  helper.accessor("call_started_at", {
    header: "Call started",
    sortDescFirst: true,
    meta: { label: "Call started", width: 124, sortField: "call_started_at", cellClassName: "whitespace-nowrap" },
    cell: (info) => <TimeCell value={info.getValue()} />,
  }),
  helper.accessor((item) => callDurationMs(item.call_started_at, item.call_ended_at), {
    id: "duration",
    header: "Duration",
    enableSorting: false,
    meta: { label: "Duration", width: 92, cellClassName: "whitespace-nowrap tabular-nums" },
    cell: (info) => {
      const ms = info.getValue();
      return ms === null ? (
        <StatusBadge tone="info" icon={null}>
          running
        </StatusBadge>
      ) : (
        formatDuration(ms)
      );
    },
  }),
  helper.accessor("created_at", {
    header: "Created",
    sortDescFirst: true,
    meta: { label: "Created", width: 120, sortField: "created_at", cellClassName: "whitespace-nowrap" },
    cell: (info) => <TimeCell value={info.getValue()} />,
  }),
  helper.accessor("updated_at", {
    header: "Updated",
    sortDescFirst: true,
    meta: { label: "Updated", width: 120, sortField: "updated_at", cellClassName: "whitespace-nowrap" },
    cell: (info) => <TimeCell value={info.getValue()} />,
  }),
]);

/** Shown until the user picks columns: the trace id and Updated are the least used (both stay one click away). */
export const DEFAULT_HIDDEN_COLUMNS: Readonly<Record<string, false>> = { call_trace_id: false, updated_at: false };

/** On a phone the table starts smaller: where the item is, what it is, its state and who has it. */
export const PHONE_HIDDEN_COLUMNS: Readonly<Record<string, false>> = {
  ...DEFAULT_HIDDEN_COLUMNS,
  call_id: false,
  added_by: false,
  call_started_at: false,
  duration: false,
  created_at: false,
};

export const COLUMN_VISIBILITY_STORAGE_KEY = "wbops.queueItems.columns";

/** Which of the items table's columns show: a preference of this device, the same in every tab. */
export const useColumnVisibility = createColumnVisibility(COLUMN_VISIBILITY_STORAGE_KEY, {
  hidden: DEFAULT_HIDDEN_COLUMNS,
  phoneHidden: PHONE_HIDDEN_COLUMNS,
});

/** A user id, cut to the column with the whole id on hover; a dash when there is none. */
function UserCell({ id }: { id: string | null | undefined }) {
  if (!id) return NONE;
  return (
    <span className="block truncate" title={revealHiddenCharacters(id)}>
      <UntrustedText text={id} />
    </span>
  );
}

function IdCell({ id, kind, fromEnd = false }: { id: string; kind: string; fromEnd?: boolean }) {
  // Call ids are UUIDv7: their first characters are a timestamp shared by neighbours, so the end tells them apart.
  const short = fromEnd ? (id.length > 9 ? `…${id.slice(-8)}` : id) : shortId(id);
  return (
    <span className="inline-flex items-center gap-0.5 whitespace-nowrap">
      <span className="font-mono text-xs" title={revealHiddenCharacters(id)}>
        <UntrustedText text={short} />
      </span>
      <CopyCell text={id} label={`Copy ${kind} ${id}`} />
    </span>
  );
}
