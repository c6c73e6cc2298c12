import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useApiClients } from "@/connection/api-clients";
import { traceKeys } from "@/api/queries/trace";
import { feedbackKeys } from "../../api/feedback";
import { judgeKeys } from "../api/judges";
import type { Judge } from "../model/judge-value";
import type { PromptQuestion } from "../model/prompt-template";
import { lastRunStore } from "./last-run";
import type { RunDeps, RunTarget } from "./run-judge";
import { startRun } from "./run-store";
import type { TargetChoice } from "./run-targets";

/**
 * Starting a run of a judge version: the chat goes to the service the judge's model runs on, each
 * outcome is a feedback row on the trace service. What the run was asked is kept in localStorage
 * until it ends, so a closed tab's run is offered again; its end re-reads the outcomes.
 */
export function useStartJudgeRun(project: string) {
  const { trace, inference, training } = useApiClients();
  const queryClient = useQueryClient();
  return useCallback(
    (options: {
      judge: Judge;
      question: PromptQuestion & { schema: Record<string, unknown> };
      targets: readonly RunTarget[];
      choice: TargetChoice;
      concurrency: number;
    }) => {
      const { judge, choice } = options;
      const chatClient = judge.service === "training" ? training : inference;
      const deps: RunDeps = {
        chat: (request, signal) => chatClient.chatCompletion(request, { signal }),
        writeFeedback: (request, signal) => trace.createFeedback(request, { signal }),
      };
      const stored = lastRunStore(judge.ref);
      stored.set({ choice, startedAt: Date.now(), ended: false });
      startRun(
        {
          projectId: project,
          judge,
          question: options.question,
          targets: options.targets,
          concurrency: options.concurrency,
        },
        choice.scope,
        deps,
        (end) => {
          // A run that finished or cannot go on as it is needs no resuming; a cancelled or paused one may be resumed later.
          if (end.state === "finished" || end.state === "stopped") stored.set(null);
          void queryClient.invalidateQueries({ queryKey: judgeKeys.all(trace.scope, project) });
          // What else reads the new verdicts: the queue's reads under its items (the Train page's source)
          // and the calls' feedback (the review's suggestions).
          void queryClient.invalidateQueries({ queryKey: traceKeys.items(trace.scope, judge.queueId) });
          void queryClient.invalidateQueries({ queryKey: feedbackKeys.all(trace.scope, project) });
        },
      );
    },
    [project, trace, inference, training, queryClient],
  );
}
