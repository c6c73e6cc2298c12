import { describe, expect, it } from "vitest";
import { othersHidden } from "./blind-review";
import { DEFAULT_TEAM_SETTINGS } from "./team-settings";
import { formatClaimTimeout, teamSettingsSummary } from "./team-settings-summary";
import { CAUTIOUS_TEAM_SETTINGS, settingsInEffect, specsForTeam } from "./team-specs";

const shared = { id: "resolution", uniqueAmongCreators: false, fieldSchema: { type: "string", enum: ["a", "b"] } };
const perReviewer = { id: "tone", uniqueAmongCreators: true, fieldSchema: { type: "integer", minimum: 1, maximum: 5 } };
const optional = { id: "comment", uniqueAmongCreators: false, fieldSchema: { type: "string", "x-optional": true } };
const unsupported = { id: "odd", uniqueAmongCreators: false, fieldSchema: { type: "object" } };

describe("a queue's questions as its team answers them", () => {
  it("are each annotator's own when the queue asks several answers per item or is blind", () => {
    for (const settings of [
      { ...DEFAULT_TEAM_SETTINGS, answersPerItem: 2 },
      { ...DEFAULT_TEAM_SETTINGS, blindReview: true },
    ]) {
      expect(specsForTeam([shared, perReviewer], settings).map((spec) => spec.uniqueAmongCreators)).toEqual([
        true,
        true,
      ]);
    }
    // The spec itself is left as it was (another queue may ask it as shared).
    expect(shared.uniqueAmongCreators).toBe(false);
  });

  it("stay as the specs say on a queue of one shared answer per item", () => {
    expect(specsForTeam([shared, perReviewer], DEFAULT_TEAM_SETTINGS).map((s) => s.uniqueAmongCreators)).toEqual([
      false,
      true,
    ]);
  });

  it("act on the stored settings once read, the cautious ones when the read failed, nothing while reading", () => {
    const stored = { ...DEFAULT_TEAM_SETTINGS, answersPerItem: 3 };
    expect(settingsInEffect({ settings: stored, known: true, isError: false })).toBe(stored);
    expect(settingsInEffect({ settings: DEFAULT_TEAM_SETTINGS, known: false, isError: true })).toBe(
      CAUTIOUS_TEAM_SETTINGS,
    );
    expect(CAUTIOUS_TEAM_SETTINGS.blindReview).toBe(true);
    expect(settingsInEffect({ settings: DEFAULT_TEAM_SETTINGS, known: false, isError: false })).toBeNull();
  });
});

describe("blind review", () => {
  const blind = { ...DEFAULT_TEAM_SETTINGS, blindReview: true };
  const specs = [shared, perReviewer, optional, unsupported];

  it("hides others' answers until every required question is answered; optional and unanswerable ones never count", () => {
    expect(othersHidden(blind, specs, () => false)).toBe(true);
    expect(othersHidden(blind, specs, (id) => id === "tone")).toBe(true);
    expect(othersHidden(blind, specs, (id) => id === "tone" || id === "resolution")).toBe(false);
  });

  it("hides nothing on a queue without it", () => {
    expect(othersHidden(DEFAULT_TEAM_SETTINGS, specs, () => false)).toBe(false);
  });
});

describe("the settings' summary", () => {
  it("names what differs from the defaults, and the claim timeout always", () => {
    expect(teamSettingsSummary(DEFAULT_TEAM_SETTINGS)).toBe("claims expire after 30 min");
    expect(teamSettingsSummary({ claimTimeoutMinutes: 30, answersPerItem: 2, blindReview: true })).toBe(
      "2 answers per item · blind review · claims expire after 30 min",
    );
  });

  it("says a timeout in minutes and hours", () => {
    expect([5, 60, 90, 1440].map(formatClaimTimeout)).toEqual(["5 min", "1 h", "1 h 30 min", "24 h"]);
  });
});
