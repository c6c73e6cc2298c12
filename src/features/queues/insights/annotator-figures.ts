import { claimOn } from "../team/claims";
import type { QuestionScale } from "./agreement";
import { lastAnswers } from "./completed-per-day";
import type { DayOf } from "./day-buckets";
import type { InsightsInput } from "./insights-input";
import { alphaValueOf, measureOf, type SpecMeasure } from "./spec-levels";
import { runSteps, type Steps } from "./stepwise-computation";

/** Items gone through between two yields: a few milliseconds of work each. */
const ITEMS_PER_STEP = 2500;

/** A longer gap between an annotator's answers on two items is a break, not time spent on the second. */
export const BREAK_MS = 30 * 60_000;

/** Who did what on a queue, per annotator: what the service's items and answers tell (README, "Who did what"). */
export type AnnotatorFigures = {
  annotator: string;
  /** Completed items they answered, and completed items whose latest writer they are. */
  completed: number;
  /** Of those, the ones whose last answer of theirs fell today (the user's time zone). */
  completedToday: number;
  /** Completed items counted for them without an answer of theirs: undated, so never counted as today's. */
  completedUndated: number;
  /** Items whose latest progress write is theirs and skipped. */
  skipped: number;
  /**
   * Items whose latest progress write is theirs and in progress: with the queue's claim timeout
   * known, only those whose claim is younger than it (team/claims.ts).
   */
  inProgress: number;
  /** Items whose latest progress write is theirs and in progress under a stale claim (older than the timeout, or undated). */
  staleClaims: number;
  /** Median time between their last answers on two items answered one after the other (breaks left out). */
  medianMsPerItem: number | null;
  /** The gaps that median rests on. */
  timedItems: number;
  /**
   * Agreement with the others, on alpha's scale: 1 − the mean over pairs (their answer, another
   * annotator's answer to the same question on the same item) of the pair's distance divided by the
   * question's expected distance (alpha's De). Null without such a pair.
   */
  alpha: number | null;
  /** The pairs alpha rests on. */
  pairs: number;
  /** The items those pairs are on. */
  sharedItems: number;
};

type Tally = {
  completed: number;
  completedToday: number;
  completedUndated: number;
  skipped: number;
  inProgress: number;
  staleClaims: number;
  /** Their last answer on each item they answered (epoch ms). */
  answeredAt: number[];
  distance: number;
  pairs: number;
  sharedItems: number;
};

const emptyTally = (): Tally => ({
  completed: 0,
  completedToday: 0,
  completedUndated: 0,
  skipped: 0,
  inProgress: 0,
  staleClaims: 0,
  answeredAt: [],
  distance: 0,
  pairs: 0,
  sharedItems: 0,
});

/** The median of the gaps between consecutive times that are at most BREAK_MS apart, and how many there are. */
export function medianGap(times: readonly number[]): { median: number | null; gaps: number } {
  const sorted = times.toSorted((a, b) => a - b);
  const gaps: number[] = [];
  for (let k = 1; k < sorted.length; k++) {
    const gap = (sorted[k] as number) - (sorted[k - 1] as number);
    if (gap > 0 && gap <= BREAK_MS) gaps.push(gap);
  }
  if (gaps.length === 0) return { median: null, gaps: 0 };
  gaps.sort((a, b) => a - b);
  const middle = Math.floor(gaps.length / 2);
  const median =
    gaps.length % 2 === 1 ? (gaps[middle] as number) : ((gaps[middle - 1] as number) + (gaps[middle] as number)) / 2;
  return { median, gaps: gaps.length };
}

const NO_ROWS: readonly never[] = [];

/**
 * Per annotator, from the items (each shows only its latest writer's state: the service keeps one
 * progress record per annotator but never shows the others), the standing answers with their
 * authors and times, and the claim records with the queue's claim timeout when both are known.
 * `scales` are the measured questions whose answers vary (agreement.ts); `now` sets which day is
 * today and which claims are stale. Annotators with most completions first.
 */
