import type { ReactNode } from "react";
import type { Call } from "@contract/trace";
import type { ChoosableColumn } from "@/components/table";
import { StatusBadge } from "@/components/status-badge";
import { UntrustedText } from "@/components/untrusted-text";
import { formatDuration } from "@/lib/number-format";
import { revealHiddenCharacters } from "@/lib/hidden-characters";
import { CopyCell, TimeCell, TipText } from "@/features/queues";
import { callDurationMs } from "@/lib/call-duration";
import { shortId } from "@/lib/short-id";
import { callStatus, STATUS_LABELS, STATUS_TONES } from "./call-status";
import type { CallSortField } from "./calls-url-state";
import { displayOp, type OpCatalog } from "./op-catalog";
import { inputsPreview, outputPreview, previewValue } from "./value-preview";

/** What a cell may know besides its call. */
export type CellContext = { catalog: OpCatalog };

export type CallColumn = {
  id: string;
  label: string;
  /**
   * Fixed widths: a page of 250 rows costs no content measuring and columns do not jump between
   * pages. Null: the column shares what is left (the previews), at least PREVIEW_MIN_WIDTH.
   */
  width: number | null;
  sortField?: CallSortField;
  /** First click sorts descending (times: newest first). */
  descFirst?: boolean;
  hideable: boolean;
  cellClassName?: string;
  cell: (call: Call, context: CellContext) => ReactNode;
};

const NONE = <span className="text-fg-muted">–</span>;

/** The table's columns after the selection checkbox, in display order. */
export const CALL_COLUMNS: readonly CallColumn[] = [
  {
    id: "op",
    label: "Operation",
    width: 220,
    sortField: "op_name",
    hideable: false,
    cell: (call, { catalog }) => <OpCell opName={call.op_name} catalog={catalog} />,
  },
  {
    id: "started",
    label: "Started",
    width: 124,
    sortField: "started_at",
    descFirst: true,
    hideable: true,
    cellClassName: "whitespace-nowrap",
    cell: (call) => <TimeCell value={call.started_at} />,
  },
  {
    id: "ended",
    label: "Ended",
    width: 124,
    sortField: "ended_at",
    descFirst: true,
    hideable: true,
    cellClassName: "whitespace-nowrap",
    cell: (call) => (call.ended_at ? <TimeCell value={call.ended_at} /> : NONE),
  },
  {
    id: "duration",
    label: "Duration",
    width: 92,
    hideable: true,
    cellClassName: "whitespace-nowrap tabular-nums",
    cell: (call) => {
      const ms = callDurationMs(call.started_at, call.ended_at);
      return ms === null ? NONE : formatDuration(ms);
    },
  },
  {
    id: "status",
    label: "Status",
    width: 110,
    hideable: true,
    cell: (call) => {
      const status = callStatus(call);
      return <StatusBadge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</StatusBadge>;
    },
  },
  { id: "inputs", label: "Inputs", width: null, hideable: true, cell: (call) => <PreviewCell text={inputsPreview(call.inputs)} /> },
  { id: "output", label: "Output", width: null, hideable: true, cell: (call) => <PreviewCell text={call.exception ? previewValue(call.exception) : outputPreview(call.output)} /> },
  { id: "trace", label: "Trace", width: 124, hideable: true, cell: (call) => <TraceCell id={call.trace_id} /> },
];

export const CHOOSABLE_COLUMNS: readonly ChoosableColumn[] = CALL_COLUMNS.filter((c) => c.hideable).map((c) => ({ id: c.id, label: c.label }));

/** Shown until the user picks: Ended is the least used (Duration says most of it). */
export const DEFAULT_HIDDEN_COLUMNS: Readonly<Record<string, false>> = { ended: false };

/** On a phone the table starts with what the call is, when and how it went. */
export const PHONE_HIDDEN_COLUMNS: Readonly<Record<string, false>> = { ...DEFAULT_HIDDEN_COLUMNS, duration: false, inputs: false, trace: false };

function OpCell({ opName, catalog }: { opName: string; catalog: OpCatalog }) {
  const op = displayOp(opName, catalog);
  const tip = revealHiddenCharacters(op.full);
  return (
    // Focusable so keyboard users reach the full ref that mouse users get on hover.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <span tabIndex={0} title={tip} data-tip={tip} className="flex min-w-0 items-center gap-1.5 rounded-sm font-mono text-xs">
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
export const minTableWidth = (columns: readonly CallColumn[]): number => columns.reduce((sum, c) => sum + (c.width ?? PREVIEW_MIN_WIDTH), 40);

function PreviewCell({ text }: { text: string }) {
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
