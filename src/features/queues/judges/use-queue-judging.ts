import { useQuery } from "@tanstack/react-query";
import { traceQueries } from "@/api/queries/trace";
import { useApiClients } from "@/connection/api-clients";
import { useQueue } from "../api/queue";
import { useJudgeSource } from "./load-judge-source";

const NO_REFS: readonly string[] = [];

/**
 * What both judges' pages read of a queue: its record, its questions (what a judge may answer)
 * and the queue read for judging (calls, answers, outcomes), which waits for the questions.
 */
export function useQueueJudging(project: string, queueId: string) {
  const { trace } = useApiClients();
  const queue = useQueue(project, queueId);
  const refs = queue.data?.scorer_refs ?? NO_REFS;
  const specs = useQuery({ ...traceQueries.queueSpecs(trace, refs), enabled: queue.isSuccess && refs.length > 0 });
  const specList = !queue.isSuccess ? undefined : refs.length === 0 ? [] : specs.data?.specs;
  const source = useJudgeSource(project, queueId, specList);
  return { queue, specs, specList, source };
}
