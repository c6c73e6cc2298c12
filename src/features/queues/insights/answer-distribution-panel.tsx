import { useId } from "react";
import { UntrustedText } from "@/components/untrusted-text";
import { formatCount } from "@/lib/number-format";
import type { AnswerDistribution } from "./answer-distributions";

const KIND_WORDS = { "yes-no": "Yes / no", choice: "Choice", rating: "Rating", number: "Number (ranges)", text: "Free text" } as const;

/**
 * One question's answers as horizontal bars: a real table (value, count, share) with the bar
 * drawn in the share's cell, so screen readers read the numbers and everyone sees the shape.
 */
export function AnswerDistributionPanel({ distribution }: { distribution: AnswerDistribution }) {
  const headingId = useId();
  const { spec, measure, answers, bins, unreadable } = distribution;
  const largest = Math.max(1, ...bins.map((bin) => bin.count));
  const counted = bins.reduce((sum, bin) => sum + bin.count, 0);
  return (
    <figure aria-labelledby={headingId} className="min-w-0 space-y-2 rounded-lg border border-line bg-surface p-3">
      <figcaption className="flex flex-wrap items-baseline gap-x-2">
        <h3 id={headingId} className="text-sm font-semibold text-fg">
          <UntrustedText text={spec.label} />
        </h3>
        <span className="text-xs text-fg-muted tabular-nums">
          {KIND_WORDS[measure.kind]} · {formatCount(answers)} {answers === 1 ? "answer" : "answers"}
        </span>
      </figcaption>
      {measure.kind === "text" ? (
        <p className="text-sm text-fg-muted">Free-text answers are counted, not charted.</p>
      ) : answers === 0 ? (
        <p className="text-sm text-fg-muted">No answers yet.</p>
      ) : (
        <table className="w-full text-xs" aria-labelledby={headingId}>
          <thead className="sr-only">
            <tr>
              <th scope="col">Answer</th>
              <th scope="col">Count</th>
              <th scope="col">Share</th>
              <th scope="col" aria-hidden="true" />
            </tr>
          </thead>
          <tbody>
            {bins.map((bin) => {
              const share = counted > 0 ? bin.count / counted : 0;
              return (
                <tr key={bin.label}>
                  <th scope="row" className="w-0 max-w-40 truncate py-0.5 pr-2 text-left font-normal whitespace-nowrap text-fg" title={bin.label}>
                    <UntrustedText text={bin.label} />
                  </th>
                  <td className="w-0 py-0.5 pr-2 text-right text-fg tabular-nums">{formatCount(bin.count)}</td>
                  <td className="w-10 py-0.5 pr-2 text-right text-fg-muted tabular-nums">{Math.round(share * 100)}%</td>
                  <td aria-hidden="true" className="w-1/2 py-0.5">
                    <div className="h-3 overflow-hidden rounded-sm bg-subtle">
                      <div className="h-full rounded-sm bg-indigo-600 dark:bg-indigo-400" style={{ width: `${(bin.count / largest) * 100}%` }} />
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {unreadable > 0 ? (
        <p className="text-xs text-fg-muted">
          {formatCount(unreadable)} {unreadable === 1 ? "answer does" : "answers do"} not fit the question and {unreadable === 1 ? "is" : "are"} left out.
        </p>
      ) : null}
    </figure>
  );
}
