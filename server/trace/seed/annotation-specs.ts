import type { Database } from "better-sqlite3";
import { createObject } from "../objects/objects";
import { objectRefOf } from "../../../contract/weave-refs";

/**
 * The demo's human-annotation specs: one of each kind of control the review offers (a 1-5 rating,
 * a choice, yes/no, a bounded optional comment, a small count), as AnnotationSpec objects. The object id is
 * the name feedback types use (`wandb.annotation.<id>`); `name` is what people read.
 */
export const DEMO_SPECS = {
  tone: {
    name: "Tone",
    description:
      "How the answer sounds to the customer: 1 = cold or blaming, 5 = warm and specific. Each reviewer gives their own rating.",
    field_schema: { type: "integer", minimum: 1, maximum: 5 },
    unique_among_creators: true,
  },
  resolution: {
    name: "Resolution",
    description: "Did the answer settle the customer's question?",
    field_schema: { type: "string", enum: ["Resolved", "Partly resolved", "Not resolved", "Made it worse"] },
  },
  follows_policy: {
    name: "Follows the refund policy",
    description: "Timelines, amounts and next steps match the refund policy.",
    field_schema: { type: "boolean" },
  },
  reviewer_comment: {
    name: "Comment",
    description: "Anything the next reviewer or the prompt's author should know.",
    // Optional (the dashboard's mark in the schema): most items need no comment, so leaving it
    // empty must not make every Complete a second press.
    field_schema: { type: "string", maxLength: 500, "x-optional": true },
  },
  escalated_correctly: {
    name: "Escalated correctly",
    description:
      "Escalated when the escalation matrix says it must (chargebacks, legal questions, third contacts), and only then.",
    field_schema: { type: "boolean" },
  },
  unsupported_claims: {
    name: "Unsupported claims",
    description: "How many claims in the answer the retrieved articles do not support.",
    field_schema: { type: "integer", minimum: 0, maximum: 10 },
  },
  summary_accuracy: {
    name: "Summary accuracy",
    description: "1 = misstates the claim, 5 = complete and exact.",
    field_schema: { type: "integer", minimum: 1, maximum: 5 },
    unique_among_creators: true,
  },
} as const;

export type DemoSpecId = keyof typeof DEMO_SPECS;

/** Stores the specs in a project (made by `creator`) and returns each one's ref. */
export function seedAnnotationSpecs(
  db: Database,
  projectId: string,
  ids: readonly DemoSpecId[],
  now: number,
  creator: string,
): Record<DemoSpecId, string> {
  const refs = {} as Record<DemoSpecId, string>;
  for (const id of ids) {
    const { digest } = createObject(db, {
      projectId,
      objectId: id,
      val: DEMO_SPECS[id],
      builtinClass: "AnnotationSpec",
      userId: creator,
      now,
    });
    refs[id] = objectRefOf(projectId, id, digest);
  }
  return refs;
}
