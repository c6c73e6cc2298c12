import { useMemo } from "react";
import { UntrustedText } from "@/components/untrusted-text";
import type { CallPart } from "@/lib/call-paths";
import { judgeMessages, type PromptQuestion } from "../model/prompt-template";

/** The preview shows this much of each message; the model is sent up to the template's own cut. */
const PREVIEW_CHARS = 1_500;

const shorten = (text: string) =>
  text.length > PREVIEW_CHARS
    ? `${text.slice(0, PREVIEW_CHARS)}… (${text.length - PREVIEW_CHARS} more characters)`
    : text;

/** The messages the judge would send for one call, as text (the call's content is never rendered as HTML). */
export function PromptPreview({
  template,
  question,
  call,
  callId,
}: {
  template: string;
  question: PromptQuestion | null;
  call: CallPart | undefined;
  callId: string | undefined;
}) {
  const messages = useMemo(
    () => (question && call ? judgeMessages(template, question, call) : null),
    [template, question, call],
  );
  if (!messages)
    return (
      <p className="text-sm text-fg-muted">
        The preview shows once a question is chosen and the queue&apos;s calls are read.
      </p>
    );
  return (
    <div className="space-y-2">
      <p className="text-xs text-fg-muted">
        What the model is sent for the queue&apos;s first call (<span className="font-mono">{callId}</span>):
      </p>
      {messages.map((message) => (
        <div key={message.role} className="rounded-md border border-line bg-subtle p-2">
          <p className="text-xs font-semibold text-fg-muted uppercase">{message.role}</p>
          {/* A scrolling frame is a stop in the tab order, so keyboard users can scroll it (axe). */}
          <section
            aria-label={`The ${message.role} message`}
            className="mt-1 max-h-64 overflow-auto text-xs whitespace-pre-wrap wrap-anywhere text-fg focus-visible:outline-2"
            // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
          >
            <UntrustedText text={shorten(typeof message.content === "string" ? message.content : "")} />
          </section>
        </div>
      ))}
    </div>
  );
}
