import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { modelKeys } from "../api/models";
import { useApiClients } from "@/connection/api-clients";
import { Button } from "@/components/button";
import { Dialog } from "@/components/dialog";
import { ErrorPanel } from "@/components/error-panel";
import { TrashIcon } from "@/components/icons";
import { TextField } from "@/components/text-field";
import { useRegistry, useRegistryStore } from "../registry/registry-context";
import type { ModelsPageNotice } from "./models-page";
import { paths } from "@/lib/paths";

/**
 * Deletes a model and everything that hangs off it (checkpoints, jobs, the run). Confirmed by
 * typing the model's name (its id when the name is not known); the models page then says what
 * was removed.
 */
export function DeleteModelButton({ modelId, confirmText }: { modelId: string; confirmText: string }) {
  const { training } = useApiClients();
  const queryClient = useQueryClient();
  const registry = useRegistry();
  const store = useRegistryStore();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const remove = useMutation({
    mutationFn: () => training.deleteModel(modelId),
    onSuccess: (result) => {
      const jobs = registry.jobs.filter((j) => j.model_id === modelId);
      for (const job of jobs) store.removeJob(job.id);
      store.removeModel(modelId);
      queryClient.removeQueries({ queryKey: modelKeys.detail(training.scope, modelId) });
      const notice: ModelsPageNotice = {
        notice:
          `Deleted model ${confirmText} (${result.model_id}): ${result.deleted_checkpoints} checkpoint${result.deleted_checkpoints === 1 ? "" : "s"}` +
          `${result.deleted_run ? " and its W&B run" : ""} removed` +
          `${jobs.length ? `; its ${jobs.length} job${jobs.length === 1 ? "" : "s"} left this browser's list` : ""}.`,
      };
      void navigate(paths.trainingModels, { state: notice });
    },
  });
  const matches = typed.trim() === confirmText;
  const close = () => {
    setOpen(false);
    setTyped("");
    remove.reset();
  };

  return (
    <>
      <Button variant="danger" icon={<TrashIcon size={14} />} onClick={() => setOpen(true)}>
        Delete model
      </Button>
      <Dialog
        open={open}
        title="Delete this model?"
        description={
          <>
            The model, all its checkpoints, its jobs and their events are deleted from the training service. This cannot
            be undone.
          </>
        }
        onClose={close}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (matches) remove.mutate();
          }}
          className="space-y-4"
        >
          <TextField
            label={
              <>
                Type <code className="rounded bg-subtle px-1 font-mono text-xs">{confirmText}</code> to confirm
              </>
            }
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            verbatim
          />
          {remove.isError ? <ErrorPanel error={remove.error} title="Could not delete the model" /> : null}
          <div className="flex justify-end gap-2">
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="danger" disabled={!matches} loading={remove.isPending}>
              Delete model
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
