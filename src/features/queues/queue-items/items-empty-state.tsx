import { Link } from "react-router-dom";
import { Button } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { formatCount } from "@/lib/number-format";
import { callsHref } from "../shared/links";

/** Why the table has no rows, and the way out: a query error, a page past the end, filters that match nothing, or an empty queue. */
export function ItemsEmptyState({
  project,
  failed,
  otherProblem,
  pastEndOfPage,
  filtered,
  onFirstPage,
  onClearFilters,
}: {
  /** The queue's project, whose calls the way out lists. */
  project: string;
  failed: boolean;
  /** The failure is not a filter the form marks (so fixing a filter will not help). */
  otherProblem: boolean;
  /** The page number asked for, when it lies past the list's end. */
  pastEndOfPage: number | null;
  filtered: boolean;
  onFirstPage: () => void;
  onClearFilters: () => void;
}) {
  if (failed)
    return (
      <p className="text-center text-sm text-fg-muted">
        {otherProblem ? "The items could not be loaded." : "Fix the filter marked above to see items."}
      </p>
    );
  if (pastEndOfPage !== null) {
    return (
      <EmptyState
        title={`Page ${formatCount(pastEndOfPage)} is past the end of this list`}
        description="The list has fewer rows than that (items may have been removed, or the filters changed)."
        action={<Button onClick={onFirstPage}>Go to the first page</Button>}
        className="border-none"
      />
    );
  }
  if (filtered)
    return (
      <EmptyState
        title="No items match these filters"
        description="Filters match exact values; try removing one."
        action={<Button onClick={onClearFilters}>Clear filters</Button>}
        className="border-none"
      />
    );
  return (
    <EmptyState
      title="This queue has no items yet"
      description={
        <>
          Items are recorded calls. On this dashboard&apos;s Calls page, filter the project&apos;s calls, tick some (or
          every one that matches), then press <strong className="font-medium text-fg">Add to queue…</strong>, pick this
          queue and the fields the review shows first.
        </>
      }
      action={
        <Link to={callsHref(project)} className="text-sm font-medium text-link underline underline-offset-2">
          Choose calls on the Calls page
        </Link>
      }
      className="border-none"
    />
  );
}
