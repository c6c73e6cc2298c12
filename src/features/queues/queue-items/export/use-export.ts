import { useCallback, useEffect, useRef, useState } from "react";
import { readCallsFeedback, type QueueSpec } from "@/api/annotation-specs";
import { isApiError } from "@/api/errors";
import { downloadFile } from "@/lib/download-file";
import { answersByCall } from "../../shared/call-answers";
import { useApiClients } from "@/connection/api-clients";
import { toListRequest, type ItemsTableState } from "../../shared/items-url-state";
import { notesByCall } from "./export-feedback";
import { exportFileName, type ExportFormat } from "./export-format";
import { exportItems } from "./export-runner";

export type ExportStatus =
  | { phase: "idle" }
  | { phase: "running"; format: ExportFormat; rows: number }
  | { phase: "done"; format: ExportFormat; rows: number; fileName: string; inexact: boolean }
  | { phase: "cancelled"; rows: number }
  | { phase: "failed"; format: ExportFormat; rows: number; error: unknown };

/** Runs one export of the table's list (its filter and sort, every page) at a time, cancellable. */
export function useExport(
  projectId: string,
  queueId: string,
  queueName: string,
  view: Pick<ItemsTableState, "states" | "sort" | "op" | "callId" | "traceId" | "itemId" | "addedBy">,
  /** The queue's questions: their answers go into the file beside each item, with the call's notes. */
  specs: readonly QueueSpec[],
) {
  const { trace } = useApiClients();
  const [status, setStatus] = useState<ExportStatus>({ phase: "idle" });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (format: ExportFormat) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setStatus({ phase: "running", format, rows: 0 });
      let rows = 0;
      try {
        const result = await exportItems({
          format,
          signal: abort.signal,
          fetchPage: async (window, signal) =>
            (await trace.queryItems(queueId, toListRequest(projectId, view, window), { signal })).items,
          specs,
          // One feedback query per batch of calls holds both the answers and the notes.
          fetchFeedback: async (callIds, signal) => {
            const feedback = await readCallsFeedback(trace, projectId, callIds, { signal });
            return { answers: answersByCall(specs, feedback), notes: notesByCall(feedback) };
          },
          onProgress: (n) => {
            rows = n;
            setStatus({ phase: "running", format, rows: n });
          },
        });
        const fileName = exportFileName(queueName, format);
        downloadFile(result.blob, fileName);
        setStatus({ phase: "done", format, rows: result.rows, fileName, inexact: result.inexact });
      } catch (error) {
        const aborted = abort.signal.aborted || (isApiError(error) && error.kind === "aborted");
        setStatus(aborted ? { phase: "cancelled", rows } : { phase: "failed", format, rows, error });
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [trace, queueId, projectId, view, queueName, specs],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => {
    controller.current?.abort();
    setStatus({ phase: "idle" });
  }, []);
  return { status, start, cancel, reset };
}
