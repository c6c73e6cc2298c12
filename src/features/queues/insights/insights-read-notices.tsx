import { Button } from "@/components/button";
import { ErrorPanel } from "@/components/error-panel";
import { cn } from "@/lib/cn";
import { InsightsLoadStatus } from "./insights-load-status";
import { TEAM_SETTINGS_UNREAD } from "./team-reading";
import type { useInsightsRead } from "./use-insights-read";

type InsightsRead = ReturnType<typeof useInsightsRead>;

/**
 * How the whole-queue read behind the figures is going, where the figures are shown (Insights, the
 * queue page's team panel): team settings that could not be read, the read's progress with Cancel,
 * a cancelled read, and a failed one, each with the way to read again.
 */
export function InsightsReadNotices({
  read,
  total,
  framed = false,
}: {
  read: Pick<InsightsRead, "team" | "query" | "progress" | "cancelled" | "cancel" | "reload">;
  total: number | null;
  /** Framed as a panel of its own (a page), or plain inside one (the team panel). */
  framed?: boolean;
}) {
  const { team, query, progress, cancelled, cancel, reload } = read;
  const loaded = query.data !== undefined;
  return (
    <>
      {team.isError && !team.known ? (
        <ErrorPanel error={team.error} title={TEAM_SETTINGS_UNREAD} onRetry={() => void team.refetch()} />
      ) : null}
      {query.isFetching ? (
        <InsightsLoadStatus progress={progress} total={total} onCancel={cancel} updating={loaded} />
      ) : null}
      {cancelled && !query.isFetching ? (
        <div
          className={cn(
            "flex flex-wrap items-center gap-3 text-sm",
            framed && "rounded-lg border border-line bg-surface px-4 py-3",
          )}
        >
          <output>
            {loaded
              ? "Update cancelled: these figures are from the last full read."
              : "Reading the queue was cancelled: nothing is computed from part of it."}
          </output>
          <Button size="sm" onClick={reload}>
            Read again
          </Button>
        </div>
      ) : null}
      {query.isError && !query.isFetching ? (
        <ErrorPanel error={query.error} title="Could not read the queue's items and answers" onRetry={reload} />
      ) : null}
    </>
  );
}
