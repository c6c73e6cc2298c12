import { useId, useRef, type KeyboardEvent } from "react";
import { flushSync } from "react-dom";
import { Button } from "@/components/button";
import { controlBorder } from "@/components/field";
import { ChevronLeftIcon, ChevronRightIcon, PlusIcon, TrashIcon } from "@/components/icons";
import { inputClasses } from "@/components/text-field";
import { cn } from "@/lib/cn";
import { MAX_OPTION_LENGTH, MAX_OPTIONS } from "./spec-schema";

const MOVES = [
  { by: -1, word: "up", Icon: ChevronLeftIcon },
  { by: 1, word: "down", Icon: ChevronRightIcon },
] as const;

/**
 * The categories of a choice question: one text box each, in the order annotators see them (and
 * the number keys pick them), with buttons to move one up or down, remove it, and add another.
 * Enter in a box goes on to the next category (adding a row when the next one is not empty).
 * Focus follows the change at once, so the keyboard never loses its place. The error (empty, duplicate, too many) is shown once for the list.
 */
export function CategoryOptions({
  options,
  onChange,
  error,
}: {
  options: string[];
  onChange: (options: string[]) => void;
  error: string | undefined;
}) {
  const legendId = useId();
  const errorId = useId();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const addButton = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLOListElement>(null);
  /**
   * Draws the changed list and moves the focus within the same event: a key typed right after
   * Enter (or after pressing Remove) must land in the row that now has the focus, and waiting for
   * the next frame lets a fast typist's first letter fall into the row before.
   */
  const commit = (next: string[], focus: () => void) => {
    flushSync(() => onChange(next));
    focus();
  };
  const focusRow = (index: number) => inputs.current[index]?.focus();
  /** After a move the same button of the moved category keeps the focus (its box when that button is now disabled), so it can be pressed again. */
  const focusMoveButton = (index: number, by: -1 | 1) => {
    const button = list.current?.querySelector<HTMLButtonElement>(`[data-move="${by}"][data-index="${index}"]`);
    if (button && !button.disabled) button.focus();
    else focusRow(index);
  };

  const set = (index: number, value: string) => onChange(options.map((option, i) => (i === index ? value : option)));
  const insertAt = (index: number) => {
    if (options.length >= MAX_OPTIONS) return;
    commit([...options.slice(0, index), "", ...options.slice(index)], () => focusRow(index));
  };
  /**
   * Enter goes on to the next category: into the row below when it is still empty (the form starts
   * with two, and inserting before an empty one would leave it behind, empty), else into a new row.
   * In an empty row it does nothing: another empty row would only be one more to fill or remove.
   */
  const enterAt = (index: number) => {
    if (options[index + 1]?.trim() === "") focusRow(index + 1);
    else if (options[index]!.trim() !== "") insertAt(index + 1);
  };
  const remove = (index: number) => {
    commit(
      options.filter((_, i) => i !== index),
      () => (options.length > 1 ? focusRow(Math.min(index, options.length - 2)) : addButton.current?.focus()),
    );
  };
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    if (to < 0 || to >= options.length) return;
    const next = [...options];
    [next[index], next[to]] = [next[to]!, next[index]!];
    commit(next, () => focusMoveButton(to, by));
  };
  const keyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    // Enter goes to the next category instead of saving the whole spec.
    event.preventDefault();
    enterAt(index);
  };

  return (
    <fieldset aria-labelledby={legendId} aria-describedby={error ? errorId : undefined} className="space-y-2">
      <legend id={legendId} className="text-sm font-medium text-fg">
        Categories
      </legend>
      <p className="text-xs text-fg-muted">
        In the order annotators see them; keys 1-9 pick the first nine. Enter goes on to the next one.
      </p>
      <ol ref={list} className="space-y-1.5">
        {options.map((option, index) => {
          const label = option.trim() ? `“${option.trim()}”` : `category ${index + 1}`;
          return (
            // Place keys: the list is edited in place, and an option's text may repeat while being typed.
            // oxlint-disable-next-line react/no-array-index-key
            <li key={index} className="flex items-center gap-1.5">
              <span aria-hidden="true" className="w-5 shrink-0 text-right text-xs text-fg-muted tabular-nums">
                {index + 1}
              </span>
              <input
                ref={(element) => {
                  inputs.current[index] = element;
                }}
                aria-label={`Category ${index + 1}`}
                aria-invalid={error ? true : undefined}
                value={option}
                maxLength={MAX_OPTION_LENGTH}
                onChange={(event) => set(index, event.target.value)}
                onKeyDown={keyDown(index)}
                className={cn(
                  inputClasses,
                  "min-w-0 flex-1",
                  controlBorder(Boolean(error) && (option.trim() === "" || isRepeated(options, index))),
                )}
              />
              {MOVES.map(({ by, word, Icon }) => (
                <Button
                  key={by}
                  size="sm"
                  variant="ghost"
                  aria-label={`Move ${label} ${word}`}
                  data-move={by}
                  data-index={index}
                  disabled={index + by < 0 || index + by >= options.length}
                  onClick={() => move(index, by)}
                  icon={<Icon size={14} className="rotate-90" />}
                />
              ))}
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove ${label}`}
                onClick={() => remove(index)}
                icon={<TrashIcon size={14} />}
              />
            </li>
          );
        })}
      </ol>
      <Button
        ref={addButton}
        size="sm"
        icon={<PlusIcon size={14} />}
        disabled={options.length >= MAX_OPTIONS}
        onClick={() => insertAt(options.length)}
      >
        Add category
      </Button>
      {error ? (
        <p id={errorId} className="text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const isRepeated = (options: readonly string[], index: number) => {
  const key = options[index]!.trim();
  return key !== "" && options.findIndex((option) => option.trim() === key) !== index;
};
