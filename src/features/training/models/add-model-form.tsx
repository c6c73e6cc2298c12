import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { useApiClients } from "@/connection/api-clients";
import { Button } from "@/components/button";
import { TextField } from "@/components/text-field";
import { lookupError } from "../jobs/open-job-form";
import { useRegistryStore } from "../registry/registry-context";
import { parseModelPath } from "./model-path";
import { paths } from "@/lib/paths";

/**
 * "Add model by ID": the service cannot list models, nor describe one by id, so the id is checked
 * by reading one checkpoint page (an unknown id is the service's 404), and the full name, needed
 * for checkpoint addresses, is given by the user when known.
 */
export function AddModelForm() {
  const { training } = useApiClients();
  const store = useRegistryStore();
  const navigate = useNavigate();
  const [id, setId] = useState("");
  const [path, setPath] = useState("");
  const [idError, setIdError] = useState<string | null>(null);
  const [pathError, setPathError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (modelId: string) => training.listCheckpoints(modelId, { limit: 1 }),
    onError: (error, modelId) => setIdError(lookupError(error, "model", modelId)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const modelId = id.trim();
    const parsedPath = parseModelPath(path);
    setIdError(modelId ? null : "Enter the model's ID, e.g. model_3f9a0c1d2e4b5a69.");
    setPathError(parsedPath.ok ? null : parsedPath.error);
    if (!modelId || !parsedPath.ok) return;
    add.mutate(modelId, {
      onSuccess: () => {
        store.upsertModel({ id: modelId, ...parsedPath.value, source: "opened" });
        void navigate(paths.trainingModel(modelId));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="add-model-heading" className="space-y-3">
      <h2 id="add-model-heading" className="text-sm font-semibold text-fg">
        Add model by ID
      </h2>
      <TextField
        label="Model ID"
        value={id}
        onChange={(event) => setId(event.target.value)}
        error={idError}
        placeholder="model_…"
        verbatim
        inputClassName="font-mono text-xs"
      />
      <TextField
        label="Full name (optional)"
        hint="entity/project/name: needed to copy checkpoint addresses and to chat with them."
        value={path}
        onChange={(event) => setPath(event.target.value)}
        error={pathError}
        placeholder="demo/support-bot/support-rl"
        verbatim
      />
      <Button type="submit" loading={add.isPending}>
        Add model
      </Button>
    </form>
  );
}
