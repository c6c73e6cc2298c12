import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { inferenceQueries } from "@/api/queries/inference";
import { SelectField } from "@/components/select-field";
import { TextField } from "@/components/text-field";
import { useApiClients } from "@/connection/api-clients";
import { JUDGE_BOUNDS } from "../model/judge-value";

const TYPED = "__typed__";

/**
 * The judge's model: one of the inference catalog, or an id typed by hand (a model the catalog
 * does not list, another OpenAI-compatible service's, or a trained checkpoint's
 * `wandb-artifact:///…` address, which runs on the training service).
 */
export function ModelField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (model: string) => void;
  error: string | undefined;
}) {
  const { inference } = useApiClients();
  const catalog = useQuery(inferenceQueries.models(inference));
  const ids = catalog.data?.data.map((model) => model.id) ?? [];
  const listed = ids.includes(value);
  const [typing, setTyping] = useState(false);
  const typed = typing || (value !== "" && catalog.isSuccess && !listed);
  return (
    <div className="space-y-2">
      <SelectField
        label="Model"
        hint={catalog.isError ? "The inference catalog could not be read: type the model's id." : undefined}
        value={typed ? TYPED : value}
        onChange={(event) => {
          const next = event.target.value;
          setTyping(next === TYPED);
          if (next !== TYPED) onChange(next);
        }}
        error={typed ? undefined : error}
      >
        {value === "" && !typed ? <option value="">Choose a model…</option> : null}
        {catalog.isPending ? <option disabled>Reading the catalog…</option> : null}
        {ids.map((id) => (
          <option key={id} value={id}>
            {id}
          </option>
        ))}
        <option value={TYPED}>Another model, or a trained checkpoint…</option>
      </SelectField>
      {typed ? (
        <TextField
          label="Model id"
          hint="A model id, or a checkpoint's address (wandb-artifact:///entity/project/model:step12) to run on the training service."
          value={value}
          maxLength={JUDGE_BOUNDS.model}
          verbatim
          error={error}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : null}
    </div>
  );
}
