/**
 * A queue with annotations on the in-process local services, for this feature's tests: 24 items
 * over the large-queue seed's calls (`inputs.question`, `output.answer`: not chat-shaped, so the
 * paths matter; six questions, so grouping by input gives groups), the first 12 completed with
 * two annotators' Tone ratings. Test code: it reaches into the local services.
 */
import { setProgress } from "@server/trace/progress";
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
  return { queueId, refs: [specs.tone, specs.reviewer_comment] };
}
