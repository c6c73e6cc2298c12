import { useId } from "react";
import { compactSelectClasses } from "../compact-select";
import type { RegistryModel } from "../registry/registry-schema";
import { revealHiddenCharacters } from "@/lib/hidden-characters";

/**
 * Job events do not say which model a job trains; for a job opened by id the user may say it,
 * so the list and this page can link the model and its checkpoints.
 */
export function JobModelPicker({ models, onPick }: { models: RegistryModel[]; onPick: (modelId: string) => void }) {
  const id = useId();
  if (models.length === 0) return <span className="text-fg-muted">Not known</span>;
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Which model this job trains
      </label>
      <select id={id} defaultValue="" onChange={(event) => event.target.value && onPick(event.target.value)} className={`${compactSelectClasses} max-w-full`}>
        <option value="">Not known: choose…</option>
        {models.map((m) => (
          <option key={m.id} value={m.id}>
            {revealHiddenCharacters(m.name ?? m.id)}
          </option>
        ))}
      </select>
    </>
  );
}
