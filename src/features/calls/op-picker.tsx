import { useId, useMemo, useState } from "react";
import { Field } from "@/components/field";
import { Select } from "@/components/select-field";
import { inputClasses } from "@/components/text-field";
import { revealHiddenCharacters } from "@/lib/hidden-characters";
import { versionLabel } from "@/lib/op-refs";
import { useAfterFirstPaint } from "@/lib/use-after-first-paint";
import { opNamesInOrder, type OpCatalog } from "./op-catalog";
import { opFilterValue } from "./op-filter";

/**
 * The op filter: a search box narrowing a list of the project's ops by name, and the list itself
 * (a native <select>, so every keyboard and screen reader knows it). Each op can be chosen with
 * every version or, when it has several, one version (`v2 · abc1234`).
 */
export function OpPicker({
  catalog,
  value,
  onChange,
  loading,
  error,
}: {
  catalog: OpCatalog;
  value: string;
  onChange: (value: string) => void;
  loading: boolean;
  error?: string;
}) {
  const searchId = useId();
  const [search, setSearch] = useState("");
  const needle = search.trim().toLowerCase();
  // The list of ops is not what a cold load is for (the rows are), and ordering it may need the
  // page's first collator: it comes two frames after the page is first painted. Until then the
  // list holds the chosen op alone, so the control shows what the address filters by.
  const listed = useAfterFirstPaint(true);
  const ordered = useMemo(() => (listed ? opNamesInOrder(catalog) : []), [listed, catalog]);
  const names = ordered.filter((name) => needle === "" || name.toLowerCase().includes(needle));
  // The chosen op stays in the list even when the search hides it or the catalog has not loaded.
  const chosenShown = value === "" || names.some((name) => value === name || value.startsWith(`${name}:`));
  return (
    // A width of its own: a select is as wide as its longest option, so the list filled after the first paint
    // would widen it and push the filters beside it along.
    <div className="flex w-80 max-w-full flex-col gap-1">
      <label htmlFor={searchId} className="sr-only">
        Search operations
      </label>
      <Field label="Operation" error={error}>
        {(control) => (
          <div className="flex flex-col gap-1">
            <input
              id={searchId}
              type="search"
              value={search}
              placeholder={loading ? "Loading ops…" : `Search ${catalog.size} ops`}
              onChange={(event) => setSearch(event.target.value)}
              className={`${inputClasses} border-line-strong`}
              autoComplete="off"
              spellCheck={false}
            />
            <Select
              id={control.id}
              aria-describedby={control.describedBy}
              invalid={control.invalid}
              value={value}
              onChange={(event) => onChange(event.target.value)}
            >
              <option value="">Every operation</option>
              {chosenShown ? null : <option value={value}>{revealHiddenCharacters(value)}</option>}
              {names.map((name) => {
                const versions = catalog.get(name) ?? [];
                const shownName = revealHiddenCharacters(name);
                if (versions.length < 2)
                  return (
                    <option key={name} value={opFilterValue(name)}>
                      {shownName}
                    </option>
                  );
                return (
                  <optgroup key={name} label={shownName}>
                    <option value={opFilterValue(name)}>{`${shownName} (all ${versions.length} versions)`}</option>
                    {versions.map((v) => (
                      <option
                        key={v.digest}
                        value={opFilterValue(name, v.digest)}
                      >{`${shownName} · ${versionLabel(v)} · ${v.digest.slice(0, 7)}`}</option>
                    ))}
                  </optgroup>
                );
              })}
            </Select>
          </div>
        )}
      </Field>
    </div>
  );
}
