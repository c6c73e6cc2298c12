import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { traceKeys } from "@/api/queries/trace";
import { useApiClients } from "@/connection/api-clients";
import { addInBatches, sourceTotal, type AddOutcome, type AddProgress, type AddSource } from "./add-in-batches";
import { toCallIdsRequest, type CallsFilters } from "./calls-url-state";
import type { Selection } from "./use-call-selection";

export type AddRun = { queueId: string; displayFields: string[] };

export type AddStatus =
  | { kind: "idle" }
  | { kind: "running"; run: AddRun; progress: AddProgress; cancelling: boolean }
  | { kind: "ended"; run: AddRun; outcome: AddOutcome };

/**
 * Adds the selection to a queue in batches (add-in-batches.ts): the selected ids, or the ids of
 * every matching call read a page at a time. Cancel takes effect after the batch in flight; a
 * failure keeps what was done and `retry` goes on from there.
 */
export function useAddToQueue(projectId: string, selection: Selection, filters: CallsFilters, total: number | null) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AddStatus>({ kind: "idle" });
  const cancelRequested = useRef(false);
  // The source is fixed when a run starts, so a retry sends the same calls even if the page moved on.
  const source = useRef<AddSource | null>(null);

  const run = useCallback(
    async (addRun: AddRun, resume?: AddOutcome) => {
      const from = source.current;
      if (!from) return;
      cancelRequested.current = false;
      setStatus({
        kind: "running",
        run: addRun,
        progress: {
          added: resume?.added ?? 0,
          duplicates: resume?.duplicates ?? 0,
          unknown: resume?.unknown ?? 0,
          done: resume?.done ?? 0,
          total: sourceTotal(from),
        },
        cancelling: false,
      });
      const outcome = await addInBatches({
        source: from,
        add: (callIds) =>
          trace.addItems(addRun.queueId, {
            project_id: projectId,
            call_ids: callIds,
            display_fields: addRun.displayFields,
          }),
        cancelled: () => cancelRequested.current,
        onProgress: (progress) => setStatus((s) => (s.kind === "running" ? { ...s, progress } : s)),
        resume: resume
          ? {
              done: resume.done,
              counts: { added: resume.added, duplicates: resume.duplicates, unknown: resume.unknown },
            }
          : undefined,
      });
      setStatus({ kind: "ended", run: addRun, outcome });
      if (outcome.added > 0) {
        void queryClient.invalidateQueries({ queryKey: traceKeys.items(trace.scope, addRun.queueId) });
        void queryClient.invalidateQueries({ queryKey: traceKeys.queues(trace.scope) });
      }
    },
    [projectId, trace, queryClient],
  );

  const start = useCallback(
    (addRun: AddRun) => {
      if (selection.kind === "some") {
        source.current = { kind: "selected", ids: [...selection.calls.keys()] };
      } else {
        if (total === null) return;
        const frozen = { ...filters };
        source.current = {
          kind: "matching",
          total,
          readIds: (offset, limit) => trace.queryCallIds(toCallIdsRequest(projectId, frozen, { offset, limit })),
        };
      }
      void run(addRun);
    },
    [selection, filters, total, trace, projectId, run],
  );

  const retry = useCallback(() => {
    if (status.kind === "ended" && status.outcome.status === "failed") void run(status.run, status.outcome);
  }, [status, run]);

  const cancel = useCallback(() => {
    cancelRequested.current = true;
    setStatus((s) => (s.kind === "running" ? { ...s, cancelling: true } : s));
  }, []);

  const reset = useCallback(() => {
    if (status.kind !== "running") setStatus({ kind: "idle" });
  }, [status.kind]);

  return { status, start, retry, cancel, reset };
}
