import { startTransition, useOptimistic } from "react";
import { Button } from "@/components/button";

/**
 * Which metrics get a chart: one chip-like checkbox per metric, and "Show all". With thirteen
 * metrics and eight jobs, the few one is comparing are easier to read alone.
 */
export function MetricPicker({
  metrics,
  hidden: inUrl,
  onChange,
}: {
  metrics: readonly string[];
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
}) {
  // The address changes in a transition (the router's): until it lands, the chips show what was clicked.
  const [hidden, showHidden] = useOptimistic(inUrl);
  const shown = metrics.filter((name) => !hidden.includes(name)).length;
  const change = (next: string[]) =>
    startTransition(() => {
      showHidden(next);
      onChange(next);
    });
  const toggle = (name: string, on: boolean) => change(on ? hidden.filter((h) => h !== name) : [...hidden, name]);
  return (
    <fieldset className="flex flex-wrap items-center gap-1.5" data-testid="metric-picker">
      <legend className="mb-1.5 text-xs text-fg-muted">
        Charts shown: {shown} of {metrics.length}
      </legend>
      {metrics.map((name) => (
        <label
          key={name}
          className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-line-strong px-2.5 py-0.5 text-xs text-fg has-checked:border-accent has-checked:bg-accent/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus"
        >
          <input
            type="checkbox"
            className="sr-only"
            checked={!hidden.includes(name)}
            onChange={(event) => toggle(name, event.target.checked)}
          />
          <span className="font-mono">{name}</span>
        </label>
      ))}
      {hidden.some((name) => metrics.includes(name)) ? (
        <Button size="sm" variant="ghost" onClick={() => change([])}>
          Show all
        </Button>
      ) : null}
    </fieldset>
  );
}
