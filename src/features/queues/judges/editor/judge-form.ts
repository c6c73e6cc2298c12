import type { QueueSpec } from "@/api/annotation-specs";
import { checkpointAddressError } from "@/features/training";
import type { CallPart } from "@/lib/call-paths";
import { specKind } from "../../queue-review/annotate/spec-kind";
import { JUDGE_BOUNDS, type JudgeDraft, type JudgeService } from "../model/judge-value";
import { missingFields, templateProblems } from "../model/prompt-template";

/**
 * The editor's checks, pure: what the form refuses to save and why, each for its own field. The
 * prompt is checked against a handful of the queue's calls: a path none of them has is surely a
 * typo (refused), one only some lack is a warning (those calls become `missing_field` failures).
 */
export type DraftErrors = Partial<Record<"name" | "specRef" | "model" | "prompt" | "description", string>>;

/** How many of the queue's first calls the prompt is checked against. */
export const PROMPT_CHECK_CALLS = 20;

export type PromptCheck = {
  /** Placeholders that name nothing (neither the question nor a call path). */
  problems: string[];
  /** Per call path the prompt reads, how many of the checked calls lack it (only paths some lack). */
  missing: { path: string; without: number }[];
  checked: number;
  /** Why a save is refused, or null. */
  refusal: string | null;
};

export function checkPrompt(template: string, calls: readonly CallPart[]): PromptCheck {
  const problems = templateProblems(template).map((problem) => problem.why);
  const without = new Map<string, number>();
  for (const call of calls)
    for (const path of missingFields(template, call)) without.set(path, (without.get(path) ?? 0) + 1);
  const missing = [...without].map(([path, count]) => ({ path, without: count }));
  const absent = calls.length > 0 ? missing.filter((entry) => entry.without === calls.length) : [];
  const refusal =
    problems[0] ??
    (absent.length > 0
      ? `None of the queue's first ${calls.length} calls has ${absent.map((entry) => `{{${entry.path}}}`).join(", ")}:` +
        " check the path (the buttons under the prompt insert the paths the calls have)."
      : null);
  return { problems, missing, checked: calls.length, refusal };
}

/** Why a question cannot be judged (free text the review cannot read, say), or null. */
export function unjudgeableReason(spec: QueueSpec): string | null {
  const kind = specKind(spec.fieldSchema);
  return kind.kind === "unsupported" ? kind.why : null;
}

/** A checkpoint of the training service is addressed as an artifact; anything else is a catalog model. */
export const serviceOfModel = (model: string): JudgeService =>
  model.trim().startsWith("wandb-artifact:///") ? "training" : "inference";

export function draftErrors(draft: JudgeDraft, specs: readonly QueueSpec[], prompt: PromptCheck): DraftErrors {
  const errors: DraftErrors = {};
  const name = draft.name.trim();
  if (name === "") errors.name = "Give the judge a name.";
  else if (name.length > JUDGE_BOUNDS.name) errors.name = `At most ${JUDGE_BOUNDS.name} characters.`;
  if (draft.description.length > JUDGE_BOUNDS.description)
    errors.description = `At most ${JUDGE_BOUNDS.description} characters.`;
  const spec = specs.find((candidate) => candidate.ref === draft.specRef);
  if (!spec) errors.specRef = "Choose the question the judge answers.";
  else {
    const why = unjudgeableReason(spec);
    if (why) errors.specRef = `A judge cannot answer this question: ${why}`;
  }
  const model = draft.model.trim();
  if (model === "") errors.model = "Choose a model, or type one's id.";
  else if (model.length > JUDGE_BOUNDS.model) errors.model = `At most ${JUDGE_BOUNDS.model} characters.`;
  else {
    // A checkpoint's address the training service would refuse says so here, not after a run starts.
    const addressError = serviceOfModel(model) === "training" ? checkpointAddressError(model) : null;
    if (addressError) errors.model = addressError;
  }
  if (draft.prompt.trim() === "") errors.prompt = "Write the prompt.";
  else if (draft.prompt.length > JUDGE_BOUNDS.prompt) errors.prompt = `At most ${JUDGE_BOUNDS.prompt} characters.`;
  else if (prompt.refusal) errors.prompt = prompt.refusal;
  return errors;
}

const PATH_LIMIT = 40;
const PATH_DEPTH = 4;

/**
 * The placeholders a call offers: `inputs`, `output` and the dotted paths under them (arrays by
 * their first element), breadth first, so the shallow, likely ones come first.
 */
export function placeholderPaths(call: CallPart | undefined): string[] {
  if (!call) return ["inputs", "output"];
  const found: string[] = [];
  let level: { path: string; value: unknown }[] = [
    { path: "inputs", value: call.inputs },
    { path: "output", value: call.output },
  ];
  for (let depth = 0; depth < PATH_DEPTH && level.length > 0 && found.length < PATH_LIMIT; depth++) {
    const next: typeof level = [];
    for (const { path, value } of level) {
      if (value === undefined) continue;
      found.push(path);
      if (Array.isArray(value)) {
        if (value.length > 0) next.push({ path: `${path}.0`, value: value[0] });
      } else if (value !== null && typeof value === "object") {
        for (const [key, child] of Object.entries(value))
          if (/^[\w-]+$/.test(key)) next.push({ path: `${path}.${key}`, value: child });
      }
    }
    level = next;
  }
  return found.slice(0, PATH_LIMIT);
}