export function* annotatorFiguresSteps(
  { items, specs, answers, team, claimRecords }: InsightsInput,
  scales: readonly QuestionScale[],
  dayOf: DayOf,
  now: number,
): Steps<AnnotatorFigures[]> {
  const today = dayOf(now);
  const tallies = new Map<string, Tally>();
  const tallyOf = (annotator: string) => {
    let tally = tallies.get(annotator);
    if (!tally) tallies.set(annotator, (tally = emptyTally()));
    return tally;
  };
  const measures: SpecMeasure[] = scales.map((scale) => measureOf(scale.spec.fieldSchema));
  const specIds = specs.map((spec) => spec.id);
  const who: string[] = [];
  const when: string[] = [];
  const shared = new Set<string>();
  for (const [index, item] of items.entries()) {
    if (index > 0 && index % ITEMS_PER_STEP === 0) yield;
    const onCall = answers.get(item.call_id);
    lastAnswers(onCall, specIds, who, when);
    const completed = item.annotation_state === "completed";
    for (let k = 0; k < who.length; k++) {
      const tally = tallyOf(who[k] as string);
      const ms = Date.parse(when[k] as string);
      const dated = Number.isFinite(ms);
      if (dated) tally.answeredAt.push(ms);
      if (!completed) continue;
      tally.completed += 1;
      if (dated && dayOf(ms) === today) tally.completedToday += 1;
      else if (!dated) tally.completedUndated += 1;
    }
    const writer = item.annotator_user_id;
    if (writer) {
      if (completed && !who.includes(writer)) {
        const tally = tallyOf(writer);
        tally.completed += 1;
        tally.completedUndated += 1;
      } else if (item.annotation_state === "skipped") tallyOf(writer).skipped += 1;
      else if (item.annotation_state === "in_progress") {
        const claim = team && claimRecords ? claimOn(item, claimRecords.get(item.call_id) ?? NO_ROWS, team, now) : null;
        if (claim?.stale) tallyOf(writer).staleClaims += 1;
        else tallyOf(writer).inProgress += 1;
      }
    }
    if (!onCall) continue;
    shared.clear();
    scales.forEach(({ spec, metric, expected }, s) => {
      const list = onCall[spec.id];
      if (!list || list.length < 2) return;
      const indices = list.map((answer) => {
        const value = alphaValueOf(measures[s] as SpecMeasure, answer.value);
        return value === null ? undefined : metric.indexOf.get(value);
      });
      for (let a = 0; a < list.length; a++) {
        const mine = indices[a];
        if (mine === undefined) continue;
        const by = (list[a] as { by: string }).by;
        for (let b = 0; b < list.length; b++) {
          const theirs = indices[b];
          if (b === a || theirs === undefined || (list[b] as { by: string }).by === by) continue;
          const tally = tallyOf(by);
          tally.distance += metric.distance(mine, theirs) / expected;
          tally.pairs += 1;
          shared.add(by);
        }
      }
    });
    for (const by of shared) tallyOf(by).sharedItems += 1;
  }
  yield;
  const rows = [...tallies].map(([annotator, tally]): AnnotatorFigures => {
    const { median, gaps } = medianGap(tally.answeredAt);
    return {
      annotator,
      completed: tally.completed,
      completedToday: tally.completedToday,
      completedUndated: tally.completedUndated,
      skipped: tally.skipped,
      inProgress: tally.inProgress,
      staleClaims: tally.staleClaims,
      medianMsPerItem: median,
      timedItems: gaps,
      alpha: tally.pairs > 0 ? 1 - tally.distance / tally.pairs : null,
      pairs: tally.pairs,
      sharedItems: tally.sharedItems,
    };
  });
  return rows.sort(
    (a, b) => b.completed - a.completed || (a.annotator < b.annotator ? -1 : a.annotator > b.annotator ? 1 : 0),
  );
}

export const annotatorFigures = (
  input: InsightsInput,
  scales: readonly QuestionScale[],
  dayOf: DayOf,
  now: number,
): AnnotatorFigures[] => runSteps(annotatorFiguresSteps(input, scales, dayOf, now));
