import { describe, expect, it } from "vitest";
import type { AnnotationQueueItem } from "@contract/trace";
import type { Feedback } from "@contract/trace-feedback";
import { CLAIM_FEEDBACK_TYPE, claimOn } from "./claims";
import { isOffered } from "./next-for-me";
import { DEFAULT_TEAM_SETTINGS, settingsFromValue, valueFromSettings } from "./team-settings";

const NOW = Date.parse("2026-11-27T12:00:00Z");
const MINUTE = 60_000;
const QUEUE = "q1";

const item = (state: AnnotationQueueItem["annotation_state"], writer: string | null, id = "i1") =>
  ({
    id,
    queue_id: QUEUE,
    call_id: `call-${id}`,
    annotation_state: state,
    annotator_user_id: writer,
  }) as AnnotationQueueItem;

let seq = 0;
const row = (type: string, by: string, at: number, payload: Record<string, unknown> = { value: 1 }): Feedback =>
  ({
    id: `f${++seq}`,
    project_id: "e/p",
    weave_ref: "weave:///e/p/call/call-i1",
    feedback_type: type,
    payload,
    wb_user_id: by,
    created_at: new Date(at).toISOString(),
  }) as Feedback;
const claimRecord = (by: string, at: number, itemId = "i1") =>
  row(CLAIM_FEEDBACK_TYPE, by, at, { queue_id: QUEUE, item_id: itemId });
const answer = (by: string) => row("wandb.annotation.tone", by, NOW - 5 * MINUTE);

const context = (overrides: Partial<Parameters<typeof isOffered>[2]> = {}) => ({
  me: "me",
  settings: DEFAULT_TEAM_SETTINGS,
  questionIds: ["tone"],
  exclude: new Set<string>(),
  now: NOW,
  ...overrides,
});
const two = { ...DEFAULT_TEAM_SETTINGS, answersPerItem: 2 };

describe("claimOn", () => {
  it("names the latest writer of an item in progress, since their latest claim record on it", () => {
    const rows = [claimRecord("ann", NOW - 20 * MINUTE), claimRecord("ann", NOW - 5 * MINUTE), claimRecord("bo", NOW)];
    expect(claimOn(item("in_progress", "ann"), rows, DEFAULT_TEAM_SETTINGS, NOW)).toEqual({
      by: "ann",
      since: NOW - 5 * MINUTE,
      stale: false,
    });
  });

  it("is stale past the queue's timeout, and when no record dates it", () => {
    const rows = [claimRecord("ann", NOW - 31 * MINUTE)];
    expect(claimOn(item("in_progress", "ann"), rows, DEFAULT_TEAM_SETTINGS, NOW)?.stale).toBe(true);
    expect(claimOn(item("in_progress", "ann"), rows, { claimTimeoutMinutes: 60 }, NOW)?.stale).toBe(false);
    expect(claimOn(item("in_progress", "ann"), [], DEFAULT_TEAM_SETTINGS, NOW)).toEqual({
      by: "ann",
      since: null,
      stale: true,
    });
  });

  it("ignores records of other items and other queues, and items nobody holds", () => {
    const rows = [
      claimRecord("ann", NOW, "other"),
      row(CLAIM_FEEDBACK_TYPE, "ann", NOW, { queue_id: "q2", item_id: "i1" }),
    ];
    expect(claimOn(item("in_progress", "ann"), rows, DEFAULT_TEAM_SETTINGS, NOW)?.since).toBeNull();
    expect(claimOn(item("completed", "ann"), rows, DEFAULT_TEAM_SETTINGS, NOW)).toBeNull();
    expect(claimOn(item("unstarted", null), rows, DEFAULT_TEAM_SETTINGS, NOW)).toBeNull();
  });
});

describe("isOffered, one answer per item", () => {
  it("offers an unstarted item, my own item in progress, and one whose claim is stale", () => {
    expect(isOffered(item("unstarted", null), [], context()).offered).toBe(true);
    expect(isOffered(item("in_progress", "me"), [], context()).offered).toBe(true);
    expect(isOffered(item("in_progress", "ann"), [claimRecord("ann", NOW - 40 * MINUTE)], context()).offered).toBe(
      true,
    );
  });

  it("never offers someone's live claim, a finished item, one I answered, or one excluded", () => {
    expect(isOffered(item("in_progress", "ann"), [claimRecord("ann", NOW - MINUTE)], context()).offered).toBe(false);
    expect(isOffered(item("completed", "ann"), [], context()).offered).toBe(false);
    expect(isOffered(item("skipped", "me"), [], context()).offered).toBe(false);
    expect(isOffered(item("in_progress", "ann"), [answer("me")], context()).offered).toBe(false);
    expect(isOffered(item("unstarted", null), [], context({ exclude: new Set(["i1"]) })).offered).toBe(false);
  });
});

describe("isOffered, two answers per item", () => {
  it("offers an item one other annotator completed, until a second has answered", () => {
    const done = item("completed", "ann");
    expect(isOffered(done, [answer("ann")], context({ settings: two }))).toEqual({ offered: true, answerers: 1 });
    expect(isOffered(done, [answer("ann"), answer("bo")], context({ settings: two })).offered).toBe(false);
  });

  it("counts a live claim of someone else's as an answer on its way, and a stale one not", () => {
    const held = item("in_progress", "bo");
    expect(isOffered(held, [answer("ann"), claimRecord("bo", NOW - MINUTE)], context({ settings: two })).offered).toBe(
      false,
    );
    expect(
      isOffered(held, [answer("ann"), claimRecord("bo", NOW - 45 * MINUTE)], context({ settings: two })).offered,
    ).toBe(true);
    // Nobody answered yet: room for me beside bo.
    expect(isOffered(held, [claimRecord("bo", NOW - MINUTE)], context({ settings: two })).offered).toBe(true);
  });

  it("does not offer an item I answered or finished myself", () => {
    expect(isOffered(item("completed", "ann"), [answer("me")], context({ settings: two })).offered).toBe(false);
    expect(isOffered(item("skipped", "me"), [], context({ settings: two })).offered).toBe(false);
  });
});

describe("team settings", () => {
  it("round-trips through the stored value and falls back per field on a value written elsewhere", () => {
    const settings = { claimTimeoutMinutes: 45, answersPerItem: 3, blindReview: true };
    expect(settingsFromValue(valueFromSettings("q", settings))).toEqual(settings);
    expect(settingsFromValue({ answers_per_item: 99, blind_review: "yes" })).toEqual(DEFAULT_TEAM_SETTINGS);
    expect(settingsFromValue(null)).toEqual(DEFAULT_TEAM_SETTINGS);
  });
});
