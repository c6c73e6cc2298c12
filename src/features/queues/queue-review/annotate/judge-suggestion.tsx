import { UntrustedText } from "@/components/untrusted-text";
import { formatAnswer } from "../../shared/call-answers";
import type { JudgeSuggestion } from "./judge-suggestions";

/** The key that accepts the item's suggestions (the review's shortcut list names it too). */
export const ACCEPT_SUGGESTIONS_KEY = "a";

/** The "Judge" mark on a suggested option or field: visible, and part of its accessible name. */
export function JudgeBadge() {
  return (
    <span className="rounded border border-accent px-1 text-[10px] font-semibold tracking-wide text-fg uppercase">
      <span aria-hidden="true">Judge</span>
      <span className="sr-only">Judge's suggestion, not saved</span>
    </span>
  );
}

/**
 * What the judge said about a question, under its control: while its verdict stands pre-selected
 * (not saved), whose it is and how to accept it; once there is an answer, "Judge said X" beside it
 * (the verdict is a feedback row of its own, never changed by the answer); a verdict the question
 * does not take, or a failure, with its reason. The reasoning is the model's text: shown as text.
 */
export function JudgeSuggestionNote({
  id,
  suggestion,
  preselected,
}: {
  id: string;
  suggestion: JudgeSuggestion;
  /** The verdict is what the control shows, unsaved. */
  preselected: boolean;
}) {
  const { outcome, judge } = suggestion;
  const version = suggestion.latest ? "latest version" : `version ${suggestion.digest.slice(0, 8)}, not its latest`;
  if (outcome.kind === "failure")
    return (
      <p id={id} className="text-xs text-amber-800 dark:text-amber-300">
        The judge could not answer: <UntrustedText text={outcome.reason || outcome.failure} />{" "}
        <span className="text-fg-muted">
          (<UntrustedText text={judge.name} />, {version})
        </span>
      </p>
    );
  const said = formatAnswer(outcome.answer);
  return (
    <div id={id} className="space-y-1 text-xs text-fg-muted">
      <p>
        {preselected ? (
          <>
            <span className="font-medium text-fg">Suggested by the judge</span> <UntrustedText text={judge.name} /> (
            {version}): not saved until you accept it (
            <kbd className="rounded border border-line px-1 font-sans">{ACCEPT_SUGGESTIONS_KEY}</kbd>) or answer
            otherwise.
          </>
        ) : (
          <>
            Judge said <UntrustedText text={said} className="font-medium text-fg" /> (
            <UntrustedText text={judge.name} />, {version})
            {suggestion.suggested ? null : ": not an answer this question takes"}
          </>
        )}
      </p>
      {outcome.reasoning ? (
        <details>
          <summary className="w-fit cursor-pointer text-link underline-offset-2 hover:underline">Why?</summary>
          <p className="mt-1 rounded border border-line bg-surface px-2 py-1 whitespace-pre-wrap text-fg">
            <UntrustedText text={outcome.reasoning} />
          </p>
        </details>
      ) : null}
    </div>
  );
}
