import { useId } from "react";
import { Select } from "@/components/select-field";
import { formatMetric } from "../metric-format";
import type { Direction } from "../metrics";
import { CheckpointActions, type ModelPath } from "./checkpoint-actions";

/** "Best by <metric> (<direction>)": which checkpoint to use, over all of the model's checkpoints. */
export function BestPicker({
  metrics,
  metric,
  direction,
  onChange,
  best,
  scanning,
  path,
}: {
  metrics: string[];
  metric: string | null;
  direction: Direction;
  onChange: (metric: string, direction: Direction) => void;
  best: { step: number; value: number } | null;
  scanning: boolean;
  path: ModelPath | null;
}) {
  const metricId = useId();
  const directionId = useId();
  if (!metric) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-sm">
      <label htmlFor={metricId} className="text-xs font-medium text-fg">
        Best checkpoint by
      </label>
      <Select
        density="compact"
        id={metricId}
        value={metric}
        onChange={(event) => onChange(event.target.value, direction)}
        className="font-mono"
      >
        {metrics.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </Select>
      <label htmlFor={directionId} className="sr-only">
        Which way is better
      </label>
      <Select
        density="compact"
        id={directionId}
        value={direction}
        onChange={(event) => onChange(metric, event.target.value as Direction)}
      >
        <option value="higher">higher is better</option>
        <option value="lower">lower is better</option>
      </Select>
      <output className="text-xs text-fg">
        {scanning ? (
          "Reading every checkpoint…"
        ) : best ? (
          <>
            Step <strong className="font-semibold tabular-nums">{best.step}</strong> ({metric}{" "}
            {formatMetric(best.value)})
          </>
        ) : (
          `No checkpoint has ${metric}.`
        )}
      </output>
      {best && !scanning ? (
        <span className="ml-auto">
          <CheckpointActions path={path} step={best.step} />
        </span>
      ) : null}
    </div>
  );
}
