import { useMutation, useQueryClient } from "@tanstack/react-query";
import { NOTE_FEEDBACK_TYPE } from "@contract/trace-feedback";
import { callRef } from "@/api/annotation-specs";
import { useApiClients } from "@/connection/api-clients";
import { feedbackKeys } from "../../api/feedback";

/** Adding and deleting a call's notes (`wandb.note.1` feedback); either re-reads the call's feedback. */
export function useNotes(project: string, callId: string) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all(trace.scope, project) });
  const add = useMutation({
    mutationFn: (note: string) =>
      trace.createFeedback({
        project_id: project,
        weave_ref: callRef(project, callId),
        feedback_type: NOTE_FEEDBACK_TYPE,
        payload: { note },
      }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      trace.purgeFeedback({ project_id: project, query: { $expr: { $eq: [{ $getField: "id" }, { $literal: id }] } } }),
    onSuccess: refresh,
  });
  return { add, remove };
}
