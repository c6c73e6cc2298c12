import { Field } from "@/components/field";
import { SMOOTHING_MAX, SMOOTHING_MIN } from "./smoothing";

/** The EMA weight: 0 draws the raw data only, 0.99 a very smooth line. */
export function SmoothingControl({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  return (
    <Field label="Smoothing" layout="inline">
      {(control) => (
        <>
          <input
            id={control.id}
            type="range"
            min={SMOOTHING_MIN}
            max={SMOOTHING_MAX}
            step={0.01}
            value={value}
            onChange={(event) => onChange(Number(event.target.value))}
            aria-valuetext={value === 0 ? "off" : value.toFixed(2)}
            className="h-1.5 w-36 cursor-pointer accent-[var(--ui-accent)]"
          />
          <output htmlFor={control.id} className="w-8 text-xs text-fg-muted tabular-nums">
            {value.toFixed(2)}
          </output>
        </>
      )}
    </Field>
  );
}
