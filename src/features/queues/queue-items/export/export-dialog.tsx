import { useId, useState } from "react";
import { Button } from "@/components/button";
import { Dialog } from "@/components/dialog";
import { ErrorPanel } from "@/components/error-panel";
import { formatCount } from "@/lib/number-format";
import type { ExportFormat } from "./export-format";
import type { ExportStatus } from "./use-export";

const FORMATS: { value: ExportFormat; label: string; hint: string }[] = [
  {
    value: "csv",
    label: "CSV",
    hint: "One row per item, for spreadsheets: a column per question (the answer, or each annotator's as “user-demo: 4; user-maria: 5”) and the notes, one a line.",
  },
  {
    value: "jsonl",
    label: "JSON Lines",
    hint: "One item per line, as the service sends it, plus its answers (who, what, when) and its notes (author, time, text).",
  },
];

/**
 * Export: choose a format, then every row matching the table's filter and sort is fetched page by
 * page with a progress bar and Cancel. Closing the dialog cancels a running export.
 */
export function ExportDialog({
  open,
  onClose,
  status,
  onStart,
  onCancel,
  total,
  viewSummary,
}: {
  open: boolean;
  onClose: () => void;
  status: ExportStatus;
  onStart: (format: ExportFormat) => void;
  onCancel: () => void;
  /** Rows the export will hold, when known. */
  total: number | null;
  viewSummary: string;
}) {
  const [format, setFormat] = useState<ExportFormat>("csv");
  const name = useId();
  const running = status.phase === "running";
  const rows = status.phase === "idle" ? 0 : status.rows;

  return (
    <Dialog open={open} title="Export items" description={viewSummary} onClose={onClose}>
      <div className="space-y-4">
        <fieldset disabled={running} className="space-y-1.5">
          <legend className="mb-1 text-sm font-medium text-fg">Format</legend>
          {FORMATS.map((f) => (
            <div key={f.value} className="flex items-start gap-2 text-sm">
              <input
                id={`${name}-${f.value}`}
                type="radio"
                name={name}
                value={f.value}
                checked={format === f.value}
                onChange={() => setFormat(f.value)}
                aria-describedby={`${name}-${f.value}-hint`}
                className="mt-0.5 accent-(--ui-accent)"
              />
              <div>
                <label htmlFor={`${name}-${f.value}`} className="cursor-pointer font-medium text-fg">
                  {f.label}
                </label>
                <p id={`${name}-${f.value}-hint`} className="text-xs text-fg-muted">
                  {f.hint}
                </p>
              </div>
            </div>
          ))}
        </fieldset>

        {status.phase !== "idle" ? (
          <div className="space-y-1.5">
            <progress
              aria-label="Export progress"
              {...progressValue(status, total)}
              className="h-2 w-full appearance-none overflow-hidden rounded-full bg-subtle [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-subtle [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-accent"
            />
            <output className="block text-xs text-fg-muted tabular-nums">
              {status.phase === "running"
                ? `Fetched ${formatCount(rows)}${total !== null ? ` of ${formatCount(total)}` : ""} rows…`
                : status.phase === "done"
                  ? `Done: ${formatCount(status.rows)} rows saved as ${status.fileName}.`
                  : status.phase === "cancelled"
                    ? `Cancelled after ${formatCount(rows)} rows. Nothing was saved.`
                    : `Stopped after ${formatCount(rows)} rows.`}
            </output>
          </div>
        ) : total !== null ? (
          <p className="text-sm text-fg-muted">{formatCount(total)} rows will be fetched, 1,000 per request.</p>
        ) : (
          <p className="text-sm text-fg-muted">Every matching row will be fetched, 1,000 per request.</p>
        )}

        {status.phase === "done" && status.inexact ? (
          <output className="block rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-600/30 dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-400/25">
            The list changed a lot while it was exported (items changed state): some rows may be missing or repeated.
            Export again for an exact copy.
          </output>
        ) : null}
        {status.phase === "failed" ? (
          <ErrorPanel error={status.error} title="The export stopped" onRetry={() => onStart(status.format)} />
        ) : null}

        <div className="flex justify-end gap-2">
          {running ? (
            <Button onClick={onCancel}>Cancel export</Button>
          ) : (
            <>
              <Button onClick={onClose}>Close</Button>
              <Button variant="primary" onClick={() => onStart(format)}>
                {status.phase === "done" ? "Export again" : "Export"}
              </Button>
            </>
          )}
        </div>
      </div>
    </Dialog>
  );
}

/** Determinate when the total is known or the export is over; indeterminate while counting. */
function progressValue(status: ExportStatus, total: number | null): { value?: number; max?: number } {
  if (status.phase === "idle") return { value: 0, max: 1 };
  if (status.phase === "done") return { value: 1, max: 1 };
  if (total !== null && total > 0) return { value: Math.min(status.rows, total), max: total };
  return status.phase === "running" ? {} : { value: 0, max: 1 };
}
