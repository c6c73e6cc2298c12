import { useState } from "react";
import type { AnnotationQueue } from "@contract/trace";
import { useSaveTeamSettings } from "../api/team-settings";
import type { TeamSettings } from "../team/team-settings";
import { useCreateQueue, useUpdateQueue, type QueueDraft } from "./use-queue-mutations";

/**
 * Saving the queue form: the queue first, then its team settings object when they are to change.
 * They are two writes: when the second fails the queue is already stored, so a retry sends only
 * the settings (never a second queue) and the form says which of the two was saved.
 */
export function useQueueFormSave(projectId: string, queue: AnnotationQueue | undefined, initial: QueueDraft) {
  const create = useCreateQueue(projectId);
  const update = useUpdateQueue(projectId, queue?.id ?? "", initial);
  const saveQueue = queue ? update : create;
  const saveTeam = useSaveTeamSettings(projectId);
  // The queue this form stored while its settings have not been: what is left to save is theirs alone.
  const [storedQueueId, setStoredQueueId] = useState<string | null>(null);

  const saveSettings = (queueId: string, settings: TeamSettings | null, onSaved: (queueId: string) => void) => {
    if (!settings) return onSaved(queueId);
    saveTeam.mutate({ queueId, settings }, { onSuccess: () => onSaved(queueId) });
  };

  /** `settings` null leaves the stored settings as they are. */
  const submit = (draft: QueueDraft, settings: TeamSettings | null, onSaved: (queueId: string) => void) => {
    if (storedQueueId !== null) return saveSettings(storedQueueId, settings, onSaved);
    saveQueue.mutate(draft, {
      onSuccess: (stored) => {
        if (settings) setStoredQueueId(stored.id);
        saveSettings(stored.id, settings, onSaved);
      },
    });
  };

  return {
    submit,
    isPending: saveQueue.isPending || saveTeam.isPending,
    /** The queue's own write failed: nothing was stored. */
    queueError: storedQueueId === null ? saveQueue.error : null,
    /** The queue is stored and its settings failed. */
    settingsError: storedQueueId !== null ? saveTeam.error : null,
    /** The queue is stored: its fields are saved, only the settings are left. */
    queueStored: storedQueueId !== null,
  };
}
