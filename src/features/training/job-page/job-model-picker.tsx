import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useApiClients } from "@/connection/api-clients";
import { revealHiddenCharacters } from "@/lib/hidden-characters";
import { Select } from "@/components/select-field";
import { checkModelLink } from "../jobs/model-link-check";
import type { RegistryModel } from "../registry/registry-schema";

/**
 * Job events do not say which model a job trains; for a job opened by id the user may say it,
 * so the list and this page can link the model and its checkpoints. The choice is checked against
 * the job's first step (model-link-check.ts): a model whose checkpoint has other figures is not
 * linked, and a link that cannot be confirmed is made but said to be unconfirmed.
 */
export function JobModelPicker({
  jobId,
  models,
  onPick,
}: {
  jobId: string;
  models: RegistryModel[];
  onPick: (modelId: string) => void;
}) {
  const id = useId();
  const { training } = useApiClients();
  const [message, setMessage] = useState<{ text: string; refused: boolean } | null>(null);
  const check = useMutation({
    mutationFn: (model: RegistryModel) =>
      checkModelLink(training, jobId, { id: model.id, label: model.name ?? model.id }),
    onSuccess: (result, model) => {
      if (result.kind === "mismatch") {
        setMessage({
          text: `Not linked: ${model.name ?? model.id}'s checkpoint at step ${result.step} has other figures than this job's step ${result.step}.`,
          refused: true,
        });
        return;
      }
      setMessage(
        result.kind === "unconfirmed" ? { text: `Linked, but not confirmed: ${result.reason}`, refused: false } : null,
      );
      onPick(model.id);
    },
    onError: (error) =>
      setMessage({
        text: `Could not check the model: ${error instanceof Error ? error.message : String(error)}`,
        refused: true,
      }),
  });
  if (models.length === 0) return <span className="text-fg-muted">Not known</span>;
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Which model this job trains
      </label>
      <Select
        density="compact"
        id={id}
        defaultValue=""
        disabled={check.isPending}
        aria-describedby={message ? `${id}-message` : undefined}
        onChange={(event) => {
          const model = models.find((m) => m.id === event.target.value);
          if (model) check.mutate(model);
        }}
        className="max-w-full"
      >
        <option value="">{check.isPending ? "Checking…" : "Not known: choose…"}</option>
        {models.map((m) => (
          <option key={m.id} value={m.id}>
            {revealHiddenCharacters(m.name ?? m.id)}
          </option>
        ))}
      </Select>
      {message ? (
        <span
          id={`${id}-message`}
          className={
            message.refused
              ? "block text-xs font-medium text-red-700 dark:text-red-400"
              : "block text-xs text-amber-800 dark:text-amber-300"
          }
        >
          {message.text}
        </span>
      ) : null}
    </>
  );
}
