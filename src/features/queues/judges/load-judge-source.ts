import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { Feedback } from "@contract/trace-feedback";
import { readCallsFeedback, type QueueSpec } from "@/api/annotation-specs";
import type { TraceClient } from "@/api/trace";
import { useApiClients } from "@/connection/api-clients";
import type { CallPart } from "@/lib/call-paths";
import { readQueueInBatches } from "../insights/load-insights";
import { answersByCall, type AnswersOnCall } from "../shared/call-answers";
import { judgeKeys } from "./api/judges";
import { outcomesByVersion, type OutcomesByVersion } from "./model/verdicts";

/**
 * What the judges' pages read of a queue: its items, their calls (inputs and output, what a judge
 * is shown), the team's answers and every judge's outcomes on them. The queue is read as the
 * Insights and Train pages read it (items in pages of 1,000; per batch of calls one feedback
 * query and one calls query, a few batches at once).
 */
export type JudgeSource = {
  /** The queue's calls in the queue's order, each once (a call queued twice is judged once). */
  callIds: string[];
  /** Per call id, the first item that holds it (the review link of a call). */
  itemOfCall: Map<string, string>;
  calls: Map<string, CallPart>;
  answers: Map<string, AnswersOnCall>;
  outcomes: OutcomesByVersion;
  loadedAt: number;
};

export type JudgeSourceProgress = { items: number; calls: number };

const CALL_COLUMNS = ["id", "inputs", "output"];

export async function loadJudgeSource(options: {
  trace: TraceClient;
  projectId: string;
  queueId: string;
  specs: readonly QueueSpec[];
  signal: AbortSignal;
  onProgress?: (progress: JudgeSourceProgress) => void;
}): Promise<JudgeSource> {
  const { trace, projectId, queueId, specs, signal, onProgress } = options;
  const callIds: string[] = [];
  const itemOfCall = new Map<string, string>();
  const calls = new Map<string, CallPart>();
  const answers = new Map<string, AnswersOnCall>();
  const feedback: Feedback[] = [];
  const report = () => onProgress?.({ items: itemOfCall.size, calls: calls.size });
  await readQueueInBatches({
    fetchPage: async ({ offset, limit }, pageSignal) =>
      (await trace.queryItems(queueId, { project_id: projectId, offset, limit }, { signal: pageSignal })).items,
    fetchBatch: async (ids, batchSignal) => {
      const [rows, found] = await Promise.all([
        readCallsFeedback(trace, projectId, ids, { signal: batchSignal }),
        trace.queryCalls(
          { project_id: projectId, filter: { call_ids: [...ids] }, limit: ids.length, columns: CALL_COLUMNS },
          { signal: batchSignal },
        ),
      ]);
      return { rows, found };
    },
    readBatches: true,
    signal,
    onItems: (fresh) => {
      for (const item of fresh) {
        if (itemOfCall.has(item.call_id)) continue;
        itemOfCall.set(item.call_id, item.id);
        callIds.push(item.call_id);
      }
      report();
    },
    onBatch: ({ rows, found }) => {
      for (const [callId, onCall] of answersByCall(specs, rows)) answers.set(callId, onCall);
      for (const row of rows) feedback.push(row);
      for (const call of found) calls.set(call.id, { inputs: call.inputs, output: call.output });
      report();
    },
  });
  return { callIds, itemOfCall, calls, answers, outcomes: outcomesByVersion(feedback), loadedAt: Date.now() };
}

/** Read once a minute at most while pages come and go; a run's end reads it again (invalidate judgeKeys.all). */
const SOURCE_STALE_MS = 60_000;

/** The queue read for its judges, with its progress while it reads. */
export function useJudgeSource(projectId: string, queueId: string, specs: readonly QueueSpec[] | undefined) {
  const { trace } = useApiClients();
  const [progress, setProgress] = useState<JudgeSourceProgress>({ items: 0, calls: 0 });
  const query = useQuery({
    queryKey: [...judgeKeys.all(trace.scope, projectId), "source", queueId, specs?.map((spec) => spec.ref) ?? []],
    queryFn: ({ signal }) =>
      loadJudgeSource({ trace, projectId, queueId, specs: specs ?? [], signal, onProgress: setProgress }),
    enabled: projectId !== "" && queueId !== "" && specs !== undefined,
    staleTime: SOURCE_STALE_MS,
  });
  return { ...query, progress };
}
