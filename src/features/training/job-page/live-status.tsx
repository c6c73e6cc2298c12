import { isApiError } from "@/api/errors";
import { Button } from "@/components/button";
import { ErrorPanel } from "@/components/error-panel";
import { Spinner } from "@/components/spinner";
import type { PollerPhase } from "../events/event-poller";
import { JOB_POLL_MS } from "../events/use-job-event-stream";
import { formatCount, formatEta } from "@/lib/number-format";

/** What the page is doing about updates, in a polite live region (changes of phase only). */
export function LiveStatus({ phase, events, onRetry }: { phase: PollerPhase; events: number; onRetry: () => void }) {
  if (phase.phase === "failed") {
    const notFound = isApiError(phase.error) && phase.error.kind === "not_found";
    return (
      <ErrorPanel
        error={phase.error}
        title={notFound ? "This job is not on the training service" : "Could not read the job's events"}
        onRetry={onRetry}
      />
    );
  }
  return (
    <output className="flex items-center gap-2 text-xs text-fg-muted">
      <StatusText phase={phase} events={events} onRetry={onRetry} />
    </output>
  );
}

function StatusText({ phase, events, onRetry }: { phase: PollerPhase; events: number; onRetry: () => void }) {
  switch (phase.phase) {
    case "loading":
      return (
        <>
          <Spinner size={12} /> Reading events{events ? `: ${formatCount(events)} so far` : "…"}
        </>
      );
    case "live":
      return (
        <>
          <span className="h-2 w-2 rounded-full bg-emerald-600 dark:bg-emerald-400" aria-hidden="true" /> Live: asking
          for new events every {JOB_POLL_MS / 1000} s
        </>
      );
    case "paused":
      return <>Paused while this tab is hidden; updates resume when you come back.</>;
    case "finished":
      return <>Finished: all {formatCount(events)} events read; no more polling.</>;
    case "retrying":
      return (
        <>
          <span className="text-amber-800 dark:text-amber-300">
            Could not reach the service ({isApiError(phase.error) ? phase.error.kind : "error"}); trying again in{" "}
            {formatEta(phase.retryInMs)}.
          </span>
          <Button size="sm" variant="ghost" onClick={onRetry}>
            Retry now
          </Button>
        </>
      );
    default:
      return null;
  }
}
