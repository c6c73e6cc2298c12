import * as z from "zod/mini";
import { Feedback } from "@contract/trace-feedback";
import { parseObjectRef } from "@contract/weave-refs";
import type { TraceClient } from "./trace";
import type { CallOptions } from "./http";

/**
 * A queue's human-annotation specs, read from its `scorer_refs`, and the feedback on calls.
 * Specs are read tolerantly (docs/contract-decisions.md#annotation-specs): the stored value carries
 * `_type`, `_class_name` and `_bases` besides the fields; `name` is for people and the object id
 * (the ref's name) is what feedback types use.
 */
export const StoredSpec = z.object({
  name: z.nullish(z.string()),
  description: z.nullish(z.string()),
  field_schema: z.record(z.string(), z.unknown()),
  unique_among_creators: z.nullish(z.boolean()),
  op_scope: z.nullish(z.array(z.string())),
});

export type QueueSpec = {
  ref: string;
  /** The spec's object id: the `<name>` of `wandb.annotation.<name>`. */
  id: string;
  /** What people read: the spec's own name, else its object id. */
  label: string;
  description: string;
  fieldSchema: Record<string, unknown>;
  /** Each annotator has their own answer (true), or the item has one shared answer (false). */
  uniqueAmongCreators: boolean;
};

export type QueueSpecs = { specs: QueueSpec[]; missing: { ref: string; reason: string }[] };

/** The spec a ref reads as, or why it is not one (a sentence for people). */
export function toSpec(ref: string, value: unknown): QueueSpec | string {
  const parsed = parseObjectRef(ref);
  if (!parsed) return "this is not an object ref";
  if (value === null) return "the spec was deleted";
  const spec = StoredSpec.safeParse(value);
  if (!spec.success) return "this object is not a human-annotation spec";
  return {
    ref,
    id: parsed.name,
    label: spec.data.name?.trim() || parsed.name,
    description: spec.data.description ?? "",
    fieldSchema: spec.data.field_schema,
    uniqueAmongCreators: spec.data.unique_among_creators === true,
  };
}

/**
 * The specs behind `refs`, in order. The service fails a whole batch for one unreadable ref, so
 * after a failed batch each ref is read on its own: the others still show, and the page can say
 * which spec is missing and why.
 */
export async function readQueueSpecs(
  client: TraceClient,
  refs: readonly string[],
  options?: CallOptions,
): Promise<QueueSpecs> {
  if (refs.length === 0) return { specs: [], missing: [] };
  let values: (unknown | Error)[];
  try {
    values = await client.readRefs(refs, options);
  } catch (batchError) {
    if (options?.signal?.aborted) throw batchError;
    values = await Promise.all(
      refs.map((ref) =>
        client.readRefs([ref], options).then(
          (vals) => vals[0],
          (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
        ),
      ),
    );
  }
  const result: QueueSpecs = { specs: [], missing: [] };
  refs.forEach((ref, index) => {
    const value = values[index];
    const spec = value instanceof Error ? value.message : toSpec(ref, value);
    if (typeof spec === "string") result.missing.push({ ref, reason: spec });
    else result.specs.push(spec);
  });
  return result;
}

export const callRef = (projectId: string, callId: string): string => `weave:///${projectId}/call/${callId}`;

const FEEDBACK_PAGE = 1000;

/** Every feedback row on the calls (annotations, notes, reactions), oldest first, in pages of 1,000. */
export async function readCallsFeedback(
  client: TraceClient,
  projectId: string,
  callIds: readonly string[],
  options?: CallOptions,
): Promise<Feedback[]> {
  if (callIds.length === 0) return [];
  const query = {
    $expr: { $in: [{ $getField: "weave_ref" }, callIds.map((id) => ({ $literal: callRef(projectId, id) }))] },
  };
  const rows: Feedback[] = [];
  for (let offset = 0; ; offset += FEEDBACK_PAGE) {
    const page = await client.queryFeedback(
      {
        project_id: projectId,
        query,
        sort_by: [{ field: "created_at", direction: "asc" }],
        limit: FEEDBACK_PAGE,
        offset,
      },
      options,
    );
    rows.push(...page.map((row) => Feedback.parse(row)));
    if (page.length < FEEDBACK_PAGE) return rows;
  }
}
