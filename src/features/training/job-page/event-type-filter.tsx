import { formatCount } from "@/lib/number-format";

/** One checkbox per event type, with how many there are. */
export function EventTypeFilter({
  types,
  selected,
  onChange,
}: {
  types: { type: string; count: number }[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}) {
  const toggle = (type: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(type);
    else next.delete(type);
    onChange(next);
  };
  return (
    <fieldset className="flex flex-wrap items-center gap-1.5">
      <legend className="sr-only">Show event types</legend>
      {types.map(({ type, count }) => (
        <label
          key={type}
          className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-line-strong px-2.5 py-0.5 text-xs text-fg has-checked:border-accent has-checked:bg-accent/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus"
        >
          <input
            type="checkbox"
            className="sr-only"
            checked={selected.has(type)}
            onChange={(event) => toggle(type, event.target.checked)}
          />
          <span className="font-mono">{type}</span>
          <span className="text-fg-muted tabular-nums">{formatCount(count)}</span>
        </label>
      ))}
    </fieldset>
  );
}
