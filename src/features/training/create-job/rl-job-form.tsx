import { useState, type FormEvent } from "react";
import { Button } from "@/components/button";
import { ErrorPanel } from "@/components/error-panel";
import { firstFieldMessages } from "@/components/form-errors";
import { buildExperimentalConfig, EMPTY_CONFIG, type ConfigInput } from "./experimental-config";
import { ExampleFormat } from "./example-format";
import { ExperimentalConfigFields } from "./experimental-config-fields";
import { FileDrop } from "./file-drop";
import { ModelPicker } from "./model-picker";
import { serverTrajectoryMessage, withPeopleNumbering } from "./trajectory-errors";
import { readTrajectoryFile, type TrajectoryFile } from "./trajectory-file";
import { TrajectoryPreview } from "./trajectory-preview";
import { useCreateJob } from "./use-create-job";
import { UntrustedText } from "@/components/untrusted-text";
import { countOf, formatCount } from "@/lib/number-format";

const FIELDS = ["model_id", "trajectory_groups", "experimental_config"];

/** "8 groups: 5 pass the check, 3 have problems (4 problems)." or "3 groups, no problems." */
function readSummary(file: TrajectoryFile): string {
  const problems = file.issues.length;
  if (problems === 0) return `${countOf(file.groupCount, "group")}, no problems.`;
  const broken = file.groupCount - file.groups.length;
  if (file.groupCount === 0) return `no groups (${countOf(problems, "problem")}).`;
  return `${countOf(file.groupCount, "group")}: ${formatCount(file.groups.length)} pass the check, ${formatCount(broken)} ${broken === 1 ? "has" : "have"} problems (${countOf(problems, "problem")}).`;
}

type Errors = { model?: string; file?: string; learningRate?: string; extraJson?: string };

/**
 * An RL job from trajectory groups in a JSON or JSONL file. The file is read and every trajectory
 * checked here first: a malformed line is reported with its number and nothing is sent.
 */
export function RlJobForm({ modelId, onModelChange }: { modelId: string; onModelChange: (id: string) => void }) {
  const create = useCreateJob();
  const [file, setFile] = useState<{ name: string; content: TrajectoryFile } | null>(null);
  const [reading, setReading] = useState(false);
  const [config, setConfig] = useState<ConfigInput>(EMPTY_CONFIG);
  const [errors, setErrors] = useState<Errors>({});
  const server = firstFieldMessages(create.error, FIELDS);
  const groupsMessage = serverTrajectoryMessage(create.error);
  if (groupsMessage) server.trajectory_groups = groupsMessage;

  const readFile = async (picked: File) => {
    setReading(true);
    try {
      setFile({ name: picked.name, content: readTrajectoryFile(await picked.text(), picked.name) });
      setErrors((e) => ({ ...e, file: undefined }));
    } catch (error) {
      setFile(null);
      setErrors((e) => ({
        ...e,
        file: `Could not read ${picked.name}: ${error instanceof Error ? error.message : String(error)}`,
      }));
    } finally {
      setReading(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!modelId.trim()) next.model = "Choose the model to train.";
    if (!file) next.file = "Choose a JSON or JSONL file of trajectory groups.";
    else if (file.content.issues.length > 0)
      next.file = "Fix the problems listed below first: nothing is sent while the file has any.";
    const experimental = buildExperimentalConfig(config);
    if (!experimental.ok) Object.assign(next, experimental.errors);
    setErrors(next);
    if (Object.keys(next).length > 0 || !file || !experimental.ok) return;
    create.mutate({
      kind: "rl",
      request: {
        model_id: modelId.trim(),
        trajectory_groups: file.content.groups,
        ...(experimental.value ? { experimental_config: experimental.value } : {}),
      },
      origin: { kind: "file", fileName: file.name.slice(0, 500) },
    });
  };

  const unplaced = create.error && Object.keys(server).length === 0 ? create.error : null;

  return (
    <form onSubmit={submit} noValidate aria-label="New RL job" className="space-y-5">
      <ModelPicker value={modelId} onChange={onModelChange} error={errors.model ?? server.model_id ?? null} />
      <div className="space-y-2">
        <p className="text-sm font-medium text-fg">Trajectory groups</p>
        <FileDrop
          label="Choose or drop a trajectory file"
          hint='JSONL: one {"trajectories": [...]} group per line. JSON: an array of groups. Each group is one gradient step.'
          accept=".jsonl,.ndjson,.json,application/json,application/x-ndjson"
          fileName={file?.name ?? null}
          onFile={(picked) => void readFile(picked)}
          invalid={Boolean(errors.file ?? server.trajectory_groups)}
        />
        <ExampleFormat />
        <output className="block text-xs text-fg-muted">
          {reading ? (
            "Reading the file…"
          ) : file ? (
            <>
              Read <UntrustedText text={file.name} />
              {`: ${readSummary(file.content)}`}
            </>
          ) : null}
        </output>
        {(errors.file ?? server.trajectory_groups) ? (
          <p className="text-xs font-medium text-red-700 dark:text-red-400">
            {errors.file ?? server.trajectory_groups}
          </p>
        ) : null}
        {file ? <TrajectoryPreview file={file.content} fileName={file.name} /> : null}
      </div>
      <ExperimentalConfigFields
        value={config}
        onChange={setConfig}
        errors={{ learningRate: errors.learningRate, extraJson: errors.extraJson ?? server.experimental_config }}
        learningRateHint="Empty: the service's default."
      />
      {unplaced ? <ErrorPanel error={withPeopleNumbering(unplaced)} title="The job was not created" /> : null}
      <Button type="submit" variant="primary" loading={create.isPending}>
        Start RL job
      </Button>
    </form>
  );
}
