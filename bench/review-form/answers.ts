import { SERVICE_PATHS } from "../../server/app";
import { DEMO_SPECS } from "../../server/trace/seed/annotation-specs";
import { ANNOTATION_FEEDBACK_PREFIX } from "../../contract/trace-feedback";
import { parseObjectRef } from "../../contract/weave-refs";
import type { BenchAnnotator } from "../fixtures/annotators";
import type { FormExpectation } from "./form-probe";

/** The tone review's four questions, in the queue's order: what the benchmark answers. */
const SPEC_IDS = ["tone", "resolution", "follows_policy", "reviewer_comment"] as const;
type SpecId = (typeof SPEC_IDS)[number];

/** Unstarted items from here on: far from the first ones, which the review's own benchmark walks. */
const FIRST_ITEM = 2000;

const COMMENTS = [
  "Names the refund amount and the day it lands; the apology is short and sincere.",
  "Blames the courier for the delay. Should say what we do next instead.",
  "Asks for the order number although it is in the first message.",
  "Right answer, but the timeline is buried in the last paragraph.",
];

export type AnsweredItem = { itemId: string; callId: string; callRef: string; expected: FormExpectation[] };

type Api = (path: string, key: string, body?: unknown) => Promise<Record<string, unknown>>;

function traceApi(origin: string): Api {
  return async (path, key, body) => {
    const response = await fetch(`${origin}${SERVICE_PATHS.trace}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
}

/** Annotator `a`'s answer to `spec` on the benchmark's `i`-th item: they disagree, so whose answer shows matters. */
function answerOf(spec: SpecId, i: number, a: number): unknown {
  switch (spec) {
    case "tone":
      return 1 + ((i + 2 * a) % 5);
    case "resolution":
      return DEMO_SPECS.resolution.field_schema.enum[(i + a) % DEMO_SPECS.resolution.field_schema.enum.length];
    case "follows_policy":
      return (i + a) % 2 === 0;
    case "reviewer_comment":
      return `${COMMENTS[(i + a) % COMMENTS.length]} (item ${i + 1})`;
  }
}

/** How the form writes an answer (a choice's text; Yes/No). */
const shown = (value: unknown) => (value === true ? "Yes" : value === false ? "No" : String(value));

/**
 * What the demo user (annotators[0]) sees: their own tone with the others' beside it ("Others:"),
 * and for the shared questions the latest answer, which is the last annotator's (answers are
 * written in annotator order).
 */
function expectation(i: number, annotators: readonly BenchAnnotator[]): FormExpectation[] {
  const last = annotators.length - 1;
  return [
    {
      label: DEMO_SPECS.tone.name,
      chosen: shown(answerOf("tone", i, 0)),
      others: annotators.slice(1).map((a, k) => `${a.id} ${shown(answerOf("tone", i, k + 1))}`),
    },
    { label: DEMO_SPECS.resolution.name, chosen: shown(answerOf("resolution", i, last)) },
    { label: DEMO_SPECS.follows_policy.name, chosen: shown(answerOf("follows_policy", i, last)) },
    { label: DEMO_SPECS.reviewer_comment.name, text: String(answerOf("reviewer_comment", i, last)) },
  ];
}

/** The queue's spec refs by spec id; refuses a queue whose questions are not the four above. */
async function specRefs(api: Api, key: string, project: string, queueId: string): Promise<Record<SpecId, string>> {
  const { queue } = (await api(`/annotation_queues/${queueId}?project_id=${encodeURIComponent(project)}`, key)) as {
    queue: { scorer_refs?: string[] };
  };
  const refs = Object.fromEntries((queue.scorer_refs ?? []).map((ref) => [parseObjectRef(ref)?.name, ref]));
  const names = Object.keys(refs).join(", ");
  if (names !== SPEC_IDS.join(", ")) throw new Error(`queue ${queueId} asks ${names}, not ${SPEC_IDS.join(", ")}`);
  return refs as Record<SpecId, string>;
}

/**
 * Picks `count` unstarted items of the demo queue that have no answers yet, and has each annotator
 * answer all four questions on each through /feedback/create with their own key (so `wb_user_id`
 * is theirs, as in real use). Returns each item with what the form should show.
 */
export async function writeAnswers(
  origin: string,
  project: string,
  queueId: string,
  annotators: readonly BenchAnnotator[],
  count: number,
): Promise<AnsweredItem[]> {
  const api = traceApi(origin);
  const key = annotators[0]!.apiKey;
  const refs = await specRefs(api, key, project, queueId);
  const { items } = (await api(`/annotation_queues/${queueId}/items/query`, key, {
    project_id: project,
    filter: { annotation_states: ["unstarted"] },
    offset: FIRST_ITEM,
    limit: count,
  })) as { items: { id: string; call_id: string }[] };
  if (items.length < count)
    throw new Error(`queue ${queueId} has only ${items.length} unstarted items past the ${FIRST_ITEM}th`);
  const callRef = (callId: string) => `weave:///${project}/call/${callId}`;
  const { result } = (await api("/feedback/query", key, {
    project_id: project,
    query: { $expr: { $in: [{ $getField: "weave_ref" }, items.map((item) => ({ $literal: callRef(item.call_id) }))] } },
    limit: 1,
  })) as { result: unknown[] };
  if (result.length > 0)
    throw new Error("the chosen items already have answers: the form would not show only the benchmark's");

  for (const [i, item] of items.entries()) {
    // A shared question has one answer per call: each later annotator replaces it, as the review does.
    const shared = new Map<SpecId, string>();
    for (const [a, annotator] of annotators.entries()) {
      for (const spec of SPEC_IDS) {
        const standing = shared.get(spec);
        const request = {
          project_id: project,
          weave_ref: callRef(item.call_id),
          feedback_type: `${ANNOTATION_FEEDBACK_PREFIX}${spec}`,
          annotation_ref: refs[spec],
          payload: { value: answerOf(spec, i, a) },
        };
        const saved = await api(
          standing ? "/feedback/replace" : "/feedback/create",
          annotator.apiKey,
          standing ? { ...request, feedback_id: standing } : request,
        );
        if (!("unique_among_creators" in DEMO_SPECS[spec])) shared.set(spec, String(saved.id));
      }
    }
  }
  return items.map((item, i) => ({
    itemId: item.id,
    callId: item.call_id,
    callRef: callRef(item.call_id),
    expected: expectation(i, annotators),
  }));
}
