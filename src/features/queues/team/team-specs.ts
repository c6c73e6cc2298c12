import type { QueueSpec } from "@/api/annotation-specs";
import { answersArePerAnnotator, DEFAULT_TEAM_SETTINGS, type TeamSettings } from "./team-settings";

/**
 * A queue's questions as its team answers them. A queue that asks several answers per item, or
 * hides them, needs each annotator's own answer to every question: a spec shared among creators
 * would let a second annotator replace the first one's answer. The spec itself is not changed
 * (other queues may ask it as shared): only how this queue reads and writes its answers.
 */
export function specsForTeam<Spec extends Pick<QueueSpec, "uniqueAmongCreators">>(
  specs: readonly Spec[],
  settings: TeamSettings,
): Spec[] {
  if (!answersArePerAnnotator(settings)) return [...specs];
  return specs.map((spec) => (spec.uniqueAmongCreators ? spec : { ...spec, uniqueAmongCreators: true }));
}

/**
 * The settings to act on when they could not be read: answers kept per annotator and others'
 * hidden, so an unread setting can neither replace a colleague's answer nor show it too early.
 */
export const CAUTIOUS_TEAM_SETTINGS: TeamSettings = { ...DEFAULT_TEAM_SETTINGS, blindReview: true };

/** What a page acts on: the stored settings once read, the cautious ones if the read failed, null while reading. */
export function settingsInEffect(team: { settings: TeamSettings; known: boolean; isError: boolean }) {
  if (team.known) return team.settings;
  return team.isError ? CAUTIOUS_TEAM_SETTINGS : null;
}
