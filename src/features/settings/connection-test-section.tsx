import { Spinner } from "@/components/spinner";
import { formatClockTime } from "@/lib/number-format";
import { cn } from "@/lib/cn";
import { ConnectionResults } from "./connection-results";
import type { ConnectionTestState } from "./use-connection-test";

function summary(state: ConnectionTestState): string {
  if (state.phase === "running") return "Testing the connection…";
  if (state.phase !== "done") return "";
  const all = Object.values(state.results);
  const ok = all.filter((r) => r.status === "ok").length;
  return `Connection test finished: ${ok} of ${all.length} services OK.`;
}

/**
 * The outcome of "Test connection": a spoken summary and the per-service list. `outdated`: the
 * form has changed since the test, so the results are kept (dimmed) but said to be of the old settings.
 */
export function ConnectionTestSection({ state, outdated = false }: { state: ConnectionTestState; outdated?: boolean }) {
  return (
    <section aria-labelledby="connection-test-heading" aria-busy={state.phase === "running"} className="space-y-3">
      <h2 id="connection-test-heading" className="text-sm font-semibold text-fg">
        Connection test
      </h2>
      <output className="flex min-h-5 items-center gap-2 text-sm text-fg-muted">
        {state.phase === "running" ? <Spinner size={14} /> : null}
        {summary(state) || "Test the addresses and key in the form, before or after saving."}
      </output>
      {state.phase === "done" && outdated ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200">
          The form has changed since this test ({formatClockTime(state.testedAt.getTime())}): these results are for the
          addresses and key as they were then. Test again to check the new ones.
        </p>
      ) : null}
      {state.phase === "done" ? (
        <div className={cn(outdated && "opacity-60")}>
          <ConnectionResults results={state.results} />
        </div>
      ) : null}
    </section>
  );
}
