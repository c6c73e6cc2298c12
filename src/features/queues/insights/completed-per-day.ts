import { daysBetween, type DayOf } from "./day-buckets";
import type { InsightsInput } from "./insights-input";

export type CompletedPerDay = {
  /** Every day from the first to the last completion, `YYYY-MM-DD` in the user's time zone. */
  days: string[];
  /** Annotators, most completions first. */
  annotators: string[];
  /** counts[a][d]: items annotator a completed on day d. */
  counts: number[][];
  /** Completions that cannot be dated: the item's latest writer gave no answer on it. */
  undated: number;
};

/**
 * Items completed per annotator per day. The trace service keeps one progress record per
 * annotator but shows only the latest writer, and a state change does not move the item's
 * `updated_at`: so for a completed item every annotator who answered its questions counts once,
 * on the day of their last answer on it; the latest writer without an answer counts as undated.
 */
export function completedPerDay({ items, answers }: InsightsInput, dayOf: DayOf): CompletedPerDay {
  const byAnnotator = new Map<string, Map<string, number>>();
  const totals = new Map<string, number>();
  let undated = 0;
  let first: string | null = null;
  let last: string | null = null;
  for (const item of items) {
    if (item.annotation_state !== "completed") continue;
    const latestAnswer = new Map<string, string>();
    const onCall = answers.get(item.call_id);
    if (onCall) {
      for (const list of Object.values(onCall)) {
        for (const answer of list) {
          const seen = latestAnswer.get(answer.by);
          if (seen === undefined || answer.at > seen) latestAnswer.set(answer.by, answer.at);
        }
      }
    }
    for (const [annotator, at] of latestAnswer) {
      const ms = Date.parse(at);
      if (!Number.isFinite(ms)) continue;
      const day = dayOf(ms);
      let days = byAnnotator.get(annotator);
      if (!days) byAnnotator.set(annotator, (days = new Map()));
      days.set(day, (days.get(day) ?? 0) + 1);
      totals.set(annotator, (totals.get(annotator) ?? 0) + 1);
      if (first === null || day < first) first = day;
      if (last === null || day > last) last = day;
    }
    if (item.annotator_user_id && !latestAnswer.has(item.annotator_user_id)) undated += 1;
  }
  const days = first !== null && last !== null ? daysBetween(first, last) : [];
  const annotators = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([annotator]) => annotator);
  const counts = annotators.map((annotator) => {
    const perDay = byAnnotator.get(annotator) as Map<string, number>;
    return days.map((day) => perDay.get(day) ?? 0);
  });
  return { days, annotators, counts, undated };
}
