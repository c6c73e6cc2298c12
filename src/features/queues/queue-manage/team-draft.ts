import { TEAM_SETTINGS_BOUNDS, type TeamSettings } from "../team/team-settings";

/** The team settings as the form holds them: numbers as typed, so a wrong entry stays to be fixed. */
export type TeamDraft = { claimTimeoutMinutes: string; answersPerItem: string; blindReview: boolean };

export const teamDraftOf = (settings: TeamSettings): TeamDraft => ({
  claimTimeoutMinutes: String(settings.claimTimeoutMinutes),
  answersPerItem: String(settings.answersPerItem),
  blindReview: settings.blindReview,
});

export type TeamProblems = { claimTimeoutMinutes: string | null; answersPerItem: string | null };

function wholeNumberProblem(typed: string, { min, max }: { min: number; max: number }, unit: string): string | null {
  const text = typed.trim();
  const range = `from ${min} to ${max}`;
  if (text === "") return `Give a number ${unit}${range}.`;
  if (!/^\d+$/.test(text)) return `A whole number ${unit}${range}.`;
  const value = Number(text);
  if (value < min) return `At least ${min}.`;
  if (value > max) return `At most ${max}.`;
  return null;
}

/** What is wrong with each typed number, before anything is sent. */
export function teamProblems(draft: TeamDraft): TeamProblems {
  return {
    claimTimeoutMinutes: wholeNumberProblem(
      draft.claimTimeoutMinutes,
      TEAM_SETTINGS_BOUNDS.claimTimeoutMinutes,
      "of minutes ",
    ),
    answersPerItem: wholeNumberProblem(draft.answersPerItem, TEAM_SETTINGS_BOUNDS.answersPerItem, ""),
  };
}

/** The settings a valid draft holds; null while a number is wrong. */
export function settingsOfDraft(draft: TeamDraft): TeamSettings | null {
  const problems = teamProblems(draft);
  if (problems.claimTimeoutMinutes || problems.answersPerItem) return null;
  return {
    claimTimeoutMinutes: Number(draft.claimTimeoutMinutes.trim()),
    answersPerItem: Number(draft.answersPerItem.trim()),
    blindReview: draft.blindReview,
  };
}

export const sameSettings = (a: TeamSettings, b: TeamSettings): boolean =>
  a.claimTimeoutMinutes === b.claimTimeoutMinutes &&
  a.answersPerItem === b.answersPerItem &&
  a.blindReview === b.blindReview;

/** Whether the draft differs from the settings the form opened with (as typed: "030" is no change). */
export function teamDraftChanged(draft: TeamDraft, initial: TeamSettings): boolean {
  const settings = settingsOfDraft(draft);
  return settings === null || !sameSettings(settings, initial);
}
