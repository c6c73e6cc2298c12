import { formatCount } from "@/lib/number-format";
import type { LoadedInsights } from "./load-insights";
import { doneLabel } from "./team-reading";

/**
 * One line of how much of the queue is done: items, done, completed, with answers. With several
 * answers per item, done (N distinct annotators answered) and completed (an annotator's own mark)
 * differ, so both show.
 */
export function InsightsSummary({ loaded }: { loaded: LoadedInsights }) {
  const { insights } = loaded;
  const several = insights.answersPerItem > 1;
  return (
    <p className="text-sm text-fg-muted tabular-nums">
      <span className="font-medium text-fg">{formatCount(insights.items)}</span> items ·{" "}
      {several ? (
        <>
          <span className="font-medium text-fg">{formatCount(insights.doneItems)}</span>{" "}
          {doneLabel(insights.answersPerItem)} ·{" "}
        </>
      ) : null}
      <span className="font-medium text-fg">{formatCount(insights.completedItems)}</span> completed ·{" "}
      <span className="font-medium text-fg">{formatCount(insights.answeredItems)}</span> with answers
      {loaded.inexact
        ? " · the queue changed a lot while it was read: a few items may be missing or counted twice"
        : ""}
    </p>
  );
}
