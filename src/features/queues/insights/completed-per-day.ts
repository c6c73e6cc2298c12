import { daysBetween, type DayOf } from "./day-buckets";
import type { AnswersOnCall } from "../shared/call-answers";
import type { InsightsInput } from "./insights-input";
import { runSteps, type Steps } from "./stepwise-computation";

/** Items gone through between two yields: a few milliseconds of work each. */
const ITEMS_PER_STEP = 2500;

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
 * Who answered one call's questions and when each last did, into `who` and `when` (cleared first):
 * for the two or three annotators of an item two short lists beat a Map.
 */
export function lastAnswers(
  onCall: AnswersOnCall | undefined,
  specIds: readonly string[],
  who: string[],
  when: string[],
): void {
  who.length = 0;
  when.length = 0;
  if (!onCall) return;
  for (const specId of specIds) {
    const list = onCall[specId];
    if (!list) continue;
    for (const answer of list) {
      const at = who.indexOf(answer.by);
      if (at === -1) {
        who.push(answer.by);
        when.push(answer.at);
      } else if (answer.at > (when[at] as string)) when[at] = answer.at;
    }
  }
}

/**
 * Items completed per annotator per day. The trace service keeps one progress record per
 * annotator but shows only the latest writer, and a state change does not move the item's
 * `updated_at`: so for a completed item every annotator who answered its questions counts once,
 * on the day of their last answer on it; the latest writer without an answer counts as undated.
 */
export function* completedPerDaySteps({ items, specs, answers }: InsightsInput, dayOf: DayOf): Steps<CompletedPerDay> {
  const byAnnotator = new Map<string, Map<string, number>>();
  const totals = new Map<string, number>();
  let undated = 0;
  let first: string | null = null;
  let last: string | null = null;
  const specIds = specs.map((spec) => spec.id);
  const who: string[] = [];
  const when: string[] = [];
  for (const [index, item] of items.entries()) {
    if (index > 0 && index % ITEMS_PER_STEP === 0) yield;
    if (item.annotation_state !== "completed") continue;
    lastAnswers(answers.get(item.call_id), specIds, who, when);
    for (let k = 0; k < who.length; k++) {
      const annotator = who[k] as string;
      const ms = Date.parse(when[k] as string);
      if (!Number.isFinite(ms)) continue;
      const day = dayOf(ms);
      let days = byAnnotator.get(annotator);
      if (!days) byAnnotator.set(annotator, (days = new Map()));
      days.set(day, (days.get(day) ?? 0) + 1);
      totals.set(annotator, (totals.get(annotator) ?? 0) + 1);
      if (first === null || day < first) first = day;
      if (last === null || day > last) last = day;
    }
    if (item.annotator_user_id && !who.includes(item.annotator_user_id)) undated += 1;
  }
  const days = first !== null && last !== null ? daysBetween(first, last) : [];
  const annotators = [...totals].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([annotator]) => annotator);
  const counts = annotators.map((annotator) => {
    const perDay = byAnnotator.get(annotator) as Map<string, number>;
    return days.map((day) => perDay.get(day) ?? 0);
  });
  return { days, annotators, counts, undated };
}

export const completedPerDay = (input: InsightsInput, dayOf: DayOf): CompletedPerDay =>
  runSteps(completedPerDaySteps(input, dayOf));
