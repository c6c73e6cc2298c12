import { useId } from "react";

type Choice = { value: boolean; label: string; hint: string };

/**
 * The spec's two yes/no decisions besides its answer: who answers, and whether Complete waits for
 * an answer. Each is a titled group of two radios, each radio with a line saying what it means.
 */
export function WhoAnswers({ unique, onChange }: { unique: boolean; onChange: (unique: boolean) => void }) {
  return (
    <RadioChoices
      title="Who answers"
      value={unique}
      onChange={onChange}
      choices={[
        {
          value: true,
          label: "One answer per annotator",
          hint: "Each annotator gives their own; everyone's answers are kept side by side.",
        },
        { value: false, label: "One shared answer", hint: "Each item has one answer; any annotator can change it." },
      ]}
    />
  );
}

export function RequiredOrOptional({
  required,
  onChange,
}: {
  required: boolean;
  onChange: (required: boolean) => void;
}) {
  return (
    <RadioChoices
      title="Required or optional"
      value={required}
      onChange={onChange}
      choices={[
        {
          value: true,
          label: "Required",
          hint: "Completing an item without an answer asks first, naming the question.",
        },
        {
          value: false,
          label: "Optional",
          hint: "Items complete without it, as a comment left empty; the review marks it optional.",
        },
      ]}
    />
  );
}

function RadioChoices({
  title,
  value,
  onChange,
  choices,
}: {
  title: string;
  value: boolean;
  onChange: (value: boolean) => void;
  choices: Choice[];
}) {
  const name = useId();
  return (
    <div className="border-t border-line pt-4">
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-semibold text-fg">{title}</legend>
        {choices.map((choice) => (
          <label key={String(choice.value)} className="grid grid-cols-[auto_1fr] items-start gap-x-2 text-sm text-fg">
            <input
              type="radio"
              name={name}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              aria-labelledby={`${name}-${String(choice.value)}-label`}
              aria-describedby={`${name}-${String(choice.value)}`}
              className="mt-1"
            />
            <span id={`${name}-${String(choice.value)}-label`} className="font-medium">
              {choice.label}
            </span>
            <span id={`${name}-${String(choice.value)}`} className="col-start-2 text-xs text-fg-muted">
              {choice.hint}
            </span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
