import { useId } from "react";
import { Select } from "@/components/select-field";
import type { Judge } from "../model/judge-value";

export const NO_VERSION = "";

/** The two versions to compare: the older on the left, the newer on the right (or none for one version alone). */
export function VersionPicker({
  versions,
  old,
  current,
  onChange,
}: {
  versions: readonly Judge[];
  old: string;
  current: string;
  onChange: (next: { old: string; current: string }) => void;
}) {
  const oldId = useId();
  const currentId = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-fg">
      <span className="flex items-center gap-2">
        <label htmlFor={oldId}>Compare</label>
        <Select
          id={oldId}
          density="compact"
          value={old}
          onChange={(event) => onChange({ old: event.target.value, current })}
        >
          <option value={NO_VERSION}>no other version</option>
          {versions.map((version) => (
            <option key={version.digest} value={version.digest} disabled={version.digest === current}>
              v{version.versionIndex}
            </option>
          ))}
        </Select>
      </span>
      <span className="flex items-center gap-2">
        <label htmlFor={currentId}>with</label>
        <Select
          id={currentId}
          density="compact"
          value={current}
          onChange={(event) =>
            onChange({ old: event.target.value === old ? NO_VERSION : old, current: event.target.value })
          }
        >
          {versions.map((version) => (
            <option key={version.digest} value={version.digest}>
              v{version.versionIndex}
              {version === versions[0] ? " (latest)" : ""}
            </option>
          ))}
        </Select>
      </span>
    </div>
  );
}
