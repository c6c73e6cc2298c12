import { DEMO_USERS } from "../../auth/users";
import { QUALITY_PROJECT, TRACE, TRAINING } from "./fixtures";
import { jsonOrUndefined, REQUEST_DEADLINE_MS } from "./send";

export type HttpAnswer = { status: number; text: string; json: unknown };

/**
 * JSON over real HTTP to a server process, as `key`'s user. A request that gets no answer within
 * the deadline rejects (a hang is a failure, not a wait).
 */
export function httpClient(baseUrl: string, key: string = DEMO_USERS[0].apiKey, deadlineMs = REQUEST_DEADLINE_MS) {
  async function request(method: string, path: string, body?: unknown): Promise<HttpAnswer> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(deadlineMs),
    });
    const text = await response.text();
    return { status: response.status, text, json: jsonOrUndefined(text) };
  }
  return {
    get: (path: string) => request("GET", path),
    post: (path: string, body: unknown) => request("POST", path, body),
    put: (path: string, body: unknown) => request("PUT", path, body),
    /** The JSON of a 200 answer; anything else throws with the answer in the message. */
    async ok<T>(answer: Promise<HttpAnswer>): Promise<T> {
      const a = await answer;
      if (a.status !== 200) throw new Error(`expected 200, got ${a.status}: ${a.text.slice(0, 500)}`);
      return a.json as T;
    },
  };
}

export type HttpClient = ReturnType<typeof httpClient>;

/** A queue holding `callIds` in the quality project, made over HTTP. Returns its id and item ids in order. */
export async function createQueueWithItems(
  client: HttpClient,
  callIds: readonly string[],
): Promise<{ queueId: string; itemIds: string[] }> {
  const { id: queueId } = await client.ok<{ id: string }>(
    client.post(`${TRACE}/annotation_queues`, { project_id: QUALITY_PROJECT, name: "Quality queue" }),
  );
  await client.ok(
    client.post(`${TRACE}/annotation_queues/${queueId}/items`, { project_id: QUALITY_PROJECT, call_ids: callIds }),
  );
  const { items } = await client.ok<{ items: { id: string }[] }>(
    client.post(`${TRACE}/annotation_queues/${queueId}/items/query`, { project_id: QUALITY_PROJECT }),
  );
  return { queueId, itemIds: items.map((i) => i.id) };
}

export type JobEvent = { id: string; type: string; data: Record<string, unknown> };

/** Every event of a training job, page by page, as the service lists them. */
export async function allJobEvents(client: HttpClient, jobId: string): Promise<JobEvent[]> {
  const events: JobEvent[] = [];
  for (let after = ""; ;) {
    const page = await client.ok<{ data: JobEvent[]; has_more: boolean; last_id: string }>(
      client.get(`${TRAINING}/preview/training-jobs/${jobId}/events?limit=100${after ? `&after=${after}` : ""}`),
    );
    events.push(...page.data);
    if (!page.has_more) return events;
    after = page.last_id;
  }
}
