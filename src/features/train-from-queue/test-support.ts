/**
 * A queue with annotations on the in-process local services, for this feature's tests: 24 items
 * over the large-queue seed's calls (`inputs.question`, `output.answer`: not chat-shaped, so the
 * paths matter; six questions, so grouping by input gives groups), the first 12 completed with
 * two annotators' Tone ratings. Test code: it reaches into the local services.
 */
import { objectRefOf } from "@contract/weave-refs";
import { setProgress } from "@server/trace/progress";
import { valueFromDraft } from "@/features/queues/judges/model/judge-value";
import { failureRequest, verdictRequest } from "@/features/queues/judges/model/verdicts";
import { answerWriter, seedFreshQueue } from "@/test/annotation-queue";
import type { createLocalServer } from "@/test/local-server";

export const TEST_PROJECT = "demo/support-bot";
const AT = Date.parse("2026-11-20T10:00:00Z");

export function seedRatedQueue(server: ReturnType<typeof createLocalServer>) {
  const { db } = server;
  const { queueId, queue, specs, items } = seedFreshQueue(db, {
    project: TEST_PROJECT,
    items: 24,
    name: "Refund answers",
    questions: ["tone", "reviewer_comment"],
    at: AT,
    first: 12,
  });
  const answer = answerWriter(db, TEST_PROJECT);
  items.forEach((item, index) => {
    const at = AT + index * 60_000;
    setProgress(db, queue, item.id, "user-maria", "completed", at);
    const tone = { callId: item.call_id, question: "tone", ref: specs.tone };
    answer({ ...tone, id: `fb-m-${index}`, user: "user-maria", at, value: (index % 5) + 1 });
    answer({ ...tone, id: `fb-k-${index}`, user: "user-kenji", at: at + 1000, value: ((index * 3) % 5) + 1 });
  });
  // Every item's call, in the queue's order: the first 12 answered, the rest for a judge.
  const callIds = (
    db
      .prepare(
        "SELECT call_id FROM annotation_queue_items WHERE queue_seq = ? AND deleted_at IS NULL ORDER BY created_at, id",
      )
      .all(queue.seq) as { call_id: string }[]
  ).map((row) => row.call_id);
  return { queueId, refs: [specs.tone, specs.reviewer_comment], callIds };
}

/**
 * A judge of the queue's Tone question saved and its outcomes recorded through the trace service's
 * API, as the judges' pages save and record them: a verdict per `verdicts` entry, a failure per
 * `failures` entry. Resolves to the judge's id and version ref.
 */
export async function seedToneJudge(
  server: ReturnType<typeof createLocalServer>,
  queue: { queueId: string; toneRef: string },
  outcomes: {
    verdicts: readonly { callId: string; answer: unknown }[];
    failures: readonly { callId: string; reason: string }[];
  },
) {
  const post = async (path: string, body: unknown) => {
    const response = await server.fetch(`${server.settings.traceBaseUrl}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Basic ${btoa(`api:${server.settings.apiKey}`)}` },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const id = "judge-tone";
  const val = valueFromDraft(
    {
      name: "Tone judge",
      description: "",
      model: "meta-llama/Llama-3.3-70B-Instruct",
      service: "inference",
      prompt: "Rate the {{question}} of {{output.answer}}",
      queueId: queue.queueId,
      specRef: queue.toneRef,
    },
    { type: "integer", minimum: 1, maximum: 5 },
  );
  const saved = await post("/obj/create", { obj: { project_id: TEST_PROJECT, object_id: id, val } });
  const judge = { id, ref: objectRefOf(TEST_PROJECT, id, String(saved.digest)) };
  for (const { callId, answer } of outcomes.verdicts)
    await post("/feedback/create", verdictRequest(TEST_PROJECT, judge, callId, { answer, reasoning: "[test]" }));
  for (const { callId, reason } of outcomes.failures)
    await post("/feedback/create", failureRequest(TEST_PROJECT, judge, callId, { kind: "malformed", reason }));
  return judge;
}
