import { Link } from "react-router-dom";
import { Button, buttonClasses } from "@/components/button";
import { ErrorPanel } from "@/components/error-panel";
import { teamSettingsSummary } from "../team/team-settings-summary";
import type { TeamSettings } from "../team/team-settings";
import type { WorkStatus } from "./use-work-mode";

/**
 * Work mode's line under the review's heading: in it, what it does and the way out; out of it,
 * the way in (w). Work mode is in the address, so a reload or a shared link keeps it.
 */
export function WorkModeBar({
  settings,
  claiming,
  onStart,
  leaveHref,
}: {
  settings: TeamSettings;
  claiming: boolean;
  onStart: () => void;
  /** In work mode, the way out of it (this item, out of work mode); null outside work mode. */
  leaveHref: string | null;
}) {
  if (leaveHref === null)
    return (
      <div className="flex flex-wrap items-center gap-2 text-xs text-fg-muted">
        <Button size="sm" variant="ghost" loading={claiming} onClick={onStart} aria-keyshortcuts="w">
          Work mode: next item for me
          <kbd aria-hidden="true" className="rounded border border-current/30 px-1 font-mono text-[10px] leading-4">
            w
          </kbd>
        </Button>
        <span>
          Claims the next item nobody is working on; if a teammate claims it at the same moment, one of you is moved on.
        </span>
      </div>
    );
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-fg-muted" data-testid="work-mode-bar">
      <span className="rounded-full bg-accent/15 px-2 py-0.5 font-semibold text-fg">Work mode</span>
      <span>
        Complete &amp; next and Next for me claim the next item offered to you ({teamSettingsSummary(settings)}).
      </span>
      <Link to={leaveHref} className={buttonClasses("ghost", "sm")}>
        Leave work mode
      </Link>
    </div>
  );
}

/** What work mode has to say: nothing left for me, or a search or claim that failed (with Retry). */
export function WorkNotice({
  status,
  backHref,
  onRetry,
}: {
  status: WorkStatus;
  backHref: string;
  onRetry: () => void;
}) {
  if (status.phase === "failed")
    return <ErrorPanel error={status.error} title="Could not claim the next item for you" onRetry={onRetry} />;
  if (status.phase !== "none") return null;
  return (
    <output className="block rounded-md bg-subtle px-3 py-2 text-sm text-fg">
      Nothing left for you in this queue: every item is done, answered by you, or being worked on by someone else.{" "}
      <Link to={backHref} className="font-medium text-link underline underline-offset-2">
        Back to the table
      </Link>
    </output>
  );
}
