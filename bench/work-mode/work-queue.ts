import { SERVICE_PATHS } from "../../server/app";
import { parseObjectRef } from "../../contract/weave-refs";

/** A fresh queue for the work-mode benchmark: its id, size and the one question's label. */
export type WorkQueue = { id: string; items: number; questionLabel: string };

/** The one question: the demo's 1-5 tone rating (required, so each item is answered before Complete). */
const QUESTION_ID = "tone";
const QUESTION_LABEL = "Tone";
/** Calls are added in pages of this many: under the service's bound per request. */
const ADD_PAGE = 500;

type Api = (path: string, body?: unknown) => Promise<Record<string, unknown>>;

function traceApi(origin: string, key: string): Api {
  return async (path, body) => {
    const response = await fetch(`${origin}${SERVICE_PATHS.trace}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
}

/** The tone spec's ref, from the queue that asks it (the demo's largest queue). */
async function toneRef(api: Api, project: string, askingQueueId: string): Promise<string> {
  const { queue } = (await api(`/annotation_queues/${askingQueueId}?project_id=${encodeURIComponent(project)}`)) as {
    queue: { scorer_refs?: string[] };
  };
  const ref = (queue.scorer_refs ?? []).find((r) => parseObjectRef(r)?.name === QUESTION_ID);
  if (!ref) throw new Error(`queue ${askingQueueId} does not ask "${QUESTION_ID}"`);
  return ref;
}

/**
 * Makes a new queue through the API (as a lead would: New queue, then Add to queue from the calls)
 * over `items` existing calls of the project, taken from `sourceQueueId`, with one question (the
 * tone rating). Every item of a new queue is unstarted, and nobody else works it.
 */
export async function createWorkQueue(
  origin: string,
  key: string,
  project: string,
  sources: { specQueueId: string; callsQueueId: string },
  items: number,
): Promise<WorkQueue> {
  const api = traceApi(origin, key);
  const scorer = await toneRef(api, project, sources.specQueueId);
  const { id } = (await api("/annotation_queues", {
    project_id: project,
    name: `Benchmark – work mode ${new Date().toISOString()}`,
    description: "Two annotators in work mode (npm run bench -- --only work-mode).",
    scorer_refs: [scorer],
  })) as { id: string };
  let added = 0;
  while (added < items) {
    const { items: page } = (await api(`/annotation_queues/${sources.callsQueueId}/items/query`, {
      project_id: project,
      offset: added,
      limit: Math.min(ADD_PAGE, items - added),
    })) as { items: { call_id: string }[] };
    if (page.length === 0) throw new Error(`queue ${sources.callsQueueId} has only ${added} calls`);
    await api(`/annotation_queues/${id}/items`, {
      project_id: project,
      call_ids: page.map((item) => item.call_id),
      display_fields: ["inputs.question", "output.answer"],
    });
    added += page.length;
  }
  return { id, items: added, questionLabel: QUESTION_LABEL };
}
