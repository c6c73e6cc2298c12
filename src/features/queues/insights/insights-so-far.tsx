import { Section } from "@/components/section";
import { formatCount } from "@/lib/number-format";
import { AnswerDistributionPanel } from "./answer-distribution-panel";
import type { InsightsProgress } from "./load-insights";

/**
 * What the page shows before the whole queue is read: the queue's counts from its stats (one
 * request, so they come first), then each question's answers as the pages read so far add them.
 */
export function InsightsSoFar({
  counts,
  progress,
}: {
  counts: { total_items: number; completed_items: number } | null;
  progress: InsightsProgress | null;
}) {
  const distributions = progress?.distributions;
  return (
    <>
      {counts ? (
        <p className="text-sm text-fg-muted tabular-nums">
          <span className="font-medium text-fg">{formatCount(counts.total_items)}</span> items ·{" "}
          <span className="font-medium text-fg">{formatCount(counts.completed_items)}</span> completed
          {counts.total_items > 0 ? ` (${Math.floor((100 * counts.completed_items) / counts.total_items)} %)` : ""}
        </p>
      ) : null}
      {progress && distributions && distributions.length > 0 ? (
        <Section
          title="Answers per question"
          note={`So far: the answers on the calls of ${formatCount(progress.items)} items read`}
        >
          <div className="grid grid-cols-1 gap-3 md:grid-cols-2 2xl:grid-cols-3">
            {distributions.map((distribution) => (
              <AnswerDistributionPanel key={distribution.spec.id} distribution={distribution} />
            ))}
          </div>
        </Section>
      ) : null}
    </>
  );
}
