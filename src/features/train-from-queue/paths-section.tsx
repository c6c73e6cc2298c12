import { useId } from "react";
import { Section } from "@/components/section";
import { TextField } from "@/components/text-field";
import { formatCount } from "@/lib/number-format";
import { revealHiddenCharacters } from "@/lib/hidden-characters";
import { cn } from "@/lib/cn";
import { parseOpRef } from "@/lib/op-refs";
import type { PathMapping } from "./trajectories/conversation";

export type OpPaths = {
  opName: string;
  calls: number;
  /** Calls of the op that gave no conversation with these paths (no messages, no answer). */
  unreadable: number;
  paths: PathMapping;
  /** Whether a suggestion was read from its calls (else only remembered or typed paths). */
  suggested: boolean;
  /** Whether its calls give trajectories. */
  included: boolean;
  candidates: { prompt: string[]; completion: string[] };
};

type Handlers = {
  onPaths: (opName: string, paths: PathMapping) => void;
  onInclude: (opName: string, included: boolean) => void;
};

/**
 * Where each op's calls keep their prompt and their answer. OpenAI chat calls need nothing here;
 * other calls name the paths (remembered per op in this browser).
 */
export function PathsSection({ ops, onPaths, onInclude }: { ops: readonly OpPaths[] } & Handlers) {
  const included = ops.filter((op) => op.included).length;
  return (
    <Section
      title="Conversations"
      note={`${formatCount(included)} of ${formatCount(ops.length)} ${ops.length === 1 ? "op" : "ops"} included`}
    >
      <p className="max-w-3xl text-xs text-fg-muted">
        A trajectory is the call's prompt messages followed by its answer. OpenAI-style chat calls read{" "}
        <code>inputs.messages</code> and <code>output.choices.0</code>; for other calls, name the paths (a list of
        messages or a text for the prompt; a text, a message or a choice for the answer). Paths are remembered per op in
        this browser. Paths are suggested only where the calls read as a conversation (chat messages or a sentence under
        a name such as <code>question</code>, and a sentence, an assistant message or a choice under a name such as{" "}
        <code>answer</code>); an op without them starts left out.
      </p>
      <ul className="space-y-3">
        {ops.map((op) => (
          <OpPathsRow key={op.opName} op={op} onPaths={onPaths} onInclude={onInclude} />
        ))}
      </ul>
    </Section>
  );
}

function OpPathsRow({ op, onPaths, onInclude }: { op: OpPaths } & Handlers) {
  const listId = useId();
  const name = revealHiddenCharacters(parseOpRef(op.opName)?.name ?? op.opName);
  const unnamed = op.paths.prompt.trim() === "" || op.paths.completion.trim() === "";
  return (
    <li className={cn("rounded-lg border border-line p-3", !op.included && "bg-subtle/40")}>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-1"
          checked={op.included}
          onChange={(event) => onInclude(op.opName, event.target.checked)}
          aria-label={`Include ${name}`}
          aria-describedby={`${listId}-state`}
        />
        <span>
          <span className="font-mono font-medium break-all text-fg">{name}</span>{" "}
          <span className="text-fg-muted tabular-nums">
            · {formatCount(op.calls)} {op.calls === 1 ? "call" : "calls"}
            {op.included && op.unreadable > 0
              ? ` · ${formatCount(op.unreadable)} without a conversation at these paths`
              : ""}
          </span>
        </span>
      </label>
      <p id={`${listId}-state`} className="mt-1 text-xs text-fg-muted">
        {op.included
          ? unnamed
            ? "Included: name both paths, or its calls are listed as unusable."
            : "Included: its calls give trajectories."
          : op.suggested || !unnamed
            ? "Left out: its calls give no trajectories."
            : "Left out: no field of its calls reads as a conversation. Name the paths and tick it to use its calls."}
      </p>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <TextField
          label={`Prompt path of ${name}`}
          value={op.paths.prompt}
          onChange={(event) => onPaths(op.opName, { ...op.paths, prompt: event.target.value })}
          list={`${listId}-prompt`}
          verbatim
          maxLength={300}
          inputClassName="font-mono text-xs"
        />
        <TextField
          label={`Answer path of ${name}`}
          value={op.paths.completion}
          onChange={(event) => onPaths(op.opName, { ...op.paths, completion: event.target.value })}
          list={`${listId}-completion`}
          verbatim
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
