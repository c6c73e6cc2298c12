import { useMemo, type ReactNode } from "react";
import type { QueueSpec } from "@/api/annotation-specs";
import { Section } from "@/components/section";
import { createDataColumnHelper, DataTable, DataTableRows, useDataTable } from "@/components/table";
import { SelectField } from "@/components/select-field";
import { cn } from "@/lib/cn";
import { revealHiddenCharacters } from "@/lib/hidden-characters";
import { RewardNumberInput } from "./reward-number-input";
import { canScale, type AnnotatorChoice, type NumberScale, type RewardMapping } from "./trajectories/reward-mapping";

const KIND_LABEL: Record<RewardMapping["kind"], string> = {
  numeric: "a number",
  rating: "a rating",
  "yes-no": "yes or no",
  categorical: "a choice",
};

/** The question whose answers become the reward, whose answers count, where else it comes from, and how it maps to a number. */
export function RewardSection({
  specs,
  spec,
  onSpec,
  mapping,
  onMapping,
  annotators,
  onAnnotators,
  annotatorIds,
  children,
}: {
  specs: readonly { spec: QueueSpec; usable: boolean }[];
  spec: QueueSpec | null;
  onSpec: (id: string) => void;
  mapping: RewardMapping | null;
  onMapping: (mapping: RewardMapping) => void;
  annotators: AnnotatorChoice;
  onAnnotators: (choice: AnnotatorChoice) => void;
  /** Everyone who answered the chosen question. */
  annotatorIds: readonly string[];
  /** Where the reward comes from where the annotators gave none (the judge's choice). */
  children?: ReactNode;
}) {
  return (
    <Section title="Reward">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Question"
          hint="Each call's reward is read from the answers to this question. Free-text questions cannot be a reward."
          value={spec?.id ?? ""}
          onChange={(event) => onSpec(event.target.value)}
        >
          {spec ? null : <option value="">No question can be a reward</option>}
          {specs.map(({ spec: option, usable }) => (
            <option key={option.id} value={option.id} disabled={!usable}>
              {revealHiddenCharacters(option.label)}
              {usable ? "" : " (free text: no reward)"}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Whose answers"
          hint="Where several annotators answered a call, the mean of their rewards; or one annotator's answers only."
          value={annotators.kind === "mean" ? "" : annotators.userId}
          onChange={(event) =>
            onAnnotators(event.target.value ? { kind: "one", userId: event.target.value } : { kind: "mean" })
          }
        >
          <option value="">Everyone (mean)</option>
          {annotators.kind === "one" && !annotatorIds.includes(annotators.userId) ? (
            <option value={annotators.userId}>{revealHiddenCharacters(annotators.userId)} (no answers)</option>
          ) : null}
          {annotatorIds.map((id) => (
            <option key={id} value={id}>
              {revealHiddenCharacters(id)}
            </option>
          ))}
        </SelectField>
      </div>
      {children}
      {spec && mapping ? <MappingEditor key={spec.id} mapping={mapping} onChange={onMapping} /> : null}
    </Section>
  );
}

const SCALES: { value: NumberScale; label: string }[] = [
  { value: "raw", label: "As answered" },
  { value: "unit", label: "Scaled to 0–1 (higher is better)" },
  { value: "unit-reversed", label: "Scaled to 0–1, reversed (lower is better)" },
];

function MappingEditor({ mapping, onChange }: { mapping: RewardMapping; onChange: (mapping: RewardMapping) => void }) {
  return (
    <fieldset className="space-y-2 rounded-lg border border-line p-3">
      <legend className="px-1 text-sm font-medium text-fg">
        Answer → reward (the answer is {KIND_LABEL[mapping.kind]})
      </legend>
      {mapping.kind === "numeric" || mapping.kind === "rating" ? (
        <div className="space-y-1 text-sm">
          {SCALES.map((scale) => {
            const disabled = scale.value !== "raw" && !canScale(mapping);
            return (
              <label key={scale.value} className={cn("flex items-center gap-2", disabled && "text-fg-muted")}>
                <input
                  type="radio"
                  name="reward-scale"
                  value={scale.value}
                  checked={mapping.scale === scale.value}
                  disabled={disabled}
                  onChange={() => onChange({ ...mapping, scale: scale.value })}
                />
                {scale.label}
                {scale.value !== "raw" && mapping.min !== null && mapping.max !== null ? (
                  <span className="text-fg-muted tabular-nums">
                    {" "}
                    ({mapping.min} → {scale.value === "unit" ? 0 : 1}, {mapping.max} → {scale.value === "unit" ? 1 : 0})
                  </span>
                ) : null}
              </label>
            );
          })}
          {!canScale(mapping) ? (
            <p className="text-xs text-fg-muted">The question gives no range, so its answers are taken as they are.</p>
          ) : null}
        </div>
      ) : mapping.kind === "yes-no" ? (
        <RewardTable
          caption="Reward of each answer"
          heading="Answer"
          rows={[
            { key: "yes", answer: "Yes", reward: mapping.yes, onChange: (yes) => onChange({ ...mapping, yes }) },
            { key: "no", answer: "No", reward: mapping.no, onChange: (no) => onChange({ ...mapping, no }) },
          ]}
        />
      ) : mapping.kind === "categorical" ? (
        <RewardTable
          caption="Reward of each choice"
          heading="Choice"
          rows={Object.entries(mapping.values).map(([choice, reward]) => ({
            key: choice,
            // A choice is the question's text: hidden characters shown, as everywhere else.
            answer: revealHiddenCharacters(choice),
            reward,
            onChange: (value) => onChange({ ...mapping, values: { ...mapping.values, [choice]: value } }),
          }))}
        />
      ) : null}
    </fieldset>
  );
}

type RewardRow = { key: string; answer: string; reward: number; onChange: (reward: number) => void };

const rewardHelper = createDataColumnHelper<RewardRow>();
const REWARD_COLUMNS = rewardHelper.columns([
  rewardHelper.display({
    id: "answer",
    meta: { label: "Answer", rowHeader: true, cellClassName: "max-w-64 font-normal break-words" },
    cell: ({ row }) => row.original.answer,
  }),
  rewardHelper.display({
    id: "reward",
    meta: { label: "Reward" },
    cell: ({ row: { original: row } }) => (
      <RewardNumberInput label={`Reward for ${row.answer}`} value={row.reward} onChange={row.onChange} />
    ),
  }),
]);

/** An answer per row and the reward it gives, editable: yes/no and multiple-choice questions alike. */
function RewardTable({ caption, heading, rows }: { caption: string; heading: string; rows: readonly RewardRow[] }) {
  // The first column is titled by what the rows are (the answers, the choices).
  const columns = useMemo(
    () =>
      REWARD_COLUMNS.map((column) =>
        column.id === "answer" ? { ...column, meta: { ...column.meta!, label: heading } } : column,
      ),
    [heading],
  );
  const table = useDataTable({ columns, data: rows, getRowId: (row) => row.key });
  return (
    <DataTable table={table} caption={caption} density="compact" className="w-auto">
      <DataTableRows table={table} plain />
    </DataTable>
  );
}
