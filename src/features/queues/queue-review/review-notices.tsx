import { Link } from "react-router-dom";
import { Button } from "@/components/button";
import { ErrorPanel } from "@/components/error-panel";
import { formatCount } from "@/lib/number-format";
import { STATE_LABELS } from "../shared/item-state";
import type { Annotator } from "../shared/annotator-identity";
import type { NextUnstartedStatus } from "./use-next-unstarted";
import type { Refusal } from "./use-review-session";
import { paths } from "@/lib/paths";

/** A change the service refused: its reason, and the way back to that item when the review has moved on. */
export function RefusalNotice({
  refusal,
  itemId,
  refusedItemHref,
  onDismiss,
}: {
  refusal: Refusal;
  itemId: string;
  refusedItemHref: string;
  onDismiss: () => void;
}) {
  return (
    <div className="space-y-2">
      <ErrorPanel
        error={refusal.error}
        title={`${refusal.label} was not marked ${STATE_LABELS[refusal.change.state].toLowerCase()}; its state is as before.`}
      />
      <div className="flex gap-2">
        {refusal.change.itemId !== itemId ? (
          <Link to={refusedItemHref} className="text-sm font-medium text-link underline underline-offset-2">
            Go back to that item
          </Link>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}

/** When the W&B API could not say who the key belongs to, the review learns it from the first saved change: say so. */
export function IdentityNotice({ annotator }: { annotator: Annotator }) {
  if (annotator.source !== "unknown" || !annotator.viewerError) return null;
  return (
    <p role="note" className="rounded-md bg-subtle px-3 py-2 text-xs text-fg-muted">
      Could not ask the W&amp;B API who you are, so items others have finished are treated as final until your first
      change is saved (then the service has told us). Check the W&amp;B API address in{" "}
      <Link to={paths.settings} className="text-link underline underline-offset-2">
        Settings
      </Link>
      .
    </p>
  );
}

export function EndOfList({
  filtered,
  done,
  total,
  onNextUnstarted,
  backHref,
}: {
  filtered: boolean;
  done: number | null;
  total: number | null;
  onNextUnstarted: () => void;
  backHref: string;
}) {
  return (
    <output className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm dark:border-emerald-500/30 dark:bg-emerald-500/10">
      <p className="text-fg">
        <span className="font-medium">End of {filtered ? "the filtered list" : "the queue"}.</span> No item comes after
        this one
        {done !== null && total !== null ? ` · ${formatCount(done)} of ${formatCount(total)} done in the queue` : ""}.
      </p>
      <div className="flex gap-2">
        <Button size="sm" onClick={onNextUnstarted}>
          Next unstarted
        </Button>
        <Link to={backHref} className="text-sm font-medium text-link underline underline-offset-2">
          Back to the table
        </Link>
      </div>
    </output>
  );
}

/** What "Next unstarted" found (nothing, or a failure), and where it wrapped to. */
export function NextUnstartedNotice({
  status,
  wrapped,
  filtered,
  onRetry,
}: {
  status: NextUnstartedStatus;
  wrapped: boolean;
  filtered: boolean;
  onRetry: () => void;
}) {
  return (
    <>
      {wrapped ? (
        <output className="block rounded-md bg-subtle px-3 py-2 text-xs text-fg-muted">
          No unstarted item came after the previous one: this is the first unstarted item from the start of the list.
        </output>
      ) : null}
      {status.phase === "none" ? (
        <output className="block rounded-md bg-subtle px-3 py-2 text-sm text-fg">
          No other unstarted item is left{filtered ? " with these filters" : " in this queue"}.
        </output>
      ) : status.phase === "failed" ? (
        <ErrorPanel error={status.error} title="Could not look for the next unstarted item" onRetry={onRetry} />
      ) : null}
    </>
  );
}
