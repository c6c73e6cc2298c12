import { useId, useState, type FormEvent } from "react";
import { TRAINING_DATA_URL_PATTERN } from "@contract/training";
import { Button } from "@/components/button";
import { ErrorPanel } from "@/components/error-panel";
import { TextField } from "@/components/text-field";
import { firstFieldMessages } from "@/components/form-errors";
import { buildExperimentalConfig, EMPTY_CONFIG, readPositiveNumber, type ConfigInput } from "./experimental-config";
import { ExperimentalConfigFields } from "./experimental-config-fields";
import { ModelPicker } from "./model-picker";
import { useCreateJob } from "./use-create-job";

const FIELDS = ["model_id", "training_data_url", "config.batch_size", "config.learning_rate", "experimental_config"];

type Errors = { model?: string; url?: string; batch?: string; learningRate?: string; extraJson?: string };

/** An SFT job on a dataset artifact or an https JSONL file of chat examples. */
export function SftJobForm({ modelId, onModelChange }: { modelId: string; onModelChange: (id: string) => void }) {
  const create = useCreateJob();
  const batchGroup = useId();
  const [url, setUrl] = useState("");
  const [batchMode, setBatchMode] = useState<"auto" | "number">("auto");
  const [batchSize, setBatchSize] = useState("8");
  const [config, setConfig] = useState<ConfigInput>(EMPTY_CONFIG);
  const [errors, setErrors] = useState<Errors>({});
  const server = firstFieldMessages(create.error, FIELDS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!modelId.trim()) next.model = "Choose the model to train.";
    if (!TRAINING_DATA_URL_PATTERN.test(url.trim()))
      next.url = "Use wandb-artifact:///<entity>/<project>/<name>[:version] or an https:// URL.";
    const batch = Number(batchSize);
    if (batchMode === "number" && !(Number.isInteger(batch) && batch >= 1 && batch <= 4096))
      next.batch = "A whole number from 1 to 4096.";
    // The learning rate belongs in `config` for SFT; other settings go in experimental_config.
    const rate = readPositiveNumber(config.learningRate);
    if (!rate.ok) next.learningRate = rate.error;
    const experimental = buildExperimentalConfig({ learningRate: "", extraJson: config.extraJson });
    if (!experimental.ok) Object.assign(next, experimental.errors);
    setErrors(next);
    if (Object.keys(next).length > 0 || !rate.ok || !experimental.ok) return;
    create.mutate({
      kind: "sft",
      request: {
        model_id: modelId.trim(),
        training_data_url: url.trim(),
        config: {
          batch_size: batchMode === "auto" ? "auto" : batch,
          ...(rate.value !== undefined ? { learning_rate: rate.value } : {}),
        },
        ...(experimental.value ? { experimental_config: experimental.value } : {}),
      },
    });
  };

  const unplaced = create.error && Object.keys(server).length === 0 ? create.error : null;

  return (
    <form onSubmit={submit} noValidate aria-label="New SFT job" className="space-y-5">
      <ModelPicker value={modelId} onChange={onModelChange} error={errors.model ?? server.model_id ?? null} />
      <TextField
        label="Training data URL"
        hint="A dataset artifact (wandb-artifact:///entity/project/name:v1) or an https:// URL of a JSONL file of chat examples."
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={errors.url ?? server.training_data_url}
        placeholder="wandb-artifact:///demo/support-bot/support-dialogs:v1"
        verbatim
        inputClassName="font-mono text-xs"
      />
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-fg">Batch size</legend>
        <div className="flex flex-wrap items-center gap-4 text-sm text-fg">
          <label className="flex items-center gap-1.5">
            <input
              type="radio"
              name={batchGroup}
              checked={batchMode === "auto"}
              onChange={() => setBatchMode("auto")}
              className="accent-[var(--ui-accent)]"
            />
            Auto (the service chooses)
          </label>
          <label className="flex items-center gap-1.5">
            <input
              type="radio"
              name={batchGroup}
              checked={batchMode === "number"}
              onChange={() => setBatchMode("number")}
              className="accent-[var(--ui-accent)]"
            />
            Fixed
          </label>
          <TextField
            label="Examples per batch"
            className="w-40"
            type="number"
            min={1}
            max={4096}
            value={batchSize}
            onChange={(event) => setBatchSize(event.target.value)}
            disabled={batchMode === "auto"}
            error={errors.batch ?? server["config.batch_size"]}
          />
        </div>
      </fieldset>
      <ExperimentalConfigFields
        value={config}
        onChange={setConfig}
        errors={{
          learningRate: errors.learningRate ?? server["config.learning_rate"],
          extraJson: errors.extraJson ?? server.experimental_config,
        }}
        learningRateHint="Sent as config.learning_rate; empty: the service's default."
      />
      {unplaced ? <ErrorPanel error={unplaced} title="The job was not created" /> : null}
      <Button type="submit" variant="primary" loading={create.isPending}>
        Start SFT job
      </Button>
    </form>
  );
}
