import { agreementSteps, type ItemDisagreement, type SpecAgreement } from "./agreement";
import { annotatorFiguresSteps, type AnnotatorFigures } from "./annotator-figures";
import { answerDistributions, type AnswerDistribution } from "./answer-distributions";
import { completedPerDaySteps, lastAnswers, type CompletedPerDay } from "./completed-per-day";
import type { DayOf } from "./day-buckets";
import type { InsightsInput } from "./insights-input";
import { runSteps, type Steps } from "./stepwise-computation";
import { answersNeeded } from "./team-reading";

export type QueueInsights = {
  items: number;
  completedItems: number;
  /**
   * Items that count as done: with one answer per item the completed ones; with N > 1 the ones
   * N distinct annotators have answered (any of the queue's questions), whatever their state.
   */
  doneItems: number;
  /** The N those are counted with (the queue's team settings; 1 when they are not known). */
  answersPerItem: number;
  /** Items with at least one answer to one of the queue's questions. */
  answeredItems: number;
  completedPerDay: CompletedPerDay;
  distributions: AnswerDistribution[];
  agreement: SpecAgreement[];
  /** The most disputed items, most first (at most DISAGREEMENT_LIST_SIZE). */
  disagreements: ItemDisagreement[];
  /** Items with any disagreement at all (the list shows the top of them). */
  disputedItems: number;
  /** Who did what: one row per annotator, most completions first. */
  annotators: AnnotatorFigures[];
};

const hasAnswer = (onCall: Readonly<Record<string, readonly unknown[]>> | undefined) =>
  onCall !== undefined && Object.values(onCall).some((list) => list.length > 0);

/**
 * Every figure of the Insights page, from the queue's items and the answers on its calls. The
 * generator yields between parts of the work (every 2,500 items of the completions and of the
 * annotators' figures, after the distributions, after each question's alpha), so a caller can let
 * the browser handle input there: each part takes a few milliseconds for 10,000 items and 30,000
 * answers. `now` sets which day is today.
 */
export function* insightsInSteps(input: InsightsInput, dayOf: DayOf, now = Date.now()): Steps<QueueInsights> {
  const answersPerItem = answersNeeded(input.team);
  const specIds = input.specs.map((spec) => spec.id);
  const who: string[] = [];
  const when: string[] = [];
  let completedItems = 0;
  let answeredItems = 0;
  let answeredEnough = 0;
  for (const item of input.items) {
    const onCall = input.answers.get(item.call_id);
    if (item.annotation_state === "completed") completedItems += 1;
    if (hasAnswer(onCall)) answeredItems += 1;
    if (answersPerItem > 1) {
      lastAnswers(onCall, specIds, who, when);
      if (who.length >= answersPerItem) answeredEnough += 1;
    }
  }
  yield;
  const perDay = yield* completedPerDaySteps(input, dayOf);
  yield;
  const distributions = input.distributions ? [...input.distributions] : answerDistributions(input);
  yield;
  const { scales, ...agreement } = yield* agreementSteps(input);
  yield;
  const annotators = yield* annotatorFiguresSteps(input, scales, dayOf, now);
  return {
    items: input.items.length,
    completedItems,
    doneItems: answersPerItem > 1 ? answeredEnough : completedItems,
    answersPerItem,
    answeredItems,
    completedPerDay: perDay,
    distributions,
    ...agreement,
    annotators,
  };
}

/** Every figure at once (tests, the benchmark). Pure. */
export const computeInsights = (input: InsightsInput, dayOf: DayOf, now?: number): QueueInsights =>
  runSteps(insightsInSteps(input, dayOf, now));
