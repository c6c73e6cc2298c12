import * as z from "zod/mini";
import type { TraceObject } from "@contract/trace-objects";
import { objectRefOf, parseObjectRef } from "@contract/weave-refs";
import { responseSchemaFor } from "./response-schema";

/**
 * An LLM judge: a Weave object of the project of class ActionSpec whose config is an
 * `LlmJudgeActionConfig` (model, prompt, response schema), as upstream stores one
 * (weave/trace_server/interface/base_object_classes/actions.py). Every save is a new version; a
 * version is a digest, and its ref is what verdicts carry as `runnable_ref`. What upstream's model
 * has no field for (the queue, the question, where the model runs) sits in the `judge` block, which
 * upstream ignores when it reads an ActionSpec. docs/llm-judges.md has the whole design.
 */
export type JudgeService = "inference" | "training";

export type JudgeDraft = {
  name: string;
  description: string;
  model: string;
  service: JudgeService;
  prompt: string;
  queueId: string;
  /** The question it answers: the spec's ref, by digest. */
  specRef: string;
};

export type Judge = JudgeDraft & {
  /** The object id: the `<name>` of its feedback type `wandb.runnable.<name>`. */
  id: string;
  digest: string;
  /** `weave:///<project>/object/<id>:<digest>`: this version's ref. */
  ref: string;
  versionIndex: number;
  createdAt: string;
  /** Who saved this version (the object's `wb_user_id`), or null when the service does not say. */
  savedBy?: string | null;
  /** The schema the model is asked to fill, as stored. */
  responseSchema: Record<string, unknown>;
};

/** Bounds of what a judge's form takes (the service bounds the object's size as a whole). */
export const JUDGE_BOUNDS = { name: 120, description: 2_000, prompt: 20_000, model: 300 } as const;

export const ACTION_SPEC_CLASS = "ActionSpec";

const StoredJudge = z.object({
  name: z.string(),
  description: z.nullish(z.string()),
  config: z.object({
    action_type: z.literal("llm_judge"),
    model: z.string(),
    prompt: z.string(),
    response_schema: z.record(z.string(), z.unknown()),
  }),
  judge: z.object({
    queue_id: z.string(),
    spec_ref: z.string(),
    service: z.optional(z.catch(z.enum(["inference", "training"]), "inference")),
  }),
});

/** The judge an object version holds, or null for an ActionSpec that is not one of ours (another tool's action). */
export function judgeFromObject(
  object: Pick<TraceObject, "project_id" | "object_id" | "digest" | "val" | "version_index" | "created_at"> &
    Partial<Pick<TraceObject, "wb_user_id">>,
): Judge | null {
  const parsed = StoredJudge.safeParse(object.val);
  if (!parsed.success) return null;
  const { name, description, config, judge } = parsed.data;
  return {
    id: object.object_id,
    digest: object.digest,
    ref: objectRefOf(object.project_id, object.object_id, object.digest),
    versionIndex: object.version_index,
    createdAt: object.created_at,
    savedBy: object.wb_user_id ?? null,
    name,
    description: description ?? "",
    model: config.model,
    service: judge.service ?? "inference",
    prompt: config.prompt,
    queueId: judge.queue_id,
    specRef: judge.spec_ref,
    responseSchema: config.response_schema,
  };
}

/**
 * The value stored for a draft, already naming its class: upstream stores a classed value as sent
 * (keeping the `judge` block), where `builtin_object_class` would have it re-dumped without it.
 */
export function valueFromDraft(draft: JudgeDraft, questionSchema: Record<string, unknown>) {
  return {
    _type: ACTION_SPEC_CLASS,
    name: draft.name.trim(),
    description: draft.description.trim() || null,
    config: {
      action_type: "llm_judge",
      model: draft.model,
      prompt: draft.prompt,
      response_schema: responseSchemaFor(questionSchema),
    },
    judge: { queue_id: draft.queueId, spec_ref: draft.specRef, service: draft.service },
    _class_name: ACTION_SPEC_CLASS,
    _bases: ["BaseObject", "BaseModel"],
  };
}

const MAX_ID = 60;

/** `judge-<slug>`: lowercase letters, digits and dashes; a clash with `taken` gets `-2`, `-3`, … */
export function judgeObjectId(name: string, taken: ReadonlySet<string>): string {
  const slug =
    name
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, MAX_ID - "judge-".length - 4)
      .replace(/-+$/, "") || "unnamed";
  const base = `judge-${slug}`;
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The judge's object id and digest from a verdict's `runnable_ref`, or null for a ref that is no object version. */
export function judgeVersionOfRef(ref: string): { id: string; digest: string } | null {
  const parsed = parseObjectRef(ref);
  return parsed && parsed.kind === "object" ? { id: parsed.name, digest: parsed.digest } : null;
}
