import { createContext, useContext } from "react";
import type { Call } from "@contract/trace";
import {
  choosableColumns,
  CopyCell,
  createColumnVisibility,
  createDataColumnHelper,
  TimeCell,
  TipText,
  type ChoosableColumn,
} from "@/components/table";
import { StatusBadge } from "@/components/status-badge";
import { UntrustedText } from "@/components/untrusted-text";
import { formatDuration } from "@/lib/number-format";
import { revealHiddenCharacters } from "@/lib/hidden-characters";
import { callDurationMs } from "@/lib/call-duration";
import { shortId } from "@/lib/short-id";
import { callStatus, STATUS_LABELS, STATUS_TONES } from "./call-status";
import type { CallSortField } from "./calls-url-state";
import { displayOp, type OpCatalog } from "./op-catalog";
import { inputsPreview, outputPreview, previewValue } from "./value-preview";

/**
 * What a cell may know besides its call: the op catalog, and whether the page's inputs and outputs
 * (read apart from the rows, use-calls-page.ts) are still on their way.
 */
export type CellContext = { catalog: OpCatalog; previewsPending: boolean };

// The Operation and preview cells read these from here: they arrive after the calls, and only those cells draw again.
const CellContextValue = createContext<CellContext>({ catalog: new Map(), previewsPending: false });
export const CellContextProvider = CellContextValue.Provider;

const NONE = <span className="text-fg-muted">–</span>;

const helper = createDataColumnHelper<Call>();

/**
 * The table's columns after the selection checkbox, in display order. Fixed widths: a page of 250
 * rows costs no content measuring and columns do not jump between pages. A null width: the column
 * shares what is left (the previews), at least PREVIEW_MIN_WIDTH. Times sort newest first.
 */
export const CALL_COLUMNS = helper.columns([
  helper.accessor("op_name", {
    id: "op",
    enableHiding: false,
    meta: { label: "Operation", width: 220, sortField: "op_name" satisfies CallSortField },
    cell: (info) => <OpCell opName={info.getValue()} />,
  }),
  helper.accessor("started_at", {
    id: "started",
    sortDescFirst: true,
    meta: {
      label: "Started",
      width: 124,
      sortField: "started_at" satisfies CallSortField,
      cellClassName: "whitespace-nowrap",
    },
    cell: (info) => <TimeCell value={info.getValue()} />,
  }),
  helper.accessor("ended_at", {
    id: "ended",
    sortDescFirst: true,
    meta: {
      label: "Ended",
      width: 124,
      sortField: "ended_at" satisfies CallSortField,
      cellClassName: "whitespace-nowrap",
    },
    cell: (info) => {
      const ended = info.getValue();
      return ended ? <TimeCell value={ended} /> : NONE;
    },
  }),
  helper.display({
    id: "duration",
    enableSorting: false,
    meta: { label: "Duration", width: 92, cellClassName: "whitespace-nowrap tabular-nums" },
    cell: ({ row: { original: call } }) => {
      const ms = callDurationMs(call.started_at, call.ended_at);
      return ms === null ? NONE : formatDuration(ms);
    },
  }),
  helper.display({
    id: "status",
    enableSorting: false,
    meta: { label: "Status", width: 110 },
    cell: ({ row: { original: call } }) => {
      const status = callStatus(call);
      return <StatusBadge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</StatusBadge>;
    },
  }),
  helper.display({
    id: "inputs",
    enableSorting: false,
    meta: { label: "Inputs", width: null },
    cell: ({ row: { original: call } }) => <PreviewCell text={() => inputsPreview(call.inputs)} />,
  }),
  helper.display({
    id: "output",
    enableSorting: false,
    meta: { label: "Output", width: null },
    cell: ({ row: { original: call } }) => (
      <PreviewCell text={() => (call.exception ? previewValue(call.exception) : outputPreview(call.output))} />
    ),
  }),
  helper.display({
    id: "trace",
    enableSorting: false,
    meta: { label: "Trace", width: 124 },
    cell: ({ row: { original: call } }) => <TraceCell id={call.trace_id} />,
  }),
]);

export const CHOOSABLE_COLUMNS: readonly ChoosableColumn[] = choosableColumns(CALL_COLUMNS);

/** Shown until the user picks: Ended is the least used (Duration says most of it). */
export const DEFAULT_HIDDEN_COLUMNS: Readonly<Record<string, false>> = { ended: false };

/** On a phone the table starts with what the call is, when and how it went. */
export const PHONE_HIDDEN_COLUMNS: Readonly<Record<string, false>> = {
  ...DEFAULT_HIDDEN_COLUMNS,
  duration: false,
  inputs: false,
  trace: false,
};

export const CALLS_COLUMNS_STORAGE_KEY = "wbops.calls.columns";

/** Which columns of the calls table show: a preference of this device, not part of a link. */
export const useCallsColumns = createColumnVisibility(CALLS_COLUMNS_STORAGE_KEY, {
  hidden: DEFAULT_HIDDEN_COLUMNS,
  phoneHidden: PHONE_HIDDEN_COLUMNS,
});

function OpCell({ opName }: { opName: string }) {
  const op = displayOp(opName, useContext(CellContextValue).catalog);
  const tip = revealHiddenCharacters(op.full);
  return (
    // Focusable so keyboard users reach the full ref that mouse users get on hover.
    <span
      // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      title={tip}
      data-tip={tip}
      className="flex min-w-0 items-center gap-1.5 rounded-sm font-mono text-xs"
    >
      <span className="truncate">
        <UntrustedText text={op.name} />
      </span>
      {op.version ? (
        <span className="shrink-0 rounded-sm bg-subtle px-1 text-[11px] text-fg-muted ring-1 ring-line ring-inset">
          <UntrustedText text={op.version} />
        </span>
      ) : null}
    </span>
  );
}

export const PREVIEW_MIN_WIDTH = 200;

/** The narrowest the table gets before its frame scrolls sideways (so previews never shrink to nothing). */
export const minTableWidth = (widths: readonly (number | null)[]): number =>
  widths.reduce<number>((sum, width) => sum + (width ?? PREVIEW_MIN_WIDTH), 40);

/** `text` is made only once the page's inputs and outputs are in: until then a placeholder bar. */
function PreviewCell({ text: preview }: { text: () => string }) {
  if (useContext(CellContextValue).previewsPending)
    return (
      <span className="block h-3 w-2/3 animate-pulse rounded bg-subtle motion-reduce:animate-none">
        <span className="sr-only">Loading…</span>
      </span>
    );
  const text = preview();
  if (!text) return NONE;
  return <TipText text={text} full={text} className="text-xs text-fg-muted" />;
}

function TraceCell({ id }: { id: string }) {
  return (
    <span className="inline-flex items-center gap-0.5 whitespace-nowrap">
      <span className="font-mono text-xs" title={revealHiddenCharacters(id)}>
        <UntrustedText text={shortId(id)} />
      </span>
      <CopyCell text={id} label={`Copy trace ID ${id}`} />
    </span>
  );
}
