import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { inputClasses } from "@/components/text-field";
import { Textarea } from "@/components/textarea-field";
import { cn } from "@/lib/cn";
import { typedProblem, type SpecKind } from "./spec-kind";
import { useResetOnChange } from "./use-reset-on-change";

const TYPING_PAUSE_MS = 800;

const toText = (value: unknown) => (value === undefined || value === null ? "" : String(value));

/**
 * A typed answer (a number with its bounds, or text with what is left of its length). It saves
 * when the field is left, on Enter for a number, after a pause in typing, and when the review
 * moves to another item (on the item it was typed on); what does not fit is said under the field and not sent.
 */
export function TypedControl({
  kind,
  shown,
  onCommit,
  onFocus,
  labelId,
  describedBy,
  origin = "answer",
  subject = "",
}: {
  kind: Extract<SpecKind, { kind: "number" | "text" }>;
  shown: unknown;
  onCommit: (value: unknown) => void;
  onFocus: () => void;
  labelId: string;
  describedBy: string;
  /** Whose value `shown` is ("judge" for a suggestion): when it changes, even to the same value, the text follows. */
  origin?: string;
  /** What the answer is about (the item's call): on another, the field starts over from `shown`. */
  subject?: string;
}) {
  const [text, setText] = useState(() => toText(shown));
  const [editedFrom, setEditedFrom] = useState<{ value: unknown; origin: string }>({ value: shown, origin });
  const [focused, setFocused] = useState(false);
  // Another item's call: what was typed here was saved on its own item (the effect below), the field starts over.
  useResetOnChange(subject, () => {
    setEditedFrom({ value: shown, origin });
    setText(toText(shown));
    setFocused(false);
  });
  // A new answer from elsewhere (another reviewer, an accepted suggestion) replaces the text, unless it is being edited
  // (React's pattern for state that follows a changed input: set during render).
  if ((!Object.is(editedFrom.value, shown) || editedFrom.origin !== origin) && !focused) {
    setEditedFrom({ value: shown, origin });
    setText(toText(shown));
  }
  const parsed = kind.kind === "number" ? (text.trim() === "" ? undefined : Number(text)) : text;
  const problem = parsed === undefined ? null : typedProblem(kind, parsed);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const commitLatest = useRef(() => {});

  const commit = () => {
    clearTimeout(timer.current);
    if (
      parsed === undefined ||
      problem ||
      Object.is(parsed, shown) ||
      (kind.kind === "text" && parsed === "" && shown === undefined)
    )
      return;
    onCommit(parsed);
  };
  useEffect(() => {
    commitLatest.current = commit;
  });
  // Leaving the item (Complete & next, n, p) saves what was typed and not yet saved, on that item: the cleanup runs
  // before this render's effects, so `commitLatest` is still the last render's on the item before.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      commitLatest.current();
    },
    // The subject is the trigger: its cleanup (the save) is what must run when the item changes.
    // oxlint-disable-next-line react/exhaustive-effect-dependencies
    [subject],
  );
  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commitLatest.current(), TYPING_PAUSE_MS);
  };
  const messageId = `${labelId}-typed`;
  const common = {
    "aria-labelledby": labelId,
    "aria-describedby": cn(describedBy, problem ? messageId : "") || undefined,
    "aria-invalid": problem ? true : undefined,
    value: text,
    onFocus: () => {
      setFocused(true);
      onFocus();
    },
    onBlur: () => {
      setFocused(false);
      commit();
    },
    onKeyDown: (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      if (event.key === "Enter" && kind.kind === "number") commit();
    },
  } as const;
  return (
    <div className="space-y-1">
      {kind.kind === "number" ? (
        <input
          {...common}
          type="number"
          inputMode={kind.integer ? "numeric" : "decimal"}
          min={kind.min ?? undefined}
          max={kind.max ?? undefined}
          step={kind.integer ? 1 : "any"}
          onChange={(event) => change(event.target.value)}
          className={cn(inputClasses, "w-40", problem ? "border-red-600" : "border-line-strong")}
        />
      ) : (
        <Textarea
          {...common}
          invalid={Boolean(problem)}
          dir="auto"
          rows={3}
          onChange={(event) => change(event.target.value)}
        />
      )}
      <p
        id={messageId}
        className={cn("text-xs", problem ? "font-medium text-red-700 dark:text-red-400" : "text-fg-muted")}
      >
        {problem ??
          (kind.kind === "text" && kind.maxLength !== null
            ? `${kind.maxLength - text.length} characters left`
            : kind.kind === "number"
              ? boundsText(kind)
              : "")}
      </p>
    </div>
  );
}

const boundsText = (kind: Extract<SpecKind, { kind: "number" }>) =>
  kind.min !== null && kind.max !== null
    ? `${kind.min} to ${kind.max}`
    : kind.min !== null
      ? `At least ${kind.min}`
      : kind.max !== null
        ? `At most ${kind.max}`
        : kind.integer
          ? "A whole number"
          : "A number";
