import { useMutation } from "@tanstack/react-query";
import { Checkbox } from "@/components/checkbox";
import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { CreateModelRequest, type TrainingModel } from "@contract/training";
import { isApiError } from "@/api/errors";
import { useApiClients } from "@/connection/api-clients";
import { Button } from "@/components/button";
import { ErrorPanel } from "@/components/error-panel";
import { TextField } from "@/components/text-field";
import { baseModelWarning, SUPPORTED_BASE_MODELS } from "../base-models";
import { firstFieldMessages, issuesByField, type FieldMessages } from "@/components/form-errors";
import { useRegistryStore } from "../registry/registry-context";
import { readableIssues } from "@/lib/zod-issues";
import { paths } from "@/lib/paths";

const FIELDS = ["entity", "project", "name", "base_model"] as const;

/**
 * Creates a model (a named, trainable copy of a base model). Checked with the contract's schema
 * before sending; the service's 422s land on their fields; what was typed is kept on any error.
 */
export function CreateModelForm() {
  const { training } = useApiClients();
  const store = useRegistryStore();
  const navigate = useNavigate();
  const suggestionsId = useId();
  const [values, setValues] = useState({ entity: "", project: "", name: "", base_model: "" });
  const [returnExisting, setReturnExisting] = useState(false);
  const [clientErrors, setClientErrors] = useState<FieldMessages>({});
  const create = useMutation({
    mutationFn: (request: CreateModelRequest) => training.createModel(request),
    onSuccess: (model: TrainingModel) => {
      store.upsertModel({
        id: model.id,
        entity: model.entity,
        project: model.project,
        name: model.name,
        base_model: model.base_model,
        source: "created",
      });
      void navigate(paths.trainingModel(model.id));
    },
  });
  const serverErrors = firstFieldMessages(create.error, FIELDS);
  const conflict =
    isApiError(create.error) && create.error.kind === "conflict"
      ? (create.error.serviceMessage ?? create.error.message)
      : null;
  const errorFor = (field: (typeof FIELDS)[number]) =>
    clientErrors[field] ?? serverErrors[field] ?? (field === "name" ? conflict : null) ?? null;
  const generalError = create.error && !conflict && Object.keys(serverErrors).length === 0 ? create.error : null;

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setClientErrors((e) => ({ ...e, [field]: undefined }) as FieldMessages);
  };
  /** What each of the form's text fields takes from it: its value, its change and its message. */
  const fieldProps = (field: (typeof FIELDS)[number]) => ({
    value: values[field],
    onChange: set(field),
    error: errorFor(field),
    verbatim: true,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = {
      ...(values.entity.trim() ? { entity: values.entity.trim() } : {}),
      project: values.project.trim(),
      name: values.name.trim(),
      base_model: values.base_model.trim(),
      return_existing: returnExisting,
    };
    const checked = CreateModelRequest.safeParse(request, { reportInput: true });
    if (!checked.success) {
      setClientErrors(issuesByField(readableIssues(checked.error.issues), FIELDS));
      return;
    }
    setClientErrors({});
    create.mutate(request);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="create-model-heading" className="space-y-3">
      <h2 id="create-model-heading" className="text-sm font-semibold text-fg">
        Create a model
      </h2>
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Entity" hint="Empty: your key's default entity." {...fieldProps("entity")} />
        <TextField label="Project" hint="Letters, digits, '-', '_' and '.'." {...fieldProps("project")} />
        <TextField label="Name" {...fieldProps("name")} />
        <TextField
          label="Base model"
          {...fieldProps("base_model")}
          warning={errorFor("base_model") ? null : baseModelWarning(values.base_model)}
          list={suggestionsId}
          placeholder="OpenPipe/Qwen3-14B-Instruct"
        />
        <datalist id={suggestionsId}>
          {SUPPORTED_BASE_MODELS.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </datalist>
      </div>
      <label className="flex items-start gap-2 text-sm text-fg">
        <Checkbox checked={returnExisting} onCheckedChange={setReturnExisting} className="mt-0.5" />
        <span>
          Return the existing model if this name is taken
          <span className="block text-xs text-fg-muted">Otherwise a taken name is an error (409).</span>
        </span>
      </label>
      {generalError ? <ErrorPanel error={generalError} title="Could not create the model" /> : null}
      <Button type="submit" variant="primary" loading={create.isPending}>
        Create model
      </Button>
    </form>
  );
}
