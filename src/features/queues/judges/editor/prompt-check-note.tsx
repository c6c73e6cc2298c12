import type { PromptCheck } from "./judge-form";

/** The live check of the prompt's placeholders against the queue's first calls, in words. */
export function PromptCheckNote({ check }: { check: PromptCheck }) {
  if (check.checked === 0 && check.problems.length === 0)
    return <p className="text-xs text-fg-muted">The placeholders are checked once the queue&apos;s calls are read.</p>;
  const partly = check.missing.filter((entry) => entry.without < check.checked);
  return (
    <div aria-live="polite" className="space-y-1 text-xs">
      {check.problems.length === 0 && check.missing.length === 0 ? (
        <p className="text-fg-muted">Every placeholder is found in the queue&apos;s first {check.checked} calls.</p>
      ) : null}
      {partly.map((entry) => (
        <p key={entry.path} className="text-amber-800 dark:text-amber-300">
          {`{{${entry.path}}}`} is missing in {entry.without} of the first {check.checked} calls: a run records those
          calls as failures (missing field) and does not send them.
        </p>
      ))}
    </div>
  );
}
