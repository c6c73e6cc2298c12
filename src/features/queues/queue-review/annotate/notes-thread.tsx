import { useId, useState } from "react";
import type { Feedback } from "@contract/trace-feedback";
import { LIMITS } from "@contract/limits";
import { Button } from "@/components/button";
import { ErrorPanel } from "@/components/error-panel";
import { RelativeTime } from "@/components/relative-time";
import { inputClasses } from "@/components/text-field";
import { UntrustedText } from "@/components/untrusted-text";
import { cn } from "@/lib/cn";
import { notesOf } from "./answers";
import { useNotes } from "./use-notes";

/**
 * The call's notes (`wandb.note.1` feedback), oldest first: anyone can add one, and delete their
 * own. What was typed stays when the service refuses it.
 */
export function NotesThread({ project, callId, rows, me }: { project: string; callId: string; rows: readonly Feedback[]; me: string | null }) {
  const { add, remove } = useNotes(project, callId);
  const [text, setText] = useState("");
  const fieldId = useId();
  const notes = notesOf(rows);
  const trimmed = text.trim();
  const tooLong = text.length > LIMITS.noteLength;
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-fg">Notes</h3>
      {notes.length === 0 ? <p className="text-xs text-fg-muted">No notes on this call yet.</p> : null}
      <ul className="space-y-2">
        {notes.map((note) => (
          <li key={note.id} className="rounded-md border border-line bg-surface px-2.5 py-2 text-sm">
            <p className="flex flex-wrap items-center gap-x-2 text-xs text-fg-muted">
              <UntrustedText text={note.wb_user_id} />
              <RelativeTime value={note.created_at} />
              {note.wb_user_id === me ? (
                <Button size="sm" variant="ghost" className="ml-auto" loading={remove.isPending && remove.variables === note.id} onClick={() => remove.mutate(note.id)} aria-label="Delete my note">
                  Delete
                </Button>
              ) : null}
            </p>
            <p className="mt-1 break-words whitespace-pre-wrap text-fg">
              <UntrustedText text={String((note.payload as { note?: unknown }).note ?? "")} mode="controls" />
            </p>
          </li>
        ))}
      </ul>
      {remove.isError ? <ErrorPanel error={remove.error} title="The note was not deleted" onRetry={() => remove.variables && remove.mutate(remove.variables)} /> : null}
      <form
        className="space-y-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed && !tooLong) add.mutate(trimmed, { onSuccess: () => setText("") });
        }}
      >
        <label htmlFor={fieldId} className="sr-only">
          A note on this call
        </label>
        <textarea
          id={fieldId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={2}
          placeholder="A note for the next reviewer…"
          aria-describedby={`${fieldId}-count`}
          aria-invalid={tooLong ? true : undefined}
          className={cn(inputClasses, "h-auto resize-y py-1.5", tooLong ? "border-red-600" : "border-line-strong")}
        />
        <div className="flex items-center justify-between gap-2">
          <span id={`${fieldId}-count`} className={cn("text-xs", tooLong ? "font-medium text-red-700 dark:text-red-400" : "text-fg-muted")}>
            {LIMITS.noteLength - text.length} characters left
          </span>
          <Button type="submit" size="sm" disabled={!trimmed || tooLong} loading={add.isPending}>
            Add note
          </Button>
        </div>
        {add.isError ? <ErrorPanel error={add.error} title="The note was not saved" onRetry={() => add.mutate(trimmed, { onSuccess: () => setText("") })} /> : null}
      </form>
    </div>
  );
}
