import { cn } from "@/lib/cn";
import { useTeamSettings } from "../api/team-settings";
import { DEFAULT_TEAM_SETTINGS, type TeamSettings } from "./team-settings";

/** A claim timeout as people say it: "30 min", "2 h", "1 h 30 min". */
export function formatClaimTimeout(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * How a team works the queue, in one line: the parts that differ from the defaults, and the claim
 * timeout always (every queue has one, and it decides when a forgotten item is offered again).
 */
export function teamSettingsSummary(settings: TeamSettings): string {
  const parts: string[] = [];
  if (settings.answersPerItem !== DEFAULT_TEAM_SETTINGS.answersPerItem)
    parts.push(`${settings.answersPerItem} answers per item`);
  if (settings.blindReview) parts.push("blind review");
  parts.push(`claims expire after ${formatClaimTimeout(settings.claimTimeoutMinutes)}`);
  return parts.join(" · ");
}

/**
 * The queue's team settings as one quiet line, for where the queue is shown. An empty line while they are read (or
 * cannot be): a line of defaults would claim settings nobody chose, and no line at all would push everything below
 * it (the whole items table) down when they arrive.
 */
export function TeamSettingsSummary({
  projectId,
  queueId,
  className,
}: {
  projectId: string;
  queueId: string;
  className?: string;
}) {
  const { settings, known } = useTeamSettings(projectId, queueId);
  if (!known) return <p aria-hidden="true" className={cn("h-4", className)} />;
  return <p className={cn("text-xs text-fg-muted", className)}>{teamSettingsSummary(settings)}</p>;
}
