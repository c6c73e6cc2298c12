import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { isApiError } from "@/api/errors";
import { useApiClients } from "@/settings/api-clients";
import { Button } from "@/components/button";
import { controlBorder, Field } from "@/components/field";
import { inputClasses, TextField } from "@/components/text-field";
import { cn } from "@/lib/cn";
import { useRegistry, useRegistryStore } from "../registry/registry-context";
import { revealHiddenCharacters } from "@/lib/hidden-characters";
import { paths } from "@/lib/paths";

/** Describes why a lookup by id failed, in a sentence that fits under the field. */
export function lookupError(error: unknown, what: "job" | "model", id: string): string {
  if (isApiError(error) && error.kind === "not_found") return `No ${what} '${id}' on this training service (404). ${error.serviceMessage ?? ""}`.trim();
  if (isApiError(error)) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * "Open job by ID": the service cannot list jobs, so a job made elsewhere (a script, a colleague)
 * is added by its id. The id is checked with the service first; a model can be named so the
 * list can show it (job events do not say which model a job trains).
 */
export function OpenJobForm() {
  const { training } = useApiClients();
  const registry = useRegistry();
  const store = useRegistryStore();
  const navigate = useNavigate();
  const [jobId, setJobId] = useState("");
  const [modelId, setModelId] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const open = useMutation({
    mutationFn: (id: string) => training.getJob(id),
    onSuccess: (job) => {
      store.upsertJob({ id: job.id, model_id: modelId || undefined, source: "opened" });
      void navigate(paths.trainingJob(job.id));
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
        spellCheck={false}
        autoComplete="off"
        inputClassName="font-mono text-xs"
      />
      <Field
        className="min-w-56"
        label={
          <>
            Model it trains <span className="font-normal text-fg-muted">(optional)</span>
          </>
        }
      >
        {(control) => (
          <select id={control.id} value={modelId} onChange={(event) => setModelId(event.target.value)} className={cn(inputClasses, controlBorder(false))}>
            <option value="">Not known</option>
            {registry.models.map((m) => (
              <option key={m.id} value={m.id}>
                {revealHiddenCharacters(m.name ? `${m.name} (${m.id})` : m.id)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Button type="submit" className="mt-6" loading={open.isPending}>
        Open job
      </Button>
    </form>
  );
}
