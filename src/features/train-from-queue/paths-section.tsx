import { useId } from "react";
import { Section } from "@/components/section";
import { TextField } from "@/components/text-field";
import { formatCount } from "@/lib/format";
import { revealHiddenCharacters } from "@/lib/hidden-characters";
import { parseOpRef } from "@/lib/op-refs";
import type { PathMapping } from "./trajectories/conversation";

export type OpPaths = {
  opName: string;
  calls: number;
  /** Calls of the op that gave no conversation with these paths (no messages, no answer). */
  unreadable: number;
  paths: PathMapping;
  candidates: { prompt: string[]; completion: string[] };
};

/**
 * Where each op's calls keep their prompt and their answer. OpenAI chat calls need nothing here;
 * other calls name the paths (remembered per op in this browser).
 */
export function PathsSection({ ops, onPaths }: { ops: readonly OpPaths[]; onPaths: (opName: string, paths: PathMapping) => void }) {
  return (
    <Section title="Conversations" note={`${formatCount(ops.length)} ${ops.length === 1 ? "op" : "ops"}`}>
      <p className="max-w-3xl text-xs text-fg-muted">
        A trajectory is the call's prompt messages followed by its answer. OpenAI-style chat calls read <code>inputs.messages</code> and{" "}
        <code>output.choices.0</code>; for other calls, name the paths (a list of messages or a text for the prompt; a text, a message or a
        choice for the answer). Paths are remembered per op in this browser.
      </p>
      <ul className="space-y-3">
        {ops.map((op) => (
          <OpPathsRow key={op.opName} op={op} onPaths={onPaths} />
        ))}
      </ul>
    </Section>
  );
}

function OpPathsRow({ op, onPaths }: { op: OpPaths; onPaths: (opName: string, paths: PathMapping) => void }) {
  const listId = useId();
  const name = revealHiddenCharacters(parseOpRef(op.opName)?.name ?? op.opName);
  return (
    <li className="rounded-lg border border-line p-3">
      <p className="text-sm">
        <span className="font-mono font-medium text-fg">{name}</span>{" "}
        <span className="text-fg-muted tabular-nums">
          · {formatCount(op.calls)} {op.calls === 1 ? "call" : "calls"}
          {op.unreadable > 0 ? ` · ${formatCount(op.unreadable)} without a conversation at these paths` : ""}
        </span>
      </p>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <TextField
          label={`Prompt path of ${name}`}
          value={op.paths.prompt}
          onChange={(event) => onPaths(op.opName, { ...op.paths, prompt: event.target.value })}
          list={`${listId}-prompt`}
          spellCheck={false}
          autoComplete="off"
          maxLength={300}
          inputClassName="font-mono text-xs"
        />
        <TextField
          label={`Answer path of ${name}`}
          value={op.paths.completion}
          onChange={(event) => onPaths(op.opName, { ...op.paths, completion: event.target.value })}
          list={`${listId}-completion`}
          spellCheck={false}
          autoComplete="off"
          maxLength={300}
          inputClassName="font-mono text-xs"
        />
      </div>
      <datalist id={`${listId}-prompt`}>
        {op.candidates.prompt.map((path) => (
          <option key={path} value={path}>
            {path}
          </option>
        ))}
      </datalist>
      <datalist id={`${listId}-completion`}>
        {op.candidates.completion.map((path) => (
          <option key={path} value={path}>
            {path}
          </option>
        ))}
      </datalist>
    </li>
  );
}
