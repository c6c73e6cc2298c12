import { describe, expect, it } from "vitest";
import { krippendorffAlpha } from "@/lib/krippendorff-alpha";
import type { AnswersOnCall } from "../shared/call-answers";
import { computeInsights } from "./compute-insights";
import { dayInTimeZone, daysBetween } from "./day-buckets";
import { testAnswer, testItem, testSpec } from "./insights-test-support";

const spec = testSpec;
const TONE = spec("tone", { type: "integer", minimum: 1, maximum: 5 });
const POLICY = spec("policy", { type: "boolean" });
const RESOLUTION = spec("resolution", { type: "string", enum: ["Resolved", "Partly resolved", "Not resolved"] }, false);
const SCORE = spec("score", { type: "number" });
const COMMENT = spec("comment", { type: "string", maxLength: 500 });
const SPECS = [TONE, POLICY, RESOLUTION, SCORE, COMMENT];

const item = testItem;
const answer = testAnswer;

const UTC = dayInTimeZone("UTC");

describe("days in the user's time zone", () => {
  it("puts an instant on the calendar day of the given zone", () => {
    const lateEvening = Date.parse("2026-11-20T23:30:00Z");
    expect(dayInTimeZone("UTC")(lateEvening)).toBe("2026-11-20");
    expect(dayInTimeZone("Europe/Berlin")(lateEvening)).toBe("2026-11-21");
    expect(dayInTimeZone("America/New_York")(Date.parse("2026-11-21T03:00:00Z"))).toBe("2026-11-20");
    // India is +05:30: a half-hour offset still lands on the right day at the edge.
    expect(dayInTimeZone("Asia/Kolkata")(Date.parse("2026-11-20T18:29:00Z"))).toBe("2026-11-20");
    expect(dayInTimeZone("Asia/Kolkata")(Date.parse("2026-11-20T18:30:00Z"))).toBe("2026-11-21");
  });

  it("lists every day between two days, across a month's end", () => {
    expect(daysBetween("2026-11-29", "2026-12-02")).toEqual(["2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02"]);
  });
});

describe("completed per annotator per day", () => {
  it("counts each annotator who answered a completed item on the day of their last answer, and fills empty days", () => {
    const answers = new Map<string, AnswersOnCall>([
      [
        "call-1",
        {
          tone: [answer("maria", 4, "2026-11-18T09:00:00Z"), answer("kenji", 4, "2026-11-20T09:00:00Z")],
          policy: [answer("maria", true, "2026-11-18T09:05:00Z")],
        },
      ],
      ["call-2", { tone: [answer("maria", 2, "2026-11-20T22:00:00Z")] }],
      // Not completed: its answers do not count as a completion.
      ["call-3", { tone: [answer("kenji", 5, "2026-11-19T09:00:00Z")] }],
    ]);
    const items = [
      item(1, "completed", "kenji"),
      item(2, "completed", "maria"),
      item(3, "in_progress", "kenji"),
      item(4, "completed", "priya"),
    ];
    const { completedPerDay } = computeInsights({ items, specs: SPECS, answers }, UTC);
    expect(completedPerDay.days).toEqual(["2026-11-18", "2026-11-19", "2026-11-20"]);
    expect(completedPerDay.annotators).toEqual(["maria", "kenji"]);
    expect(completedPerDay.counts).toEqual([
      [1, 0, 1],
      [0, 0, 1],
    ]);
    // item 4: completed by priya, who answered nothing.
    expect(completedPerDay.undated).toBe(1);
  });

  it("moves a completion to the next day east of UTC", () => {
    const answers = new Map<string, AnswersOnCall>([
      ["call-1", { tone: [answer("maria", 4, "2026-11-20T23:30:00Z")] }],
    ]);
    const { completedPerDay } = computeInsights(
      { items: [item(1)], specs: SPECS, answers },
      dayInTimeZone("Europe/Berlin"),
    );
    expect(completedPerDay.days).toEqual(["2026-11-21"]);
  });
});

