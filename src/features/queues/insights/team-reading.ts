import type { QueueSpec } from "@/api/annotation-specs";
import { answersArePerAnnotator, type TeamSettings } from "../team/team-settings";

/**
 * The queue's questions as the insights read their answers. When the queue asks several answers
 * per item or hides the others' answers, every annotator gives their own answer to every question
 * (team/team-settings.ts), so each one's latest stands, as for a question unique among creators:
 * read as one shared answer, an item's second answer would hide its first and agreement would
 * never see a pair.
 */
export function specsAsAnswered(specs: readonly QueueSpec[], team: TeamSettings | undefined): readonly QueueSpec[] {
  if (!team || !answersArePerAnnotator(team)) return specs;
  return specs.map((spec) => (spec.uniqueAmongCreators ? spec : { ...spec, uniqueAmongCreators: true }));
}

/** How many annotators must answer an item before it counts as done (1: its completion alone). */
export const answersNeeded = (team: TeamSettings | undefined) => team?.answersPerItem ?? 1;

/** How a done count is labelled: "done", or "done (2 answers each)" when an item needs several. */
export const doneLabel = (answersPerItem: number) =>
  answersPerItem > 1 ? `done (${answersPerItem} answers each)` : "done";

/** What the figures lose without the queue's team settings (they are computed all the same). */
export const TEAM_SETTINGS_UNREAD =
  "Could not read the queue's team settings: an item counts as done when completed, and stale claims as in progress";
