import { memo, useId, type RefObject } from "react";
import { useLatest } from "@/lib/use-latest";
import { cn } from "@/lib/cn";
import { formatAnswer } from "../../shared/call-answers";
import { JudgeBadge } from "./judge-suggestion";

/**
 * A row of choices as radio buttons (arrow keys move, Space picks), each showing its number key
 * while its spec is the one the keys answer (hidden otherwise, keeping its place: no choice changes
 * size as the highlight moves). Used for enums, small integer ranges and Yes/No. No colour transition:
 * on the next item a choice would fade from the last item's answer, showing it in the item's first frame.
 * A judge's suggestion stands checked but outlined and marked as the judge's, not filled as an
 * answer: picking it (a click, Space) saves it as the annotator's own.
 */
export function ChoiceControl({
  values,
  shown,
  keysShown,
  onPick,
  onFocus,
  describedBy,
  suggested,
}: {
  values: readonly unknown[];
  shown: unknown;
  keysShown: boolean;
  onPick: (value: unknown) => void;
  onFocus: () => void;
  describedBy: string;
  /** The judge's verdict, shown checked but not saved (the annotator has no answer of their own). */
  suggested?: { value: unknown };
}) {
  const name = useId();
  // The options call the latest handlers through this ref, so they are memoised on plain values: from one unanswered
  // item to the next nothing of an option changes and it is not drawn again.
  const handlers = useLatest<OptionHandlers>({ pick: onPick, focus: onFocus });
  return (
    <div className="flex flex-wrap gap-1.5">
      {values.map((value, index) => (
        <ChoiceOption
          key={String(value)}
          name={name}
          value={value}
          index={index}
          checked={Object.is(shown, value)}
          judges={suggested !== undefined && Object.is(suggested.value, value)}
          keysShown={keysShown}
          describedBy={describedBy}
          handlers={handlers}
        />
      ))}
    </div>
  );
}

type OptionHandlers = { pick: (value: unknown) => void; focus: () => void };
type OptionProps = {
  name: string;
  value: unknown;
  index: number;
  checked: boolean;
  /** The judge's suggestion: checked, outlined, not an answer yet. */
  judges: boolean;
  keysShown: boolean;
  describedBy: string;
  handlers: RefObject<OptionHandlers>;
};

const ChoiceOption = memo(function ChoiceOption({
  name,
  value,
  index,
  checked,
  judges,
  keysShown,
  describedBy,
  handlers,
}: OptionProps) {
  return (
    <label
      className={cn(
        "inline-flex min-h-8 min-w-8 cursor-pointer items-center justify-center gap-1.5 rounded-md border px-2.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus",
        judges
          ? "border-2 border-dashed border-accent bg-surface text-fg"
          : checked
            ? "border-accent bg-accent text-accent-fg"
            : "border-line-strong bg-surface text-fg hover:bg-subtle",
      )}
    >
      <ChoiceInput
        name={name}
        value={value}
        checked={checked}
        judges={judges}
        describedBy={describedBy}
        handlers={handlers}
      />
      {formatAnswer(value)}
      {/* The space keeps the value and the mark apart in the option's accessible name. */}
      {judges ? (
        <>
          {" "}
          <JudgeBadge />
        </>
      ) : null}
      {index < 9 ? (
        <kbd
          aria-hidden="true"
          className={cn(
            "rounded border px-1 font-sans text-[10px]",
            checked && !judges ? "border-accent-fg/40" : "border-line text-fg-muted",
            !keysShown && "invisible",
          )}
        >
          {index + 1}
        </kbd>
      ) : null}
    </label>
  );
});

/**
 * The radio button, memoised apart from its option: React rewrites a radio button's name and type each time it renders
 * one, so the highlight moving (which shows or hides the option's number key) must not render it again.
 */
const ChoiceInput = memo(function ChoiceInput({
  name,
  value,
  checked,
  judges,
  describedBy,
  handlers,
}: Omit<OptionProps, "index" | "keysShown">) {
  const pick = () => handlers.current.pick(value);
  return (
    <input
      type="radio"
      name={name}
      className="sr-only"
      checked={checked}
      onChange={pick}
      // Already checked, the suggestion fires no change: picking it is a click (Space clicks too).
      onClick={judges ? pick : undefined}
      onFocus={() => handlers.current.focus()}
      aria-describedby={describedBy}
    />
  );
});
