import { useId } from "react";
import { AlertTriangleIcon } from "@/components/icons";
import { inputClasses, TextField } from "@/components/text-field";
import { cn } from "@/lib/cn";
import type { ConfigInput } from "./experimental-config";

/** Learning rate plus any other experimental_config values, as a JSON object. */
export function ExperimentalConfigFields({
  value,
  onChange,
  errors,
  learningRateHint,
}: {
  value: ConfigInput;
  onChange: (next: ConfigInput) => void;
  errors: { learningRate?: string | null; extraJson?: string | null };
  learningRateHint: string;
}) {
  const extraId = useId();
  const extraHintId = useId();
  const extraErrorId = useId();
  return (
    <div className="grid grid-cols-1 gap-3 md:grid-cols-[14rem_1fr]">
      <TextField
        label="Learning rate"
        hint={learningRateHint}
        value={value.learningRate}
        onChange={(event) => onChange({ ...value, learningRate: event.target.value })}
        error={errors.learningRate}
        inputMode="decimal"
        placeholder="1e-5"
        autoComplete="off"
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={extraId} className="text-sm font-medium text-fg">
          Other experimental settings <span className="font-normal text-fg-muted">(optional)</span>
        </label>
        <p id={extraHintId} className="text-xs text-fg-muted">
          A JSON object sent as <code className="font-mono">experimental_config</code>, e.g. {'{"warmup_steps": 10}'}.
        </p>
        <textarea
          id={extraId}
          value={value.extraJson}
          onChange={(event) => onChange({ ...value, extraJson: event.target.value })}
          rows={2}
          spellCheck={false}
          aria-invalid={errors.extraJson ? true : undefined}
          aria-describedby={cn(extraHintId, errors.extraJson ? extraErrorId : "") || undefined}
          className={cn(inputClasses, "h-auto py-1.5 font-mono text-xs", errors.extraJson ? "border-red-600 dark:border-red-500" : "border-line-strong")}
        />
        {errors.extraJson ? (
          <p id={extraErrorId} className="flex items-start gap-1 text-xs font-medium text-red-700 dark:text-red-400">
            <AlertTriangleIcon size={14} className="mt-px shrink-0" />
            <span>{errors.extraJson}</span>
          </p>
        ) : null}
      </div>
    </div>
  );
}
