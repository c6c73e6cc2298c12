import { Spinner } from "@/components/spinner";
import { StatusBadge, type StatusTone } from "@/components/status-badge";
import { formatClockTime } from "@/lib/number-format";
import type { JobState } from "./events/job-summary";

const LOOK: Record<JobState, { tone: StatusTone; label: string }> = {
  queued: { tone: "neutral", label: "Queued" },
  running: { tone: "info", label: "Running" },
  succeeded: { tone: "success", label: "Succeeded" },
  failed: { tone: "danger", label: "Failed" },
};

/** A job's derived state in words (and an icon), never colour alone. */
export function JobStateBadge({ state }: { state: JobState }) {
  const { tone, label } = LOOK[state];
  return (
    <StatusBadge tone={tone} icon={state === "running" ? <Spinner size={11} /> : undefined}>
      {label}
    </StatusBadge>
  );
}

/**
 * While the service cannot be reached, a job that had not finished may have done anything since:
 * its state is unknown from the last answer on, and the badge says so rather than "Running".
 */
export function UnknownStateBadge({ since, lastSeen }: { since: number; lastSeen: JobState }) {
  return (
    <StatusBadge tone="warning">
      State unknown since {formatClockTime(since)}
      <span className="sr-only"> (last seen {LOOK[lastSeen].label.toLowerCase()})</span>
    </StatusBadge>
  );
}
