import { readCallsFeedback, type QueueSpec } from "@/api/annotation-specs";
import type { TraceClient } from "@/api/trace";
import type { Feedback } from "@contract/trace-feedback";
import {
  answersByCall,
  outcomeOf,
  outcomesByVersion,
  readQueueInBatches,
  type AnswersOnCall,
  type OutcomesByVersion,
} from "@/features/queues";
import type { SourceCall, SourceItem } from "./trajectories/build-groups";

/** What a queue gives to train from: its items, their calls (inputs and output), the answers and the judges' outcomes on them. */
export type TrainingSource = {
  items: SourceItem[];
  calls: Map<string, SourceCall>;
  answers: Map<string, AnswersOnCall>;
  /** Every judge version's verdicts and failures on the calls (`<judge id>:<digest>` → call → outcome). */
  outcomes: OutcomesByVersion;
  /** When the read finished (epoch ms). */
  loadedAt: number;
  /** The list changed more than the reader could follow while it read. */
  inexact: boolean;
};

export type SourceProgress = { items: number; answeredCalls: number };

/** Only what a trajectory needs of a call: its conversation is in inputs and output. */
const CALL_COLUMNS = ["id", "op_name", "trace_id", "inputs", "output"];

/**
 * Reads the whole queue with the Insights page's reader (items in pages of 1,000; per batch of 250
 * calls one feedback query with a `$in` over their refs, and the calls themselves by
 * `filter.call_ids`, a few batches in flight). Answers to every question and every judge's
 * outcomes are kept (they are rows of the same feedback query), so choosing another reward or
 * another judge reads nothing again.
 */
export async function loadTrainingSource(options: {
  trace: TraceClient;
  projectId: string;
  queueId: string;
  specs: readonly QueueSpec[];
  signal: AbortSignal;
  onProgress?: (progress: SourceProgress) => void;
}): Promise<TrainingSource> {
  const { trace, projectId, queueId, specs, signal, onProgress } = options;
  const items: SourceItem[] = [];
  const calls = new Map<string, SourceCall>();
  const answers = new Map<string, AnswersOnCall>();
  // Only the judges' rows are kept past their batch: the answers are read from each batch as it comes.
  const judgeRows: Feedback[] = [];
  const report = () => onProgress?.({ items: items.length, answeredCalls: answers.size });
  const list = await readQueueInBatches({
    fetchPage: async ({ offset, limit }, pageSignal) =>
      (await trace.queryItems(queueId, { project_id: projectId, offset, limit }, { signal: pageSignal })).items,
    fetchBatch: async (callIds, batchSignal) => {
      const [rows, found] = await Promise.all([
        specs.length > 0 ? readCallsFeedback(trace, projectId, callIds, { signal: batchSignal }) : Promise.resolve([]),
        trace.queryCalls(
          { project_id: projectId, filter: { call_ids: [...callIds] }, limit: callIds.length, columns: CALL_COLUMNS },
          { signal: batchSignal },
        ),
      ]);
      return {
        answers: answersByCall(specs, rows),
        judgeRows: rows.filter((row) => outcomeOf(row) !== null),
        calls: found,
      };
    },
    readBatches: true,
    signal,
    onItems: (fresh) => {
      for (const item of fresh)
        items.push({ id: item.id, call_id: item.call_id, annotation_state: item.annotation_state });
      report();
    },
    onBatch: (found) => {
      for (const [callId, onCall] of found.answers) answers.set(callId, onCall);
      for (const row of found.judgeRows) judgeRows.push(row);
      for (const call of found.calls)
        calls.set(call.id, {
          id: call.id,
          op_name: call.op_name,
          trace_id: call.trace_id,
          inputs: call.inputs,
          output: call.output,
        });
      report();
    },
  });
  return {
    items,
    calls,
    answers,
    outcomes: outcomesByVersion(judgeRows),
    loadedAt: Date.now(),
    inexact: list.inexact,
  };
}
