import { useMutation, useQueryClient } from "@tanstack/react-query";
import { NOTE_FEEDBACK_TYPE } from "@contract/trace-feedback";
import { callRef } from "@/api/annotation-specs";
import { useApiClients } from "@/connection/api-clients";
import { feedbackKeys } from "../../api/feedback";

/** A note to add, and the call it is on (the panel may show another call by the time it is saved). */
export type NoteToAdd = { callId: string; note: string };
/** A note to delete, and the call it is on. */
export type NoteToDelete = { callId: string; id: string };

/** Adding and deleting notes (`wandb.note.1` feedback) of the project's calls; either re-reads the call's feedback. */
export function useNotes(project: string) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all(trace.scope, project) });
  const add = useMutation({
    // A note added just before the tab is closed is still stored: the browser finishes the request (`keepalive`, for
    // a note of up to 8 KiB; a longer one is sent as usual).
    mutationFn: ({ callId, note }: NoteToAdd) =>
      trace.createFeedback(
        {
          project_id: project,
          weave_ref: callRef(project, callId),
          feedback_type: NOTE_FEEDBACK_TYPE,
          payload: { note },
        },
        { keepalive: true },
      ),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: ({ id }: NoteToDelete) =>
      trace.purgeFeedback({ project_id: project, query: { $expr: { $eq: [{ $getField: "id" }, { $literal: id }] } } }),
    onSuccess: refresh,
  });
  return { add, remove };
}
