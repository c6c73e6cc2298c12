import { useEffect, useId, useRef, useState } from "react";
import type { Feedback } from "@contract/trace-feedback";
import { LIMITS } from "@contract/limits";
import { Button } from "@/components/button";
import { ErrorPanel } from "@/components/error-panel";
import { RelativeTime } from "@/components/relative-time";
import { Textarea } from "@/components/textarea-field";
import { UntrustedProse, UntrustedText } from "@/components/untrusted-text";
import { cn } from "@/lib/cn";
import { QUIET_KEYS_REGION, useShortcuts } from "../../shared/keyboard";
import { notesOf } from "./answers";
import { useNotes } from "./use-notes";
import { useResetOnChange } from "./use-reset-on-change";

/** The key that puts the focus in the note box (listed in the review's shortcuts sheet). */
export const NOTE_KEY = "m";

/**
 * The call's notes (`wandb.note.1` feedback): anyone can add one, and delete their own. The box
 * comes first and the newest note right under it, so Tab from the last question reaches the box
 * before any earlier note's controls. The whole thread is a quiet-keys region: a letter typed
 * while the focus sits on a note's time or Delete is text gone astray, never a shortcut that
 * completes or skips the item. What was typed stays when the service refuses it, and the focus
 * stays in the box after a note is added, so Esc then leaves the box, not the review. On another call the box starts
 * empty and the last call's adding or deleting is not shown; a note still on its way lands on its own call.
 */
export function NotesThread({
  project,
  callId,
  rows,
  me,
}: {
  project: string;
  callId: string;
  rows: readonly Feedback[];
  me: string | null;
}) {
  const { add, remove } = useNotes(project);
  const [text, setText] = useState("");
  const box = useRef<HTMLTextAreaElement>(null);
  useResetOnChange(callId, () => setText(""));
  // Only this call's adding or deleting shows; the effect below forgets another call's, after this call's first paint.
  const adding = add.variables?.callId === callId;
  const removing = remove.variables?.callId === callId;
  // On another call, the last call's add (its success no longer empties the box) and delete are forgotten here; they
  // still save and re-read. Only when there is one: resetting an idle mutation would render the thread once more.
  useEffect(() => {
    if (add.variables && add.variables.callId !== callId) add.reset();
    if (remove.variables && remove.variables.callId !== callId) remove.reset();
  }, [callId, add, remove]);
  const fieldId = useId();
  const newestFirst = notesOf(rows).toReversed();
  const trimmed = text.trim();
  const tooLong = text.length > LIMITS.noteLength;
  const submit = () => {
    if (!trimmed || tooLong) return;
    add.mutate(
      { callId, note: trimmed },
      {
        onSuccess: () => {
          setText("");
          box.current?.focus();
        },
      },
    );
  };

  useShortcuts({
    [NOTE_KEY]: (event) => {
      // The key that moved the focus must not also be typed into the box.
      event.preventDefault();
      box.current?.focus();
    },
  });

  return (
    <div className="space-y-2" {...QUIET_KEYS_REGION}>
      <h3 className="text-sm font-semibold text-fg">Notes</h3>
      <form
        className="space-y-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={fieldId} className="sr-only">
          A note on this call
        </label>
        <Textarea
          ref={box}
          id={fieldId}
          dir="auto"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Ctrl+Enter (⌘+Enter) adds the note without leaving the keyboard; Enter alone is a new line.
            if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              submit();
            }
          }}
          rows={2}
          placeholder="A note for the next reviewer…"
          aria-describedby={`${fieldId}-count`}
          aria-keyshortcuts={NOTE_KEY}
          invalid={tooLong}
        />
        <div className="flex items-center justify-between gap-2">
          <span
            id={`${fieldId}-count`}
            className={cn("text-xs", tooLong ? "font-medium text-red-700 dark:text-red-400" : "text-fg-muted")}
          >
            {LIMITS.noteLength - text.length} characters left
          </span>
          <Button
            type="submit"
            size="sm"
            disabled={!trimmed || tooLong}
            loading={add.isPending && adding}
            aria-keyshortcuts="Control+Enter"
          >
            Add note
          </Button>
        </div>
        {add.isError && adding ? (
          <ErrorPanel error={add.error} title="The note was not saved" onRetry={submit} />
        ) : null}
      </form>
      {newestFirst.length === 0 ? <p className="text-xs text-fg-muted">No notes on this call yet.</p> : null}
      <ul className="space-y-2">
        {newestFirst.map((note) => (
          <li key={note.id} className="rounded-md border border-line bg-surface px-2.5 py-2 text-sm">
            <p className="flex flex-wrap items-center gap-x-2 text-xs text-fg-muted">
              <UntrustedText text={note.wb_user_id} />
              <RelativeTime value={note.created_at} />
              {note.wb_user_id === me ? (
                <Button
                  size="sm"
                  variant="ghost"
                  className="ml-auto"
                  loading={remove.isPending && remove.variables?.id === note.id}
                  onClick={() => remove.mutate({ callId, id: note.id })}
                  aria-label="Delete my note"
                >
                  Delete
                </Button>
              ) : null}
            </p>
            <UntrustedProse
              text={String((note.payload as { note?: unknown }).note ?? "")}
              mode="controls"
              className="mt-1 break-words whitespace-pre-wrap text-fg"
            />
          </li>
        ))}
      </ul>
      {remove.isError && removing ? (
        <ErrorPanel
          error={remove.error}
          title="The note was not deleted"
          onRetry={() => remove.variables && remove.mutate(remove.variables)}
        />
      ) : null}
    </div>
  );
}
