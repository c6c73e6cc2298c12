import { describe, expect, it } from "vitest";
import type { Feedback } from "@contract/trace-feedback";
import { CLAIM_FEEDBACK_TYPE, claimPayload } from "../team/claims";
import { DEFAULT_TEAM_SETTINGS, type TeamSettings } from "../team/team-settings";
import { computeInsights } from "./compute-insights";
import { dayInTimeZone } from "./day-buckets";
import { callsFeedbackOf } from "./insights-fetchers";
import type { InsightsInput } from "./insights-input";
import { TEST_QUEUE, testItem, testSpec } from "./insights-test-support";
import { doneLabel, specsAsAnswered } from "./team-reading";

// The figures with a queue's team settings: N answers per item, each annotator's own answer, and
// claims that go stale.

const TONE = testSpec("tone", { type: "integer", minimum: 1, maximum: 5 });
/** A question answered once per call (not unique among creators): one shared answer unless the team says otherwise. */
const SHARED = testSpec("shared", { type: "integer", minimum: 1, maximum: 5 }, false);
const UTC = dayInTimeZone("UTC");
const NOW = Date.parse("2026-11-20T18:00:00Z");
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

const team = (settings: Partial<TeamSettings> = {}): TeamSettings => ({ ...DEFAULT_TEAM_SETTINGS, ...settings });

let rowId = 0;
const feedback = (
  callId: string,
  by: string,
  type: string,
  payload: Record<string, unknown>,
  at: number,
): Feedback => ({
  id: `fb-${++rowId}`,
  project_id: "e/p",
  weave_ref: `weave:///e/p/call/${callId}`,
  wb_user_id: by,
  created_at: iso(at),
  feedback_type: type,
  payload,
});
const answerRow = (n: number, by: string, value: number, spec = TONE, at = NOW - 60 * MINUTE) =>
  feedback(`call-${n}`, by, `wandb.annotation.${spec.id}`, { value }, at);
const claimRow = (n: number, by: string, at: number, queueId = TEST_QUEUE) =>
  feedback(`call-${n}`, by, CLAIM_FEEDBACK_TYPE, claimPayload(queueId, `item-${n}`), at);

/** The input as the loader builds it: the rows split into answers and claim records, the questions as answered. */
function input(
  items: InsightsInput["items"],
  rows: Feedback[],
  settings: TeamSettings | undefined,
  specs = [TONE],
): InsightsInput {
  const asAnswered = specsAsAnswered(specs, settings);
  const { answers, claimRecords } = callsFeedbackOf(asAnswered, rows);
  return { items, specs: asAnswered, answers, team: settings, claimRecords };
}

const insights = (data: InsightsInput) => computeInsights(data, UTC, NOW);
const figuresOf = (data: InsightsInput) =>
  Object.fromEntries(insights(data).annotators.map((row) => [row.annotator, row]));

describe("done with N answers per item", () => {
  const items = [
    testItem(1, "completed", "kenji"),
    testItem(2, "completed", "maria"),
    testItem(3, "in_progress", "ann"),
  ];
  const rows = [
    answerRow(1, "maria", 4),
    answerRow(1, "kenji", 3),
    answerRow(2, "maria", 2),
    answerRow(3, "maria", 5),
    answerRow(3, "ann", 5),
  ];

  it("counts an item as done only once N distinct annotators have answered it, whatever its state", () => {
    const result = insights(input(items, rows, team({ answersPerItem: 2 })));
    // Items 1 and 3 have two annotators' answers; item 2, completed, has one.
    expect(result).toMatchObject({ doneItems: 2, answersPerItem: 2, completedItems: 2, answeredItems: 3 });
    expect(insights(input(items, rows, team({ answersPerItem: 3 })))).toMatchObject({ doneItems: 0 });
  });

  it("counts the completed items as done with one answer per item, or when the settings are not known", () => {
    expect(insights(input(items, rows, team()))).toMatchObject({ doneItems: 2, answersPerItem: 1 });
    expect(insights(input(items, rows, undefined))).toMatchObject({ doneItems: 2, answersPerItem: 1 });
  });

  it("says how many answers make an item done in the label", () => {
    expect(doneLabel(1)).toBe("done");
    expect(doneLabel(2)).toBe("done (2 answers each)");
  });

  it("leaves the per-annotator figures as they are", () => {
    const one = figuresOf(input(items, rows, team()));
    const two = figuresOf(input(items, rows, team({ answersPerItem: 2 })));
    expect(two).toEqual(one);
  });
});

