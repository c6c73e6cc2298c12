import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import type { DeleteCheckpointsResponse } from "@contract/training";
import { modelKeys } from "../api/models";
import { useApiClients } from "@/connection/api-clients";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ErrorPanel } from "@/components/error-panel";
import { TrashIcon } from "@/components/icons";
import { compactControlClasses } from "@/components/text-field";
import { cn } from "@/lib/cn";
import { describeDeletion, describeMissing, planDelete, type DeletePlan, type KnownCheckpoints } from "./delete-plan";
import { formatStepList, parseStepList } from "./step-list";

function describeResult(result: DeleteCheckpointsResponse): string {
  const deleted = `Deleted ${result.deleted_count} checkpoint${result.deleted_count === 1 ? "" : "s"}.`;
  if (result.not_found_steps.length === 0) return deleted;
  return `${deleted} Not found (nothing to delete): step${result.not_found_steps.length === 1 ? "" : "s"} ${formatStepList(result.not_found_steps)}.`;
}

/**
 * Deleting checkpoints: the selected ones, or steps typed by number. Always confirmed, naming only
 * steps that exist (when every checkpoint has been read) and saying when the best or the latest
 * goes; the result says how many were deleted and which steps the service did not find.
 */
export function DeleteCheckpoints({
  modelId,
  modelLabel,
  selected,
  known,
  onDeleted,
}: {
  modelId: string;
  modelLabel: string;
  selected: number[];
  known: KnownCheckpoints;
  onDeleted: () => void;
}) {
  const { training } = useApiClients();
  const queryClient = useQueryClient();
  const stepsId = useId();
  const [pending, setPending] = useState<DeletePlan | null>(null);
  const [typed, setTyped] = useState("");
  const [typedError, setTypedError] = useState<string | null>(null);
  const [report, setReport] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (steps: number[]) => training.deleteCheckpoints(modelId, { steps }),
    onSuccess: (result) => {
      setReport(describeResult(result));
      setTyped("");
      onDeleted();
    },
    // The list and the best checkpoint change either way (some may have been deleted before a failure).
    onSettled: () => queryClient.invalidateQueries({ queryKey: modelKeys.checkpoints(training.scope, modelId) }),
  });

  const deleteTyped = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseStepList(typed);
    if (!parsed.ok) {
      setTypedError(parsed.error);
      return;
    }
    const plan = planDelete(parsed.steps, known);
    if (plan.steps.length === 0) {
      const held =
        known.stats && known.stats.count > 0
          ? ` This model has ${known.stats.count === 1 ? "one checkpoint" : `${known.stats.count} checkpoints`}, steps ${formatStepList(known.stats.steps)}.`
          : " This model has no checkpoints.";
      setTypedError(
        `No checkpoint at ${parsed.steps.length === 1 ? "step" : "steps"} ${formatStepList(parsed.steps)}.${held}`,
      );
      return;
    }
    setTypedError(null);
    setPending(plan);
  };

  const confirm = () => {
    if (!pending) return;
    setReport(null);
    remove.mutate(pending.steps);
    setPending(null);
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        {/* Red only once there is something to delete: a faded red button still read as live on a phone. */}
        <Button
          variant={selected.length === 0 ? "secondary" : "danger"}
          size="sm"
          disabled={selected.length === 0}
          loading={remove.isPending}
          icon={<TrashIcon size={13} />}
          onClick={() => setPending(planDelete(selected, known))}
        >
          Delete selected ({selected.length})
        </Button>
        <form onSubmit={deleteTyped} noValidate className="flex items-center gap-2">
          <label htmlFor={stepsId} className="text-xs text-fg-muted">
            or by step
          </label>
          <input
            id={stepsId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="e.g. 4, 7-9"
            autoComplete="off"
            aria-invalid={typedError ? true : undefined}
            aria-describedby={typedError ? `${stepsId}-error` : undefined}
            className={cn(compactControlClasses, "w-32", typedError ? "border-red-600 dark:border-red-500" : "")}
          />
          <Button type="submit" size="sm">
            Delete steps…
          </Button>
        </form>
      </div>
      {typedError ? (
        <p id={`${stepsId}-error`} className="text-xs font-medium text-red-700 dark:text-red-400">
          {typedError}
        </p>
      ) : null}
      <output className="block">{report ? <p className="text-sm text-fg">{report}</p> : null}</output>
      {remove.isError ? <ErrorPanel error={remove.error} title="Could not delete checkpoints" /> : null}
      <ConfirmDialog
        open={pending !== null}
        title={`Delete ${pending?.steps.length ?? 0} checkpoint${pending?.steps.length === 1 ? "" : "s"}?`}
        description={
          pending ? (
            <>
              <span className="block">
                {describeDeletion(pending.steps, modelLabel)} Chat addresses of{" "}
                {pending.steps.length === 1 ? "this step" : "these steps"} stop working. This cannot be undone.
              </span>
              {pending.missing.length > 0 ? (
                <span className="mt-2 block">{describeMissing(pending.missing)}</span>
              ) : null}
              {pending.warnings.map((warning) => (
                <strong key={warning} className="mt-2 block font-medium text-amber-800 dark:text-amber-300">
                  {warning}
                </strong>
              ))}
            </>
          ) : null
        }
        confirmLabel="Delete checkpoints"
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
