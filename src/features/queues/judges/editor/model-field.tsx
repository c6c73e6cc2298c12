import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { inferenceQueries } from "@/api/queries/inference";
import { SelectField } from "@/components/select-field";
import { TextField } from "@/components/text-field";
import { useApiClients } from "@/connection/api-clients";
import { CHECKPOINT_EXAMPLE, CheckpointPicker } from "@/features/training";
import { JUDGE_BOUNDS } from "../model/judge-value";
import { serviceOfModel } from "./judge-form";

const CHECKPOINT = "__checkpoint__";
const TYPED = "__typed__";

/** How the model is being chosen, when the person picked it; otherwise it follows from the value. */
type Picked = "checkpoint" | "typed" | null;

/**
 * The judge's model: one of the inference catalog; a trained checkpoint of the training service,
 * picked by model and step (or its `wandb-artifact:///…` address typed); or any other id typed by
 * hand (a model the catalog does not list, another OpenAI-compatible service's).
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
  const [picked, setPicked] = useState<Picked>(null);
  const checkpoint = picked === "checkpoint" || (picked === null && serviceOfModel(value) === "training");
  const typed = !checkpoint && (picked === "typed" || (value !== "" && catalog.isSuccess && !listed));
  return (
    <div className="space-y-2">
      <SelectField
        label="Model"
        hint={catalog.isError ? "The inference catalog could not be read: type the model's id." : undefined}
        value={checkpoint ? CHECKPOINT : typed ? TYPED : value}
        onChange={(event) => {
          const next = event.target.value;
          if (next === CHECKPOINT) {
            setPicked("checkpoint");
            // A catalog id kept here would be saved as the judge's model while a checkpoint is shown.
            if (serviceOfModel(value) !== "training") onChange("");
          } else if (next === TYPED) {
            setPicked("typed");
          } else {
            setPicked(null);
            onChange(next);
          }
        }}
        error={typed || checkpoint ? undefined : error}
      >
        {value === "" && !typed && !checkpoint ? <option value="">Choose a model…</option> : null}
        {catalog.isPending ? <option disabled>Reading the catalog…</option> : null}
        {ids.map((id) => (
          <option key={id} value={id}>
            {id}
          </option>
        ))}
        <option value={CHECKPOINT}>A trained checkpoint (training service)…</option>
        <option value={TYPED}>Another model: type its id…</option>
      </SelectField>
      {checkpoint ? (
        <div className="space-y-2 rounded-md border border-line p-3">
          <CheckpointPicker address={value} onChange={onChange} disabled={false} />
          <TextField
            label="Checkpoint address"
            hint="Picked above, or typed. Without :step the latest checkpoint answers each request."
            value={value}
            placeholder={CHECKPOINT_EXAMPLE}
            maxLength={JUDGE_BOUNDS.model}
            verbatim
            inputClassName="font-mono text-xs"
            error={error}
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
      ) : null}
      {typed ? (
        <TextField
          label="Model id"
          hint="A model id the inference service answers to (a wandb-artifact:/// address runs on the training service)."
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
