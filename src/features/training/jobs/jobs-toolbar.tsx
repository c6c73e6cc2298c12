import { useState } from "react";
import { Button } from "@/components/button";
import { SelectField } from "@/components/select-field";
import { TextField } from "@/components/text-field";
import type { JobState } from "../events/job-summary";
import { JOB_STATES, type JobsView } from "./jobs-url-state";

const STATE_LABEL: Record<JobState, string> = {
  queued: "Queued",
  running: "Running",
  succeeded: "Succeeded",
  failed: "Failed",
};

type Props = {
  view: JobsView;
  models: { id: string; label: string }[];
  shown: number;
  total: number;
  onSearch: (q: string) => void;
  onChange: (change: Partial<JobsView>) => void;
};

/** Search, state and model filters above the jobs list; every choice lives in the URL. */
export function JobsToolbar({ view, models, shown, total, onSearch, onChange }: Props) {
  const filtered = Boolean(view.q || view.state || view.model);
  // The model filter keeps a model no job of the list trains any more (a link, a removed job), so the choice stays visible.
  const modelChoices =
    view.model && !models.some((m) => m.id === view.model)
      ? [...models, { id: view.model, label: view.model }]
      : models;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SearchField value={view.q} onCommit={onSearch} />
      <SelectField
        label="State"
        layout="inline"
        density="compact"
        selectClassName="h-8"
        value={view.state ?? ""}
        onChange={(e) => onChange({ state: JOB_STATES.find((s) => s === e.target.value) ?? null })}
      >
        <option value="">Any state</option>
        {JOB_STATES.map((state) => (
          <option key={state} value={state}>
            {STATE_LABEL[state]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Model"
        layout="inline"
        density="compact"
        selectClassName="h-8 max-w-56"
        value={view.model}
        onChange={(e) => onChange({ model: e.target.value })}
      >
        <option value="">Every model</option>
        {modelChoices.map((model) => (
          <option key={model.id} value={model.id}>
            {model.label}
          </option>
        ))}
      </SelectField>
      {filtered ? (
        <Button size="sm" variant="ghost" onClick={() => onChange({ q: "", state: null, model: "" })}>
          Clear filters
        </Button>
      ) : null}
      <output aria-live="polite" className="ml-auto text-xs text-fg-muted tabular-nums">
        {filtered ? `${shown} of ${total} jobs` : `${total} ${total === 1 ? "job" : "jobs"}`}
      </output>
    </div>
  );
}

/**
 * The search keeps what is typed (spaces included) while the URL keeps it trimmed; a new value
 * from outside (Back, "Clear filters") replaces the draft.
 */
function SearchField({ value, onCommit }: { value: string; onCommit: (q: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (draft.trim() !== value) setDraft(value);
  }
  return (
    <TextField
      label="Search jobs"
      type="search"
      value={draft}
      placeholder="Job id, model or base model"
      onChange={(event) => {
        setDraft(event.target.value);
        onCommit(event.target.value);
      }}
      className="w-full sm:w-72"
    />
  );
}
