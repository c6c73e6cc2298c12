import type { Feedback } from "../../contract/trace-feedback";
import { DEMO_SPECS } from "../../server/trace/seed/annotation-specs";
import { picker, seededRandom } from "../../server/trace/seed/prng";
import type { QueueSpec } from "../../src/api/annotation-specs";
import type { InsightItem } from "../../src/features/queues/insights/insights-input";

// The benchmark's case: a queue of 10,000 items with 30,000 answers from three annotators. Per item:
// two annotators' own Tone ratings (20,000, the question alpha measures), the shared Resolution on
// 80 % of items (8,000) and the shared yes/no policy check on 20 % (2,000).
export const INSIGHTS_ITEMS = 10_000;
export const INSIGHTS_FEEDBACK = 30_000;
const ANNOTATORS = ["user-demo", "user-maria", "user-kenji"] as const;
const SPEC_IDS = ["tone", "resolution", "follows_policy", "reviewer_comment"] as const;

export const benchSpecs = (
  projectId: string,
  refs: Partial<Record<(typeof SPEC_IDS)[number], string>> = {},
): QueueSpec[] =>
  SPEC_IDS.map((id) => {
    const spec = DEMO_SPECS[id];
    return {
      ref: refs[id] ?? `weave:///${projectId}/object/${id}:bench`,
      id,
      label: spec.name,
      description: spec.description,
      fieldSchema: spec.field_schema,
      uniqueAmongCreators: "unique_among_creators" in spec && spec.unique_among_creators,
    };
  });

export type BenchAnswer = { callId: string; by: string; specId: string; value: unknown; at: number };

/** The answers on `callIds`, deterministic: one list of INSIGHTS_FEEDBACK when given INSIGHTS_ITEMS calls. */
export function benchAnswers(callIds: readonly string[], startMs: number): BenchAnswer[] {
  const p = picker(seededRandom(16));
  const answers: BenchAnswer[] = [];
  callIds.forEach((callId, index) => {
    const at = startMs + index * 60_000;
    const quality = p.weighted([
      [5, 3],
      [4, 4],
      [3, 2],
      [2, 1],
      [1, 1],
    ] as const);
    const first = p.pick(ANNOTATORS);
    const second = p.pick(ANNOTATORS.filter((a) => a !== first));
    for (const [k, by] of [first, second].entries())
      answers.push({
        callId,
        by,
        specId: "tone",
        value: Math.min(
          5,
          Math.max(
            1,
            quality +
              p.weighted([
                [0, 6],
                [-1, 2],
                [1, 2],
              ] as const),
          ),
        ),
        at: at + k * 1000,
      });
    if (index % 5 !== 4)
      answers.push({
        callId,
        by: first,
        specId: "resolution",
        value: quality >= 4 ? "Resolved" : p.pick(["Partly resolved", "Not resolved"]),
        at: at + 2000,
      });
    if (index % 5 === 0)
      answers.push({ callId, by: first, specId: "follows_policy", value: quality >= 3, at: at + 3000 });
  });
  return answers;
}

/** 10,000 items and 30,000 feedback rows in memory, as the service would send them. */
export function syntheticQueue(projectId: string): { items: InsightItem[]; rows: Feedback[] } {
  const items: InsightItem[] = Array.from({ length: INSIGHTS_ITEMS }, (_, i) => ({
    id: `item-${i}`,
    queue_id: "bench-queue",
    call_id: `call-${String(i).padStart(6, "0")}`,
    annotation_state: i % 10 < 7 ? "completed" : i % 10 < 9 ? "in_progress" : "unstarted",
    annotator_user_id: i % 10 < 9 ? ANNOTATORS[i % 3] : "",
  }));
  const rows = benchAnswers(
    items.map((item) => item.call_id),
    Date.parse("2026-10-01T08:00:00Z"),
  ).map((answer, i): Feedback => ({
    id: `fb-${i}`,
    project_id: projectId,
    weave_ref: `weave:///${projectId}/call/${answer.callId}`,
    wb_user_id: answer.by,
    created_at: new Date(answer.at).toISOString(),
    feedback_type: `wandb.annotation.${answer.specId}`,
    payload: { value: answer.value },
    annotation_ref: `weave:///${projectId}/object/${answer.specId}:bench`,
  }));
  return { items, rows };
}
