import { EXAMPLE_FILE_NAME, exampleHref } from "./example-trajectories";

/** What a line of an RL trajectory file holds, in a few words, and a small example to download. */
export function ExampleFormat() {
  return (
    <div className="rounded-lg border border-line px-3 py-2 text-xs text-fg-muted">
      <p className="font-medium text-fg">The file's format</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        <li>
          One line per <strong className="text-fg">group</strong>, <code>{'{"trajectories": [...]}'}</code>: one
          gradient step. A group's trajectories answer the same prompt; training compares their rewards with each other,
          so they should differ.
        </li>
        <li>
          <code>messages_and_choices</code>: the conversation, chat messages <code>{'{"role", "content"}'}</code> in
          order, and the model's answer last as a choice{" "}
          <code>{'{"message": {"role": "assistant", "content"}, "finish_reason": "stop"}'}</code>.
        </li>
        <li>
          <code>reward</code>: a number, higher is better (required).
        </li>
        <li>
          Optional: <code>metrics</code> (numbers or true/false), <code>metadata</code> (anything), <code>logs</code>{" "}
          (texts).
        </li>
      </ul>
      <p className="mt-2">
        <a href={exampleHref()} download={EXAMPLE_FILE_NAME} className="text-link underline underline-offset-2">
          Download an example
        </a>{" "}
        (two groups of two trajectories, JSONL).
      </p>
    </div>
  );
}
