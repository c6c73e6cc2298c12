import { memo, useEffect, useRef, useState, type Ref } from "react";
import { TextField } from "@/components/text-field";

export const FILTER_DEBOUNCE_MS = 300;

type Props = {
  label: string;
  /** The committed value (from the URL). */
  value: string;
  /** Called once typing pauses, or at once on Enter. */
  onCommit: (value: string) => void;
  /** Every keystroke, before the pause: for a message about the last commit to go away as soon as the text changes. */
  onDraftChange?: () => void;
  /** Escape: what was typed is committed and the page takes focus back (the table, say). */
  onEscape?: () => void;
  delayMs?: number;
  error?: string | null;
  hint?: string;
  placeholder?: string;
  list?: string;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
  inputClassName?: string;
};

/**
 * A text field that keeps what is typed to itself and commits it after a pause, so typing never
 * re-renders (or re-queries) the table on every keystroke. A new committed value from outside
 * (back/forward, "Clear filters") replaces the draft.
 */
export const DebouncedTextField = memo(function DebouncedTextField({
  label,
  value,
  onCommit,
  onDraftChange,
  onEscape,
  delayMs = FILTER_DEBOUNCE_MS,
  error,
  hint,
  placeholder,
  list,
  inputRef,
  className,
  inputClassName,
}: Props) {
  const [draft, setDraft] = useState(value);
  const [seenValue, setSeenValue] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestCommit = useRef(onCommit);
  useEffect(() => {
    latestCommit.current = onCommit;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  // The committed value changed elsewhere: show it (React's "adjust state on prop change").
  if (value !== seenValue) {
    setSeenValue(value);
    setDraft(value);
  }

  const commit = (next: string) => {
    clearTimeout(timer.current);
    if (next.trim() !== value) latestCommit.current(next.trim());
  };

  return (
    <TextField
      label={label}
      value={draft}
      error={error}
      hint={hint}
      placeholder={placeholder}
      list={list}
      ref={inputRef}
      verbatim
      className={className}
      inputClassName={inputClassName}
      onChange={(event) => {
        const next = event.target.value;
        setDraft(next);
        onDraftChange?.();
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(next), delayMs);
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter") commit(draft);
        if (event.key === "Escape" && onEscape) {
          // Handled here: the page's own Escape shortcut must not also run.
          event.preventDefault();
          commit(draft);
          onEscape();
        }
      }}
      onBlur={() => commit(draft)}
    />
  );
});
