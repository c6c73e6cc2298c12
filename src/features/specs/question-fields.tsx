import { useId } from "react";
import { TextField } from "@/components/text-field";
import { TextareaField } from "@/components/textarea-field";
import { cn } from "@/lib/cn";
import { CategoryOptions } from "./category-options";
import type { SpecDraft, SpecErrors } from "./spec-draft";
import { MAX_RATING_VALUES, QUESTION_KINDS, type QuestionKind } from "./spec-schema";

type Props = {
  draft: SpecDraft;
  errors: SpecErrors;
  onChange: (patch: Partial<SpecDraft>) => void;
};

/** The kind of answer, as radio cards, and the inputs of the chosen kind. */
export function QuestionFields({ draft, errors, onChange }: Props) {
  const legendId = useId();
  const groupName = useId();
  return (
    <div className="space-y-4">
      <fieldset aria-labelledby={legendId} className="space-y-2">
        <legend id={legendId} className="text-sm font-medium text-fg">
          Kind of answer
        </legend>
        <div className="grid grid-cols-1 gap-1.5 sm:grid-cols-2 xl:grid-cols-3">
          {QUESTION_KINDS.map((option) => (
            <KindCard
              key={option.kind}
              groupName={groupName}
              kind={option.kind}
              label={option.label}
              hint={option.hint}
              checked={draft.kind === option.kind}
              onPick={(kind) => onChange({ kind })}
            />
          ))}
        </div>
      </fieldset>
      <KindInputs draft={draft} errors={errors} onChange={onChange} />
    </div>
  );
}

function KindCard({
  groupName,
  kind,
  label,
  hint,
  checked,
  onPick,
}: {
  groupName: string;
  kind: QuestionKind;
  label: string;
  hint: string;
  checked: boolean;
  onPick: (kind: QuestionKind) => void;
}) {
  const hintId = useId();
  const labelId = useId();
  return (
    <label
      className={cn(
        "grid cursor-pointer grid-cols-[auto_1fr] content-start items-start gap-x-2 rounded-md border px-2.5 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus",
        checked ? "border-accent bg-accent/10" : "border-line-strong hover:bg-subtle",
      )}
    >
      <input
        type="radio"
        name={groupName}
        value={kind}
        checked={checked}
        onChange={() => onPick(kind)}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        className="mt-1"
      />
      <span id={labelId} className="font-medium text-fg">
        {label}
      </span>
      <span id={hintId} className="col-start-2 text-xs text-fg-muted">
        {hint}
      </span>
    </label>
  );
}

function KindInputs({ draft, errors, onChange }: Props) {
  switch (draft.kind) {
    case "categories":
      return (
        <CategoryOptions options={draft.options} onChange={(options) => onChange({ options })} error={errors.options} />
      );
    case "rating":
      return (
        <div className="flex flex-wrap gap-3">
          <NumberInput
            label="Lowest rating"
            value={draft.ratingMin}
            error={errors.min}
            onChange={(ratingMin) => onChange({ ratingMin })}
            step={1}
            hint="A whole number, e.g. 1."
          />
          <NumberInput
            label="Highest rating"
            value={draft.ratingMax}
            error={errors.max}
            onChange={(ratingMax) => onChange({ ratingMax })}
            step={1}
            hint={`At most ${MAX_RATING_VALUES} ratings in all.`}
          />
        </div>
      );
    case "number":
      return (
        <div className="space-y-2">
          <div className="flex flex-wrap gap-3">
            <NumberInput
              label="Lowest (optional)"
              value={draft.numberMin}
              error={errors.min}
              onChange={(numberMin) => onChange({ numberMin })}
              hint="Empty: no lower bound."
            />
            <NumberInput
              label="Highest (optional)"
              value={draft.numberMax}
              error={errors.max}
              onChange={(numberMax) => onChange({ numberMax })}
              hint="Empty: no upper bound."
            />
          </div>
          <label className="flex items-center gap-2 text-sm text-fg">
            <input
              type="checkbox"
              checked={draft.integer}
              onChange={(event) => onChange({ integer: event.target.checked })}
            />
            Whole numbers only
          </label>
        </div>
      );
    case "boolean":
      return <p className="text-sm text-fg-muted">Annotators answer Yes or No.</p>;
    case "text":
      return (
        <NumberInput
          label="Longest answer, in characters (optional)"
          value={draft.maxLength}
          error={errors.maxLength}
          onChange={(maxLength) => onChange({ maxLength })}
          step={1}
          hint="Empty: no limit. Annotators see how many characters are left."
        />
      );
  }
}

function NumberInput({
  label,
  value,
  error,
  onChange,
  step,
  hint,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  step?: number;
  hint?: string;
}) {
  return (
    <TextField
      label={label}
      hint={hint}
      error={error}
      value={value}
      type="text"
      inputMode={step === 1 ? "numeric" : "decimal"}
      onChange={(event) => onChange(event.target.value)}
      className="w-56"
      // Text, not type=number: a number input hides what was typed when it does not parse, and the message must name it.
      autoComplete="off"
    />
  );
}

/** The expert view: the JSON Schema itself, checked as it is typed. */
export function RawSchemaField({
  value,
  error,
  warning,
  onChange,
}: {
  value: string;
  error: string | undefined;
  warning: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <TextareaField
      label="JSON Schema of the answer"
      hint="The answer must validate against it. The review shows enums as choices, small integer ranges as ratings, numbers, booleans and strings."
      error={error}
      warning={error ? null : warning}
      value={value}
      spellCheck={false}
      rows={10}
      onChange={(event) => onChange(event.target.value)}
      textareaClassName="font-mono text-xs"
    />
  );
}