describe("answer distributions", () => {
  it("counts ratings per value, yes/no, choices in the spec's order (unknown values after), numbers in ranges, and text as a count", () => {
    const answers = new Map<string, AnswersOnCall>([
      [
        "call-1",
        {
          tone: [answer("a", 5), answer("b", 4)],
          policy: [answer("a", true)],
          resolution: [answer("a", "Resolved")],
          score: [answer("a", 0.5)],
          comment: [answer("a", "fine")],
        },
      ],
      [
        "call-2",
        {
          tone: [answer("a", 5), answer("b", 9)],
          policy: [answer("a", false)],
          resolution: [answer("a", "Escalated")],
          score: [answer("a", 10.25)],
        },
      ],
      ["call-3", { policy: [answer("a", true), answer("b", "yes")], score: [answer("a", 3)] }],
    ]);
    const byId = Object.fromEntries(
      computeInsights({ items: [item(1), item(2), item(3)], specs: SPECS, answers }, UTC).distributions.map((d) => [
        d.spec.id,
        d,
      ]),
    );
    expect(byId.tone).toMatchObject({
      answers: 4,
      unreadable: 1,
      bins: [
        { label: "1", count: 0 },
        { label: "2", count: 0 },
        { label: "3", count: 0 },
        { label: "4", count: 1 },
        { label: "5", count: 2 },
      ],
    });
    expect(byId.policy).toMatchObject({
      answers: 4,
      unreadable: 1,
      bins: [
        { label: "Yes", count: 2 },
        { label: "No", count: 1 },
      ],
    });
    expect(byId.resolution!.bins).toEqual([
      { label: "Resolved", count: 1 },
      { label: "Partly resolved", count: 0 },
      { label: "Not resolved", count: 0 },
      { label: "Escalated", count: 1 },
    ]);
    // Three numbers from 0.5 to 10.25: Sturges' 3 bins of 3.25.
    expect(byId.score!.bins).toEqual([
      { label: "0.5 – 3.75", count: 2 },
      { label: "3.75 – 7", count: 0 },
      { label: "7 – 10.3", count: 1 },
    ]);
    expect(byId.comment).toMatchObject({ answers: 1, bins: [] });
  });
});

describe("agreement and the most disputed items", () => {
  const answers = new Map<string, AnswersOnCall>([
    [
      "call-1",
      {
        tone: [answer("a", 5), answer("b", 5)],
        policy: [answer("a", true), answer("b", true)],
        resolution: [answer("a", "Resolved")],
      },
    ],
    ["call-2", { tone: [answer("a", 1), answer("b", 5)], policy: [answer("a", true), answer("b", false)] }],
    [
      "call-3",
      { tone: [answer("a", 3), answer("b", 2), answer("c", 3)], policy: [answer("a", false), answer("b", false)] },
    ],
    ["call-4", { tone: [answer("a", 4)], comment: [answer("a", "x"), answer("b", "y")] }],
  ]);
  const insights = computeInsights({ items: [item(1), item(2), item(3), item(4)], specs: SPECS, answers }, UTC);
  const byId = Object.fromEntries(insights.agreement.map((row) => [row.spec.id, row]));

  it("computes alpha per question at the level its schema implies, on the items answered by several", () => {
    expect(byId.tone).toMatchObject({ level: "ordinal", units: 3, pairableValues: 7 });
    expect(byId.tone!.alpha).toBeCloseTo(
      krippendorffAlpha(
        [
          [5, 5],
          [1, 5],
          [3, 2, 3],
        ],
        "ordinal",
      ).alpha!,
      12,
    );
    expect(byId.policy).toMatchObject({ level: "nominal", units: 3 });
    expect(byId.policy!.alpha).toBeCloseTo(
      krippendorffAlpha(
        [
          ["Yes", "Yes"],
          ["Yes", "No"],
          ["No", "No"],
        ],
        "nominal",
      ).alpha!,
      12,
    );
  });

  it("leaves out free text and says when there is not enough data", () => {
    expect(byId.comment).toMatchObject({ level: null, alpha: null, reading: "not enough data" });
    expect(byId.resolution).toMatchObject({ level: "nominal", alpha: null, units: 0, reading: "not enough data" });
  });

  it("ranks items by their mean disagreement over the questions answered by several, the one with 1 vs 5 first", () => {
    expect(insights.disagreements.map((row) => row.itemId)).toEqual(["item-2", "item-3"]);
    expect(insights.disputedItems).toBe(2);
    const top = insights.disagreements[0]!;
    expect(top.questions.map((q) => q.specId)).toEqual(["tone", "policy"]);
    expect(top.score).toBeCloseTo((top.questions[0]!.disagreement + top.questions[1]!.disagreement) / 2, 12);
    expect(top.questions[0]!.answers).toEqual([
      { by: "a", value: 1 },
      { by: "b", value: 5 },
    ]);
  });

  it("counts the items, the completed ones and the answered ones", () => {
    expect(insights).toMatchObject({ items: 4, completedItems: 4, answeredItems: 4 });
  });
});
