import { checkpointArtifactUrl } from "@contract/training";
import { ErrorPanel } from "@/components/error-panel";
import { SelectField } from "@/components/select-field";
import { TrainingRegistryProvider, useRegistry } from "../registry/registry-context";
import { modelPath } from "../registry/registry-schema";
import { useCheckpointChoices, type CheckpointChoices } from "./checkpoint-choices";
import { parseCheckpointAddress, type CheckpointAddress } from "./checkpoint-address";

const LATEST = "latest";
const OTHER = "other";

type Props = { address: string; onChange: (address: string) => void; disabled: boolean };

/**
 * Model, then step: the checkpoints of the models this browser knows on the training service,
 * the best and the latest marked. It writes the address the field below shows; an address typed
 * there selects its model and step here when they are known.
 */
export function CheckpointPicker(props: Props) {
  return (
    <TrainingRegistryProvider>
      <Picker {...props} />
    </TrainingRegistryProvider>
  );
}

function Picker({ address, onChange, disabled }: Props) {
  const registry = useRegistry();
  // Only a model whose full name is known has an address.
  const models = registry.models.flatMap((model) => {
    const path = modelPath(model);
    return path ? [{ id: model.id, path }] : [];
  });
  const parsed = parseCheckpointAddress(address);
  const chosen = parsed ? models.find((m) => samePath(m.path, parsed)) : undefined;
  const { choices, pending, error, retry } = useCheckpointChoices(chosen?.id ?? null);
  const step = parsed?.step;
  const missingStep = step !== undefined && choices !== null && !choices.steps.includes(step);

  return (
    <div className="space-y-3">
      <SelectField
        label="Trained model"
        hint={
          models.length === 0 ? "No model with a known name in this browser yet: type an address below." : undefined
        }
        value={chosen?.id ?? (parsed ? OTHER : "")}
        disabled={disabled || models.length === 0}
        onChange={(event) => {
          const model = models.find((m) => m.id === event.target.value);
          if (model) onChange(checkpointArtifactUrl(model.path));
        }}
      >
        <option value="" disabled>
          Choose a model…
        </option>
        {parsed && !chosen ? (
          <option
            value={OTHER}
          >{`${parsed.entity}/${parsed.project}/${parsed.name} (typed, not in this browser's list)`}</option>
        ) : null}
        {models.map(({ id, path }) => (
          <option key={id} value={id}>
            {`${path.name} (${path.entity}/${path.project})`}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Step"
        warning={
          missingStep
            ? `This model has no checkpoint at step ${step} (deleted, or never made): the service will refuse it.`
            : null
        }
        after={
          error ? (
            <ErrorPanel error={error} title="Could not read the model's checkpoints" onRetry={retry} className="mt-1" />
          ) : null
        }
        value={step === undefined ? LATEST : String(step)}
        disabled={disabled || !chosen}
        onChange={(event) => {
          if (!chosen) return;
          const value = event.target.value;
          onChange(checkpointArtifactUrl(chosen.path, value === LATEST ? undefined : Number(value)));
        }}
      >
        <option value={LATEST}>
          {choices?.latest != null
            ? `Latest (step ${choices.latest} now; the newest when sent)`
            : "Latest (the newest when sent)"}
        </option>
        {missingStep ? <option value={String(step)}>{`Step ${step} (not found)`}</option> : null}
        {choices?.steps.map((s) => (
          <option key={s} value={String(s)}>
            {stepLabel(s, choices)}
          </option>
        ))}
        {pending ? <option disabled>Reading checkpoints…</option> : null}
      </SelectField>
    </div>
  );
}

const samePath = (a: { entity: string; project: string; name: string }, b: CheckpointAddress) =>
  a.entity === b.entity && a.project === b.project && a.name === b.name;

/** "Step 24 · latest · best by reward": the marks in words, never by colour or a symbol alone. */
export function stepLabel(step: number, choices: Pick<CheckpointChoices, "latest" | "best">): string {
  const marks = [
    step === choices.latest ? "latest" : null,
    step === choices.best?.step ? `best by ${choices.best.metric}` : null,
  ].filter(Boolean);
  return [`Step ${step}`, ...marks].join(" · ");
}
