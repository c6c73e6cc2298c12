import { describe, expect, it } from "vitest";
import type { AnswersOnCall } from "../shared/call-answers";
import { agreementAndDisagreements } from "./agreement";
import { annotatorFigures, BREAK_MS, medianGap, type AnnotatorFigures } from "./annotator-figures";
import { computeInsights } from "./compute-insights";
import { dayInTimeZone } from "./day-buckets";
import type { InsightsInput } from "./insights-input";
import { testAnswer, testItem, testSpec } from "./insights-test-support";

const spec = testSpec;
const TONE = spec("tone", { type: "integer", minimum: 1, maximum: 5 });
const POLICY = spec("policy", { type: "boolean" });
const COMMENT = spec("comment", { type: "string", maxLength: 500 });
const SPECS = [TONE, POLICY, COMMENT];

const item = testItem;
const answer = (by: string, value: unknown, at: string) => testAnswer(by, value, at);

const UTC = dayInTimeZone("UTC");
const NOW = Date.parse("2026-11-20T18:00:00Z");

function figures(input: InsightsInput, now = NOW): Record<string, AnnotatorFigures> {
  const { scales } = agreementAndDisagreements(input);
  return Object.fromEntries(annotatorFigures(input, scales, UTC, now).map((row) => [row.annotator, row]));
}

describe("the median gap between an annotator's items", () => {
  it("takes the median of the gaps between consecutive answers, leaving out breaks", () => {
    const minute = 60_000;
    expect(medianGap([0, 2 * minute, 3 * minute, 10 * minute])).toEqual({ median: 2 * minute, gaps: 3 });
    expect(medianGap([0, minute, 3 * minute, 3 * minute + BREAK_MS + 1])).toEqual({ median: 1.5 * minute, gaps: 2 });
  });

  it("has no median with fewer than two items, or only breaks between them", () => {
    expect(medianGap([])).toEqual({ median: null, gaps: 0 });
    expect(medianGap([5])).toEqual({ median: null, gaps: 0 });
    expect(medianGap([0, BREAK_MS + 1])).toEqual({ median: null, gaps: 0 });
  });
});

