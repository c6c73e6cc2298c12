import { useState } from "react";
import { ANNOTATION_STATES, type AnnotationState } from "@contract/trace";
import { Section } from "@/components/section";
import { TextField } from "@/components/text-field";
import { formatCount } from "@/lib/number-format";
import { GROUP_SIZE_BOUNDS, type GroupBy, type Grouping } from "./trajectories/grouping";

const STATE_LABEL: Record<AnnotationState, string> = {
  completed: "Completed",
  in_progress: "In progress",
  skipped: "Skipped",
  unstarted: "Not started",
};

/** Which items count, by their state (with how many items are in each). */
export function ItemsSection({
  states,
  onStates,
  counts,
}: {
  states: readonly AnnotationState[];
  onStates: (states: AnnotationState[]) => void;
  counts: ReadonlyMap<AnnotationState, number>;
}) {
  return (
    <Section title="Items that count">
      <fieldset>
        <legend className="text-xs text-fg-muted">
          Items in these states give trajectories; their calls need an answer to the question (or the judge's verdict,
          when a judge is chosen).
        </legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2 text-sm">
          {ANNOTATION_STATES.map((state) => (
            <label key={state} className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={states.includes(state)}
                onChange={(event) => {
                  const next = event.target.checked ? [...states, state] : states.filter((s) => s !== state);
                  // Never none: the last one stays (an empty choice would mean "nothing", which is no selection).
                  if (next.length > 0) onStates(ANNOTATION_STATES.filter((s) => next.includes(s)));
                }}
              />
              {STATE_LABEL[state]}{" "}
              <span className="text-fg-muted tabular-nums">({formatCount(counts.get(state) ?? 0)})</span>
            </label>
          ))}
        </div>
      </fieldset>
    </Section>
  );
}

const GROUP_BY: { value: GroupBy; label: string; hint: string }[] = [
  {
    value: "input",
    label: "By the call's input",
    hint: "calls with the same prompt: the answers a model gave to one question, compared",
  },
  { value: "trace", label: "By trace", hint: "calls of one trace (one run of the app)" },
  { value: "fixed", label: "Fixed-size groups", hint: "consecutive items, in the queue's order" },
];

/** How trajectories are grouped, and what becomes of groups of one. */
export function GroupingSection({
  grouping,
  onGrouping,
}: {
  grouping: Grouping;
  onGrouping: (grouping: Grouping) => void;
}) {
  return (
    <Section title="Groups">
      <p className="max-w-3xl text-xs text-fg-muted">
        Each group is one gradient step. RL methods like GRPO compare the rewards within a group (each against the
        group's mean), so a group of one, or a group whose rewards are all equal, has no advantage signal and teaches
        the model nothing.
      </p>
      <fieldset className="space-y-1 text-sm">
        <legend className="sr-only">Group trajectories</legend>
        {GROUP_BY.map((option) => (
          <label key={option.value} className="flex items-start gap-2">
            <input
              type="radio"
              name="group-by"
              className="mt-1"
              checked={grouping.by === option.value}
              onChange={() => onGrouping({ ...grouping, by: option.value })}
            />
            <span>
              {option.label} <span className="text-fg-muted">({option.hint})</span>
            </span>
          </label>
        ))}
      </fieldset>
      {grouping.by === "fixed" ? (
        <GroupSizeField size={grouping.size} onSize={(size) => onGrouping({ ...grouping, size })} />
      ) : null}
      <fieldset className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
        <legend className="mb-1 text-xs text-fg-muted">Groups of one</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="singletons"
            checked={grouping.singletons === "drop"}
            onChange={() => onGrouping({ ...grouping, singletons: "drop" })}
          />
          Leave out (recommended for RL)
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="singletons"
            checked={grouping.singletons === "keep"}
            onChange={() => onGrouping({ ...grouping, singletons: "keep" })}
          />
          Keep
        </label>
      </fieldset>
    </Section>
  );
}

/** The size of fixed groups, as typed: applied once it is a whole number in bounds, else said why not. */
function GroupSizeField({ size, onSize }: { size: number; onSize: (size: number) => void }) {
  const [text, setText] = useState(String(size));
  const typed = Number(text);
  const valid = /^\d+$/.test(text.trim()) && typed >= GROUP_SIZE_BOUNDS.min && typed <= GROUP_SIZE_BOUNDS.max;
  return (
    <TextField
      label="Trajectories per group"
      inputMode="numeric"
      value={text}
      maxLength={3}
      className="w-48"
      onChange={(event) => {
        setText(event.target.value);
        const next = Number(event.target.value);
        if (/^\d+$/.test(event.target.value.trim()) && next >= GROUP_SIZE_BOUNDS.min && next <= GROUP_SIZE_BOUNDS.max)
          onSize(next);
      }}
      error={
        valid
          ? null
          : `A whole number from ${GROUP_SIZE_BOUNDS.min} to ${GROUP_SIZE_BOUNDS.max}; the groups keep ${size} until then.`
      }
    />
  );
}
