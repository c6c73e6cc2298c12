import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { isApiError } from "@/api/errors";
import { useApiClients } from "@/connection/api-clients";
import { Button } from "@/components/button";
import { SelectField } from "@/components/select-field";
import { TextField } from "@/components/text-field";
import { useRegistry, useRegistryStore } from "../registry/registry-context";
import { revealHiddenCharacters } from "@/lib/hidden-characters";
import { paths } from "@/lib/paths";
import { checkModelLink } from "./model-link-check";

/** Describes why a lookup by id failed, in a sentence that fits under the field. */
export function lookupError(error: unknown, what: "job" | "model", id: string): string {
  if (isApiError(error) && error.kind === "not_found")
    return `No ${what} '${id}' on this training service (404). ${error.serviceMessage ?? ""}`.trim();
  if (isApiError(error)) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * "Open job by ID": the service cannot list jobs, so a job made elsewhere (a script, a colleague)
 * is added by its id. The id is checked with the service first. A model can be named so the list
 * can show it (job events do not say which model a job trains): the link is checked against the
 * job's first step (model-link-check.ts); a refuted one is not made, an unconfirmable one is made
 * only when the user says so.
 */
export function OpenJobForm() {
  const { training } = useApiClients();
  const registry = useRegistry();
  const store = useRegistryStore();
  const navigate = useNavigate();
  const [jobId, setJobId] = useState("");
  const [modelId, setModelId] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [modelProblem, setModelProblem] = useState<string | null>(null);
  const [unconfirmed, setUnconfirmed] = useState<{ jobId: string; reason: string } | null>(null);
  const chosenModel = registry.models.find((m) => m.id === modelId);
  const finish = (id: string, linkedModel: string | undefined) => {
    store.upsertJob({ id, model_id: linkedModel, source: "opened" });
    void navigate(paths.trainingJob(id));
  };
  const open = useMutation({
    mutationFn: async (id: string) => {
      const job = await training.getJob(id);
      const check = chosenModel
        ? await checkModelLink(training, job.id, { id: chosenModel.id, label: chosenModel.name ?? chosenModel.id })
        : null;
      return { job, check };
    },
    onSuccess: ({ job, check }) => {
      if (!check || check.kind === "confirmed") return finish(job.id, check ? modelId : undefined);
      if (check.kind === "mismatch") {
        setModelProblem(
          `Not this model: its checkpoint at step ${check.step} has other figures than the job's step ${check.step}. Choose the model the job trains, or "Not known".`,
        );
        return;
      }
      setUnconfirmed({ jobId: job.id, reason: check.reason });
    },
    onError: (error, id) => setProblem(lookupError(error, "job", id)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = jobId.trim();
    if (!id) {
      setProblem("Enter the job's ID, e.g. job_3f9a0c1d2e4b5a69.");
      return;
    }
    setProblem(null);
    setModelProblem(null);
    setUnconfirmed(null);
    open.mutate(id);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Open job by ID" className="flex flex-wrap items-start gap-3">
      <TextField
        label="Job ID"
        className="min-w-64 flex-1"
        value={jobId}
        onChange={(event) => setJobId(event.target.value)}
        error={problem}
        placeholder="job_…"
        verbatim
        inputClassName="font-mono text-xs"
      />
      <SelectField
        className="min-w-56 max-w-md"
        error={modelProblem}
        label={
          <>
            Model it trains <span className="font-normal text-fg-muted">(optional)</span>
          </>
        }
        value={modelId}
        onChange={(event) => {
          setModelId(event.target.value);
          setModelProblem(null);
          setUnconfirmed(null);
        }}
      >
        <option value="">Not known</option>
        {registry.models.map((m) => (
          <option key={m.id} value={m.id}>
            {revealHiddenCharacters(m.name ? `${m.name} (${m.id})` : m.id)}
          </option>
        ))}
      </SelectField>
      <Button type="submit" className="mt-6" loading={open.isPending}>
        Open job
      </Button>
      {unconfirmed ? (
        <fieldset className="basis-full space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200">
          <legend className="sr-only">The model could not be confirmed</legend>
          <p>The job exists, but that it trains this model cannot be confirmed: {unconfirmed.reason}</p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => finish(unconfirmed.jobId, modelId)}>
              Open and link the model anyway
            </Button>
            <Button size="sm" variant="ghost" onClick={() => finish(unconfirmed.jobId, undefined)}>
              Open without a model
            </Button>
          </div>
        </fieldset>
      ) : null}
    </form>
  );
}