describe("each annotator's own answer when answers are per annotator", () => {
  const items = [testItem(1, "completed", "kenji"), testItem(2, "completed", "kenji")];
  // Both answered the shared question on both items; Kenji last.
  const rows = [
    answerRow(1, "maria", 4, SHARED, NOW - 50 * MINUTE),
    answerRow(1, "kenji", 4, SHARED, NOW - 40 * MINUTE),
    answerRow(2, "maria", 1, SHARED, NOW - 30 * MINUTE),
    answerRow(2, "kenji", 5, SHARED, NOW - 20 * MINUTE),
  ];

  it("reads one shared answer per call by default: no pair to compare", () => {
    const data = input(items, rows, team(), [SHARED]);
    expect(data.answers.get("call-1")?.shared?.map((answer) => answer.by)).toEqual(["kenji"]);
    expect(figuresOf(data).kenji).toMatchObject({ alpha: null, pairs: 0 });
    expect(figuresOf(data).maria).toBeUndefined();
  });

  it.each([
    ["two answers per item", { answersPerItem: 2 }],
    ["blind review", { blindReview: true }],
  ])("with %s, reads both annotators' answers and measures their agreement", (_, settings) => {
    const data = input(items, rows, team(settings), [SHARED]);
    expect(data.answers.get("call-1")?.shared?.map((answer) => answer.by)).toEqual(["maria", "kenji"]);
    const { maria, kenji } = figuresOf(data);
    expect(maria).toMatchObject({ pairs: 2, sharedItems: 2 });
    expect(kenji).toMatchObject({ pairs: 2, sharedItems: 2 });
    // They agree on one item and are far apart on the other: well below full agreement, the same for both.
    expect(kenji?.alpha).toBeLessThan(1);
    expect(maria?.alpha).toBe(kenji?.alpha);
  });

  it("leaves the queue's own question objects alone", () => {
    const specs = [SHARED];
    specsAsAnswered(specs, team({ answersPerItem: 2 }));
    expect(SHARED.uniqueAmongCreators).toBe(false);
    expect(specsAsAnswered(specs, team())).toBe(specs);
  });
});

describe("in progress now and stale claims", () => {
  const items = [
    testItem(1, "in_progress", "maria"),
    testItem(2, "in_progress", "maria"),
    testItem(3, "in_progress", "maria"),
    testItem(4, "in_progress", "kenji"),
    testItem(5, "in_progress", "kenji"),
  ];
  const rows = [
    // Maria: a fresh claim on item 1, one older than the timeout on item 2, none on item 3.
    claimRow(1, "maria", NOW - 5 * MINUTE),
    claimRow(2, "maria", NOW - 31 * MINUTE),
    // Kenji: item 4's only claim record is Maria's (he took it over without one of his own);
    // item 5's fresh record is for another queue holding the same call.
    claimRow(4, "maria", NOW - MINUTE),
    claimRow(5, "kenji", NOW - MINUTE, "other-queue"),
  ];

  it("counts an item in progress only under a claim younger than the timeout, the rest as stale claims", () => {
    const { maria, kenji } = figuresOf(input(items, rows, team({ claimTimeoutMinutes: 30 })));
    expect(maria).toMatchObject({ inProgress: 1, staleClaims: 2 });
    expect(kenji).toMatchObject({ inProgress: 0, staleClaims: 2 });
  });

  it("follows the queue's timeout", () => {
    const { maria } = figuresOf(input(items, rows, team({ claimTimeoutMinutes: 60 })));
    expect(maria).toMatchObject({ inProgress: 2, staleClaims: 1 });
  });

  it("counts every item left in progress when the settings or the claim records are not known", () => {
    expect(figuresOf(input(items, rows, undefined)).maria).toMatchObject({ inProgress: 3, staleClaims: 0 });
    const withoutRecords = { ...input(items, rows, team()), claimRecords: undefined };
    expect(figuresOf(withoutRecords).maria).toMatchObject({ inProgress: 3, staleClaims: 0 });
  });

  it("never takes a claim record for an answer or for activity", () => {
    const data = input(items, rows, team());
    const result = insights(data);
    expect(result.answeredItems).toBe(0);
    expect(result.completedPerDay.annotators).toEqual([]);
    // No answer: no time per item from the claims' times.
    expect(figuresOf(data).maria).toMatchObject({ medianMsPerItem: null, timedItems: 0, completed: 0 });
    expect([...data.answers.values()].flatMap((onCall) => Object.values(onCall).flat())).toEqual([]);
  });
});
