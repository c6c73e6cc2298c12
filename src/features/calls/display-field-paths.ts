import { LIMITS } from "@contract/limits";
import type { Call } from "@contract/trace";
import { previewValue } from "./value-preview";

/**
 * The display fields a person can choose when adding calls to a queue: the dotted paths into the
 * calls' `inputs` and `output` (what `display_fields` holds and the review resolves, see
 * queues/queue-review/display-fields.ts), each with a preview of its value in the first call that
 * has it. Bounded: a few levels, the first entries of each array, a few hundred paths, so a call
 * with 200,000 leaves costs no more than the list shown.
 */

export type FieldPath = {
  path: string;
  preview: string;
  /** How many of the sampled calls have the path. */
  count: number;
  /** Whether its value is text in the first call that has it. */
  text: boolean;
};

export const MAX_PATHS = 300;
const MAX_DEPTH = 6;
const ARRAY_ENTRIES = 3;
/** Calls sampled for paths: the first selected ones. */
export const SAMPLE_CALLS = 20;

export function flattenCallPaths(calls: readonly Pick<Call, "inputs" | "output">[]): FieldPath[] {
  const found = new Map<string, FieldPath>();
  for (const call of calls.slice(0, SAMPLE_CALLS)) {
    for (const [path, value] of pathsOfCall(call)) {
      const known = found.get(path);
      if (known) known.count += 1;
      else if (found.size < MAX_PATHS)
        found.set(path, { path, preview: previewValue(value, 80), count: 1, text: typeof value === "string" });
    }
  }
  return [...found.values()];
}

/** One call's paths and their values, each path once, in the order of the call's keys. */
function pathsOfCall(call: Pick<Call, "inputs" | "output">): Map<string, unknown> {
  const paths = new Map<string, unknown>();
  const walk = (value: unknown, path: string, depth: number) => {
    // A path the add endpoint would refuse (a key of megabytes) is not offered, nor what is under it.
    if (paths.size >= MAX_PATHS || path.length > LIMITS.displayFieldLength) return;
    paths.set(path, value);
    if (depth >= MAX_DEPTH || value === null || typeof value !== "object") return;
    if (Array.isArray(value)) {
      value.slice(0, ARRAY_ENTRIES).forEach((entry, index) => walk(entry, `${path}.${index}`, depth + 1));
      return;
    }
    for (const key of Object.keys(value).slice(0, 100))
      walk((value as Record<string, unknown>)[key], `${path}.${key}`, depth + 1);
  };
  if (call.inputs) for (const key of Object.keys(call.inputs).slice(0, 100)) walk(call.inputs[key], `inputs.${key}`, 1);
  if (call.output !== undefined && call.output !== null) walk(call.output, "output", 0);
  return paths;
}

/** Paths that usually say what a call was about: the chat, the question, the answer. */
const PREFERRED = [
  "inputs.messages",
  "inputs.prompt",
  "inputs.question",
  "inputs.query",
  "inputs.input",
  "inputs.text",
  "output.choices.0.message.content",
  "output.content",
  "output.answer",
  "output.text",
] as const;

const isTopInput = (p: FieldPath) => /^inputs\.[^.]+$/.test(p.path);

/**
 * What to tick at first: the preferred paths the calls have, with the main input when none of
 * them is an input; when none is preferred, the top-level inputs (at most three) and the whole
 * output.
 */
export function defaultDisplayFields(paths: readonly FieldPath[]): string[] {
  const have = new Set(paths.map((p) => p.path));
  const preferred: string[] = PREFERRED.filter((p) => have.has(p));
  if (preferred.length > 0) {
    const main = preferred.some((p) => p.startsWith("inputs.")) ? undefined : mainInput(paths);
    return main ? [main, ...preferred] : preferred;
  }
  const topInputs = paths
    .filter(isTopInput)
    .slice(0, 3)
    .map((p) => p.path);
  return [...topInputs, ...(have.has("output") ? ["output"] : [])];
}

/**
 * The input a call is about when it has none of the preferred names: the weave SDKs record a
 * function's positional arguments as `inputs.arg0`, `arg1`… (TypeScript) or by parameter name
 * (Python), so an answer would be shown without its question. The first top-level input holding
 * text, else the first top-level input.
 */
function mainInput(paths: readonly FieldPath[]): string | undefined {
  const inputs = paths.filter(isTopInput);
  return (inputs.find((p) => p.text) ?? inputs[0])?.path;
}

/** Whether the call's inputs and output were read (a row is shown before them; `output` is absent until then). */
const hasPreviews = (call: Call) => "output" in call || call.inputs != null;

/**
 * The chosen calls the display fields are offered from: each as the page shows it now (a call chosen before its
 * page's inputs and outputs were in has them there), those with inputs and output first. A page chosen whole and
 * left at once never got them, and fields offered from its calls alone would be none.
 */
export function sampleOfChosen(chosen: Iterable<Call>, shown: readonly Call[]): Call[] {
  const onPage = new Map(shown.map((call) => [call.id, call]));
  const calls = [...chosen].map((call) => onPage.get(call.id) ?? call);
  return [...calls.filter(hasPreviews), ...calls.filter((call) => !hasPreviews(call))].slice(0, SAMPLE_CALLS);
}