describe("who did what", () => {
  const answers = new Map<string, AnswersOnCall>([
    [
      "call-1",
      {
        tone: [answer("maria", 4, "2026-11-20T09:00:00Z"), answer("kenji", 4, "2026-11-20T09:01:00Z")],
        policy: [answer("maria", true, "2026-11-20T09:00:30Z"), answer("kenji", false, "2026-11-20T09:01:10Z")],
      },
    ],
    [
      "call-2",
      {
        tone: [answer("maria", 2, "2026-11-20T09:02:00Z"), answer("kenji", 2, "2026-11-19T15:00:00Z")],
        comment: [answer("maria", "short", "2026-11-20T09:02:30Z")],
      },
    ],
    ["call-3", { tone: [answer("maria", 5, "2026-11-20T09:05:30Z")] }],
  ]);
  const items = [
    item(1, "completed", "kenji"),
    item(2, "completed", "maria"),
    // Answered by maria, but its latest writer (still at work on it) is kenji.
    item(3, "in_progress", "kenji"),
    item(4, "skipped", "maria"),
    item(5, "completed", "priya"),
    item(6, "unstarted", null),
  ];
  const byAnnotator = figures({ items, specs: SPECS, answers });

  it("counts completions for each annotator who answered a completed item, dated by their last answer", () => {
    expect(byAnnotator.maria).toMatchObject({ completed: 2, completedToday: 2, completedUndated: 0 });
    // Kenji's answers on item 2 were yesterday's.
    expect(byAnnotator.kenji).toMatchObject({ completed: 2, completedToday: 1, completedUndated: 0 });
    // Priya completed item 5 without an answer: counted, but undated.
    expect(byAnnotator.priya).toMatchObject({ completed: 1, completedToday: 0, completedUndated: 1 });
  });

  it("agrees with the completions per day: the same items, the undated ones beside", () => {
    const insights = computeInsights({ items, specs: SPECS, answers }, UTC, NOW);
    const perDay = insights.completedPerDay;
    for (const [a, annotator] of perDay.annotators.entries()) {
      const dated = (perDay.counts[a] ?? []).reduce((sum, n) => sum + n, 0);
      const row = insights.annotators.find((r) => r.annotator === annotator);
      expect(row && row.completed - row.completedUndated).toBe(dated);
    }
    expect(insights.annotators.reduce((sum, row) => sum + row.completedUndated, 0)).toBe(perDay.undated);
  });

  it("puts skipped and in-progress items on their latest writer only", () => {
    expect(byAnnotator.maria).toMatchObject({ skipped: 1, inProgress: 0 });
    expect(byAnnotator.kenji).toMatchObject({ skipped: 0, inProgress: 1 });
  });

  it("times an item by the gap between an annotator's last answers on consecutive items", () => {
    // Maria's last answers: item 1 at 09:00:30, item 2 at 09:02:30, item 3 at 09:05:30: gaps of 2 and 3 minutes.
    expect(byAnnotator.maria).toMatchObject({ medianMsPerItem: 150_000, timedItems: 2 });
    // Kenji's two items are a night apart: a break, no time.
    expect(byAnnotator.kenji).toMatchObject({ medianMsPerItem: null, timedItems: 0 });
    expect(byAnnotator.priya).toMatchObject({ medianMsPerItem: null, timedItems: 0 });
  });

  it("measures agreement against the others on alpha's scale, from the pairs of answers on shared items", () => {
    // Two pairs on tone (4-4, 2-2: no distance) and one on policy (Yes-No: as far apart as the data's chance).
    expect(byAnnotator.maria).toMatchObject({ pairs: 3, sharedItems: 2 });
    expect(byAnnotator.kenji).toMatchObject({ pairs: 3, sharedItems: 2 });
    // Policy's only values are one Yes and one No: their distance equals the expected one, so the pair scores 1.
    expect(byAnnotator.maria?.alpha).toBeCloseTo(1 - 1 / 3, 12);
    expect(byAnnotator.priya).toMatchObject({ alpha: null, pairs: 0, sharedItems: 0 });
  });

  it("orders annotators by completions, then by id", () => {
    const { scales } = agreementAndDisagreements({ items, specs: SPECS, answers });
    expect(annotatorFigures({ items, specs: SPECS, answers }, scales, UTC, NOW).map((row) => row.annotator)).toEqual([
      "kenji",
      "maria",
      "priya",
    ]);
  });
});

describe("agreement of one annotator against the rest", () => {
  it("equals the question's alpha when two annotators answered every item", () => {
    const pairs: [number, number][] = [
      [1, 1],
      [2, 3],
      [5, 4],
      [3, 3],
      [4, 1],
    ];
    const answers = new Map<string, AnswersOnCall>(
      pairs.map(([a, b], n) => [
        `call-${n}`,
        { tone: [answer("a", a, "2026-11-20T09:00:00Z"), answer("b", b, "2026-11-20T09:00:00Z")] },
      ]),
    );
    const input = { items: pairs.map((_, n) => item(n, "completed", "a")), specs: [TONE], answers };
    const alpha = computeInsights(input, UTC, NOW).agreement[0]?.alpha as number;
    const rows = figures(input);
    expect(rows.a?.alpha).toBeCloseTo(alpha, 12);
    expect(rows.b?.alpha).toBeCloseTo(alpha, 12);
  });

  it("singles out the annotator who departs from two who agree", () => {
    const answers = new Map<string, AnswersOnCall>(
      [1, 2, 3, 4].map((n) => [
        `call-${n}`,
        {
          policy: [
            answer("a", n % 2 === 0, "2026-11-20T09:00:00Z"),
            answer("b", n % 2 === 0, "2026-11-20T09:00:00Z"),
            answer("c", n % 2 === 1, "2026-11-20T09:00:00Z"),
          ],
        },
      ]),
    );
    const rows = figures({ items: [1, 2, 3, 4].map((n) => item(n, "completed", "a")), specs: [POLICY], answers });
    expect(rows.c?.alpha as number).toBeLessThan(rows.a?.alpha as number);
    expect(rows.a?.alpha).toBeCloseTo(rows.b?.alpha as number, 12);
    expect(rows.c).toMatchObject({ pairs: 8, sharedItems: 4 });
  });
});
