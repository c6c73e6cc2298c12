import * as z from "zod/mini";

/**
 * How a team works one queue. The real queue record has no such fields, so they live in a Weave
 * object of the project tied to the queue by its id (README, "How a team works a queue"): the
 * trace service stores and versions it, locally and on W&B alike.
 */
export type TeamSettings = {
  /** A claim older than this is stale: the item is offered again. */
  claimTimeoutMinutes: number;
  /** How many annotators answer each item before it counts as done. */
  answersPerItem: number;
  /** Others' answers stay hidden from an annotator until they have answered the item themselves. */
  blindReview: boolean;
};

export const DEFAULT_TEAM_SETTINGS: TeamSettings = { claimTimeoutMinutes: 30, answersPerItem: 1, blindReview: false };

export const TEAM_SETTINGS_BOUNDS = {
  claimTimeoutMinutes: { min: 1, max: 24 * 60 },
  answersPerItem: { min: 1, max: 10 },
} as const;

/** The object's id: one object per queue, its versions the history of the queue's settings. */
export { teamSettingsObjectId } from "@contract/queue-team-settings";

/** The object's value as stored (snake_case, as the rest of a project's objects). */
export type TeamSettingsValue = {
  queue_id: string;
  claim_timeout_minutes: number;
  answers_per_item: number;
  blind_review: boolean;
};

const whole = (bounds: { min: number; max: number }) => z.int().check(z.gte(bounds.min), z.lte(bounds.max));

const StoredValue = z.object({
  queue_id: z.optional(z.string()),
  claim_timeout_minutes: z.optional(z.catch(whole(TEAM_SETTINGS_BOUNDS.claimTimeoutMinutes), 30)),
  answers_per_item: z.optional(z.catch(whole(TEAM_SETTINGS_BOUNDS.answersPerItem), 1)),
  blind_review: z.optional(z.catch(z.boolean(), false)),
});

/**
 * The settings an object's value holds, read tolerantly: a value written by another tool (or a
 * later version of this one) with a field missing or out of bounds falls back to that field's
 * default instead of failing the page.
 */
export function settingsFromValue(value: unknown): TeamSettings {
  const parsed = StoredValue.safeParse(value);
  if (!parsed.success) return DEFAULT_TEAM_SETTINGS;
  return {
    claimTimeoutMinutes: parsed.data.claim_timeout_minutes ?? DEFAULT_TEAM_SETTINGS.claimTimeoutMinutes,
    answersPerItem: parsed.data.answers_per_item ?? DEFAULT_TEAM_SETTINGS.answersPerItem,
    blindReview: parsed.data.blind_review ?? DEFAULT_TEAM_SETTINGS.blindReview,
  };
}

export function valueFromSettings(queueId: string, settings: TeamSettings): TeamSettingsValue {
  return {
    queue_id: queueId,
    claim_timeout_minutes: settings.claimTimeoutMinutes,
    answers_per_item: settings.answersPerItem,
    blind_review: settings.blindReview,
  };
}

/** Answers are each annotator's own (never one shared answer) when the queue asks several per item or hides them. */
export const answersArePerAnnotator = (settings: TeamSettings) => settings.answersPerItem > 1 || settings.blindReview;
