import { useId, type KeyboardEvent, type RefObject } from "react";
import { Button } from "@/components/button";
import { Field } from "@/components/field";
import { SendIcon, StopIcon } from "@/components/icons";
import { Textarea } from "@/components/textarea-field";

/**
 * Where the next message is typed. Enter adds a line (prompts are often multi-line);
 * Ctrl+Enter or ⌘+Enter sends, as the hint beside the button says. While a reply streams,
 * Send becomes Stop.
 */
export function Composer({
  value,
  onChange,
  onSend,
  onStop,
  streaming,
  textareaRef,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  streaming: boolean;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const hintId = useId();
  const canSend = !streaming && value.trim() !== "";

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (canSend) onSend();
    }
  };

  return (
    <Field label="Message">
      {(control) => (
        <>
          <Textarea
            id={control.id}
            ref={textareaRef}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={onKeyDown}
            rows={4}
            aria-describedby={hintId}
            placeholder="Ask something…"
            density="roomy"
          />
          <div className="flex items-center justify-end gap-3">
            <p id={hintId} className="text-xs text-fg-muted">
              Enter adds a line · <kbd className="font-sans">Ctrl</kbd>+<kbd className="font-sans">Enter</kbd> (
              <kbd className="font-sans">⌘</kbd>+<kbd className="font-sans">Enter</kbd> on Mac) sends
            </p>
            {streaming ? (
              <Button variant="danger" onClick={onStop} icon={<StopIcon size={14} />}>
                Stop
              </Button>
            ) : (
              <Button
                variant="primary"
                onClick={onSend}
                disabled={!canSend}
                aria-keyshortcuts="Control+Enter Meta+Enter"
                icon={<SendIcon size={14} />}
              >
                Send
              </Button>
            )}
          </div>
        </>
      )}
    </Field>
  );
}
