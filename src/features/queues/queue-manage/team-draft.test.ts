import { describe, expect, it } from "vitest";
import { DEFAULT_TEAM_SETTINGS } from "../team/team-settings";
import { settingsOfDraft, teamDraftChanged, teamDraftOf, teamProblems } from "./team-draft";

const draft = (over: Partial<ReturnType<typeof teamDraftOf>>) => ({ ...teamDraftOf(DEFAULT_TEAM_SETTINGS), ...over });

describe("the team settings as typed", () => {
  it("says what is wrong with each number, within the settings' bounds", () => {
    expect(teamProblems(draft({}))).toEqual({ claimTimeoutMinutes: null, answersPerItem: null });
    expect(teamProblems(draft({ claimTimeoutMinutes: "", answersPerItem: "1.5" }))).toEqual({
      claimTimeoutMinutes: "Give a number of minutes from 1 to 1440.",
      answersPerItem: "A whole number from 1 to 10.",
    });
    expect(teamProblems(draft({ claimTimeoutMinutes: "0", answersPerItem: "11" }))).toEqual({
      claimTimeoutMinutes: "At least 1.",
      answersPerItem: "At most 10.",
    });
  });

  it("reads a valid draft as settings, and a wrong one as none", () => {
    expect(settingsOfDraft(draft({ claimTimeoutMinutes: " 45 ", answersPerItem: "2", blindReview: true }))).toEqual({
      claimTimeoutMinutes: 45,
      answersPerItem: 2,
      blindReview: true,
    });
    expect(settingsOfDraft(draft({ answersPerItem: "-1" }))).toBeNull();
  });

  it("counts as changed only when the settings it holds differ (or cannot be read)", () => {
    expect(teamDraftChanged(draft({ claimTimeoutMinutes: "030" }), DEFAULT_TEAM_SETTINGS)).toBe(false);
    expect(teamDraftChanged(draft({ blindReview: true }), DEFAULT_TEAM_SETTINGS)).toBe(true);
    expect(teamDraftChanged(draft({ answersPerItem: "" }), DEFAULT_TEAM_SETTINGS)).toBe(true);
  });
});
