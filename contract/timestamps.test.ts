import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { compareTimestamps, timestampMs, utcTimestamp } from "./common";
import { AnnotationQueueItem, CallReadResponse } from "./trace";

// Upstream sends item timestamps without an offset (docs/contract-decisions.md#timestamps): they are
// UTC, and JavaScript would read them as local time. Run in a zone far from UTC so it shows.

let zone: string | undefined;
beforeEach(() => {
  zone = process.env.TZ;
  process.env.TZ = "Asia/Tokyo";
});
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const utc = Date.UTC(2026, 0, 15, 9, 0, 0, 123);

describe("service timestamps without an offset are UTC", () => {
  it("utcTimestamp adds the Z that a bare date and time lacks, and leaves the rest alone", () => {
    expect(new Date("2026-01-15T09:00:00.123").getTime()).not.toBe(utc); // what the bug did in Tokyo
    expect(timestampMs("2026-01-15T09:00:00.123")).toBe(utc);
    expect(timestampMs("2026-01-15 09:00:00.123456")).toBe(utc);
    expect(utcTimestamp("2026-01-15T09:00")).toBe("2026-01-15T09:00Z");
    for (const kept of ["2026-01-15T09:00:00.123Z", "2026-01-15T18:00:00.123+09:00", "2026-01-15", "soon", ""])
      expect(utcTimestamp(kept)).toBe(kept);
    expect(timestampMs("2026-01-15T18:00:00.123+09:00")).toBe(utc);
  });

  it("every Timestamp field of a response schema reads as UTC", () => {
    const item = z.parse(AnnotationQueueItem, {
      id: "i",
      project_id: "demo/p",
      queue_id: "q",
      call_id: "c",
      call_started_at: "2026-01-15T09:00:00.123",
      call_op_name: "op",
      call_trace_id: "t",
      display_fields: [],
      annotation_state: "unstarted",
      annotator_user_id: "",
      created_at: "2026-01-15 09:00:00.123",
      created_by: "u",
      updated_at: "2026-01-15T09:00:00.123Z",
    });
    expect([item.call_started_at, item.created_at, item.updated_at].map((t) => new Date(t).getTime())).toEqual([
      utc,
      utc,
      utc,
    ]);
    expect(item.annotator_user_id).toBe("");
    expect(z.parse(CallReadResponse, { call: null })).toEqual({ call: null });
  });
});

describe("compareTimestamps", () => {
  it("orders by the moment, where the text's order is wrong: a missing fraction, an offset, no offset at all", () => {
    const moments = [
      "2026-01-15T09:00:00Z",
      "2026-01-15T09:00:00.5Z",
      "2026-01-15T18:00:00.75+09:00",
      "2026-01-15 09:00:01",
      "2026-01-15T09:00:02.000001Z",
    ];
    expect(moments.toReversed().toSorted(compareTimestamps)).toEqual(moments);
    expect(["2026-01-15T09:00:00.5Z", "2026-01-15T09:00:00Z"].toSorted()).toEqual([
      "2026-01-15T09:00:00.5Z",
      "2026-01-15T09:00:00Z",
    ]); // what comparing the text did
  });

  it("puts unreadable ones last, and breaks ties by the text", () => {
    expect(["soon", "2026-01-15T09:00:00Z", "", "2026-01-15T18:00:00+09:00"].toSorted(compareTimestamps)).toEqual([
      "2026-01-15T09:00:00Z",
      "2026-01-15T18:00:00+09:00",
      "",
      "soon",
    ]);
    expect(compareTimestamps("2026-01-15T09:00:00Z", "2026-01-15T09:00:00Z")).toBe(0);
  });
});
