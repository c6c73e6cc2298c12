import { Spinner } from "@/components/spinner";
import { ConnectionResults } from "./connection-results";
import type { ConnectionTestState } from "./use-connection-test";

function summary(state: ConnectionTestState): string {
  if (state.phase === "running") return "Testing the connection…";
  if (state.phase !== "done") return "";
  const all = Object.values(state.results);
  const ok = all.filter((r) => r.status === "ok").length;
  return `Connection test finished: ${ok} of ${all.length} services OK.`;
}

/** The outcome of "Test connection": a spoken summary and the per-service list. */
export function ConnectionTestSection({ state }: { state: ConnectionTestState }) {
  return (
    <section aria-labelledby="connection-test-heading" aria-busy={state.phase === "running"} className="space-y-3">
      <h2 id="connection-test-heading" className="text-sm font-semibold text-fg">
        Connection test
      </h2>
      <output className="flex min-h-5 items-center gap-2 text-sm text-fg-muted">
        {state.phase === "running" ? <Spinner size={14} /> : null}
        {summary(state) || "Test the addresses and key in the form, before or after saving."}
      </output>
      {state.phase === "done" ? <ConnectionResults results={state.results} /> : null}
    </section>
  );
}
