import { SERVICE_PATHS } from "../../server/app";
import { DEMO_USERS } from "../../server/auth/users";
import { LIMITS } from "../../contract/limits";
import { CHAT_MAX_BODY_BYTES, SMALL_MAX_BODY_BYTES } from "../../server/http/body-limits";

/** One hostile request at a size cap, and the answer it must get (never a 5xx). */
export type HostileRequest = {
  name: string;
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The status the services answer it with. */
  status: number;
  /** A bulk upload (RL job, /log, a trace table or file): its cap is MAX_BODY_BYTES, far above the others'. */
  bulk?: boolean;
  /**
   * The body of timed run `run` (0 is the warm-up), when each run must send new content: a table
   * or file already stored is not stored again, and storing is part of what is measured.
   */
  bodyOfRun?: (run: number) => string;
};

const KEY = DEMO_USERS[0].apiKey;
export const JSON_AUTH = { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json" };
const TRACE = SERVICE_PATHS.trace;
const TRAINING = SERVICE_PATHS.training;
const INFERENCE = SERVICE_PATHS.inference;
const PROJECT = "demo/support-bot";

/** `prefix` (JSON text ending in a string value's opening quote) padded with `fill` to `bytes`, then closed by `suffix`. */
function padTo(bytes: number, prefix: string, suffix: string, fill = "x"): string {
  return `${prefix}${fill.repeat(Math.max(0, Math.floor((bytes - prefix.length - suffix.length) / fill.length)))}${suffix}`;
}

/** `n` distinct strings of `length` characters. */
const many = (n: number, length: number) => Array.from({ length: n }, (_, i) => String(i).padStart(length, "q"));

/**
 * `n` scorer refs of `length` characters each, in the form the contract asks
 * (`weave:///<entity>/<project>/object/<name>:<digest>`, one version per spec). No spec object can
 * have such a ref (an object id is at most 128 characters, a digest 64), so the service looks each
 * up and refuses the queue: the bound's cost, without the 100 specs.
 */
const manySpecRefs = (n: number, length: number) =>
  Array.from({ length: n }, (_, i) => {
    const prefix = `weave:///${PROJECT}/object/spec-${i}:`;
    return prefix + "d".repeat(length - prefix.length);
  });

/**
 * Requests a hostile (or careless) client sends at the services' caps: each as large as the
 * endpoint's body limit allows, or each list at its bound with every string at its length.
 * `modelId` is a model and `queueId` a queue of the demo entity.
 */
export function hostileRequests(ids: { modelId: string; queueId: string }, maxBodyBytes: number): HostileRequest[] {
  const { modelId, queueId } = ids;
  const chatPrompt = (path: string, model: string): HostileRequest => ({
    name: `chat, a ${CHAT_MAX_BODY_BYTES / 1024 / 1024} MiB prompt (${path.startsWith(INFERENCE) ? "inference" : "training"}): over the context window`,
    method: "POST",
    path,
    headers: JSON_AUTH,
    body: padTo(CHAT_MAX_BODY_BYTES, `{"model":"${model}","messages":[{"role":"user","content":"`, `"}]}`, "word "),
    status: 400,
  });
  return [
    chatPrompt(`${TRAINING}/chat/completions`, "Qwen/Qwen2.5-7B-Instruct"),
    chatPrompt(`${INFERENCE}/chat/completions`, "Qwen/Qwen3-30B-A3B-Instruct-2507"),
    {
      name: `queue stats for ${LIMITS.statsQueueIds} ids of ${LIMITS.idLength} characters (the bound)`,
      method: "POST",
      path: `${TRACE}/annotation_queues/stats`,
      headers: JSON_AUTH,
      body: JSON.stringify({ project_id: PROJECT, queue_ids: many(LIMITS.statsQueueIds, LIMITS.idLength) }),
      status: 200,
    },
    {
      name: `a queue with ${LIMITS.scorerRefs} well-formed scorer refs of ${LIMITS.refLength} characters, naming no spec, and the longest description (the bounds; each ref is looked up, then refused)`,
      method: "POST",
      path: `${TRACE}/annotation_queues`,
      headers: JSON_AUTH,
      body: JSON.stringify({
        project_id: PROJECT,
        name: "n".repeat(LIMITS.queueNameLength),
        description: "d".repeat(LIMITS.descriptionLength),
        scorer_refs: manySpecRefs(LIMITS.scorerRefs, LIMITS.refLength),
      }),
      status: 400,
    },
    {
      name: "a 1 MiB scorer ref (over its bound)",
      method: "POST",
      path: `${TRACE}/annotation_queues`,
      headers: JSON_AUTH,
      body: padTo(SMALL_MAX_BODY_BYTES, `{"project_id":"${PROJECT}","name":"q","scorer_refs":["`, `"]}`),
      status: 422,
    },
    {
      name: "a 1 MiB call id (over its bound)",
      method: "POST",
      path: `${TRACE}/call/read`,
      headers: JSON_AUTH,
      body: padTo(SMALL_MAX_BODY_BYTES, `{"project_id":"${PROJECT}","id":"`, `"}`),
      status: 422,
    },
    {
      name: `adding ${LIMITS.callIdsPerAdd} unknown calls with ${LIMITS.displayFields} display fields of ${LIMITS.displayFieldLength} characters (each call looked up)`,
      method: "POST",
      path: `${TRACE}/annotation_queues/${queueId}/items`,
      headers: JSON_AUTH,
      body: JSON.stringify({
        project_id: PROJECT,
        call_ids: many(LIMITS.callIdsPerAdd, LIMITS.idLength),
        display_fields: many(LIMITS.displayFields, LIMITS.displayFieldLength),
      }),
      status: 400,
    },
    {
      name: "a 12 KB queue id in the path (over its bound)",
      method: "GET",
      path: `${TRACE}/annotation_queues/${"p".repeat(12_000)}?project_id=${PROJECT}`,
      headers: { Authorization: `Bearer ${KEY}` },
      status: 422,
    },
    {
      name: "an SFT job with a 1 MiB data URL (over its bound)",
      method: "POST",
      path: `${TRAINING}/preview/sft-training-jobs`,
      headers: JSON_AUTH,
      body: padTo(SMALL_MAX_BODY_BYTES, `{"model_id":"${modelId}","training_data_url":"https://example.com/`, `"}`),
      status: 422,
    },
    {
      // One group of 32 MiB: over the group limit (MAX_GROUP_CHARS), refused after the worker parsed it.
      name: `a bulk upload of ${Math.round(maxBodyBytes / 1024 / 1024)} MiB of junk in one group (RL job)`,
      method: "POST",
      path: `${TRAINING}/preview/training-jobs`,
      headers: JSON_AUTH,
      body: padTo(
        maxBodyBytes,
        `{"model_id":"${modelId}","trajectory_groups":[{"trajectories":[{"reward":1,"messages_and_choices":[{"role":"user","content":"`,
        `"}]}]}]}`,
      ),
      status: 422,
      bulk: true,
    },
    {
      name: `a bulk upload of ${Math.round(maxBodyBytes / 1024 / 1024)} MiB of chat trajectory groups (RL job)`,
      method: "POST",
      path: `${TRAINING}/preview/training-jobs`,
      headers: JSON_AUTH,
      body: trajectoryGroupsBody(modelId, maxBodyBytes),
      status: 200,
      bulk: true,
    },
    ...traceUploads(maxBodyBytes),
    callBatch(maxBodyBytes),
  ];
}

/** Call `i` of run `run`: its start and end, as two batch items' JSON. */
const callPair = (run: number, i: number) => {
  const id = `run${run}-call${i}`;
  const start = {
    project_id: PROJECT,
    id,
    trace_id: `run${run}-trace${i}`,
    op_name: `weave:///${PROJECT}/op/answer:v1`,
    started_at: "2026-11-24T12:00:00.000Z",
    attributes: { weave: { client_version: "0.51.0", source: "python-sdk" } },
    inputs: {
      question: `Where is order NW-${454_933 + i}? It was due on Monday and the tracking page has not changed since.`,
      history: ["Hello", "I ordered on the 14th."],
    },
  };
  const end = {
    project_id: PROJECT,
    id,
    ended_at: "2026-11-24T12:00:01.250Z",
    output: {
      answer: "The parcel left our warehouse on Friday and is with the carrier; it arrives within two days.",
      citations: ["shipping-policy", "carrier-status"],
    },
    summary: { usage: { "gpt-4o-mini": { requests: 1, prompt_tokens: 412, completion_tokens: 57 } } },
  };
  return `${JSON.stringify({ mode: "start", req: { start } })},${JSON.stringify({ mode: "end", req: { end } })}`;
};

/**
 * What a weave SDK sends when thousands of calls were traced in one flush: starts and ends, in
 * pairs, each call with a support question as input and an answer as output, filling the body to
 * `maxBodyBytes` (the Python SDK fills a batch up to 31 MiB) or LIMITS.callsPerBatch items.
 * New call ids each run: a start again would be an upsert, not the insert being measured.
 */
function callBatch(maxBodyBytes: number): HostileRequest {
  const body = (run: number) => {
    const pairBytes = callPair(run, LIMITS.callsPerBatch).length + 1; // the longest ids
    const count = Math.min(LIMITS.callsPerBatch / 2, Math.floor((maxBodyBytes - 1024) / pairBytes));
    return `{"batch":[${Array.from({ length: count }, (_, i) => callPair(run, i)).join(",")}]}`;
  };
  const mb = Math.round(body(0).length / 1024 / 1024);
  return {
    name: `a batch of calls traced in one flush, ${mb} MiB (/call/upsert_batch)`,
    method: "POST",
    path: `${TRACE}/call/upsert_batch`,
    headers: JSON_AUTH,
    body: body(0),
    bodyOfRun: body,
    status: 200,
    bulk: true,
  };
}

/** Where a dataset's rows and a file's bytes go: the trace service's uploads at MAX_BODY_BYTES (upstream's 32 MiB). */
function traceUploads(maxBodyBytes: number): HostileRequest[] {
  const mb = Math.round(maxBodyBytes / 1024 / 1024);
  const tableCreate = (run: number) =>
    `{"table":{"project_id":"${PROJECT}","rows":${datasetRowsJson(run, maxBodyBytes - 1024)}}}`;
  const tableUpdate = (run: number) =>
    `{"project_id":"${PROJECT}","base_digest":"${EMPTY_TABLE_DIGEST}","updates":${datasetRowsJson(run, maxBodyBytes - 1024, (row) => `{"append":{"row":${row}}}`)}}`;
  const fileBytes = Math.min(LIMITS.fileBytes, maxBodyBytes - 1024);
  const fileCreate = (run: number) => fileForm(`run ${run}: `, fileBytes);
  const digests = Array.from({ length: LIMITS.tableRows }, (_, i) => String(i).padStart(43, "D"));
  return [
    {
      name: `a table of ${LIMITS.tableRows.toLocaleString("en")} dataset rows, ${mb} MiB (/table/create)`,
      method: "POST",
      path: `${TRACE}/table/create`,
      headers: JSON_AUTH,
      body: tableCreate(0),
      bodyOfRun: tableCreate,
      status: 200,
      bulk: true,
    },
    {
      name: `${LIMITS.tableRows.toLocaleString("en")} rows appended to a table, ${mb} MiB (/table/update)`,
      method: "POST",
      path: `${TRACE}/table/update`,
      headers: JSON_AUTH,
      body: tableUpdate(0),
      bodyOfRun: tableUpdate,
      status: 200,
      bulk: true,
    },
    {
      name: `${mb} MiB of malformed JSON (/table/create, cut off inside a row)`,
      method: "POST",
      path: `${TRACE}/table/create`,
      headers: JSON_AUTH,
      body: padTo(maxBodyBytes, `{"table":{"project_id":"${PROJECT}","rows":[{"input":"`, `", "x`),
      status: 422,
      bulk: true,
    },
    {
      name: `a table of ${LIMITS.tableRows.toLocaleString("en")} unknown row digests (/table/create_from_digests)`,
      method: "POST",
      path: `${TRACE}/table/create_from_digests`,
      headers: JSON_AUTH,
      body: JSON.stringify({ project_id: PROJECT, row_digests: digests }),
      status: 400,
      bulk: true,
    },
    {
      // Refused on its Content-Type before a byte is read.
      name: `${mb} MiB sent as JSON to /file/create (not multipart)`,
      method: "POST",
      path: `${TRACE}/file/create`,
      headers: JSON_AUTH,
      body: padTo(maxBodyBytes - 1024, `{"project_id":"${PROJECT}","file":"`, `"}`),
      status: 422,
      bulk: true,
    },
    {
      name: `a ${Math.round(fileBytes / 1024 / 1024)} MiB file (/file/create, multipart)`,
      method: "POST",
      path: `${TRACE}/file/create`,
      headers: { Authorization: `Bearer ${KEY}`, "Content-Type": `multipart/form-data; boundary=${FORM_BOUNDARY}` },
      body: fileCreate(0),
      bodyOfRun: fileCreate,
      status: 200,
      bulk: true,
    },
  ];
}

/** The digest of the table of no rows (SHA-256 of nothing): the base the bench's /table/update appends to. */
export const EMPTY_TABLE_DIGEST = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

/** LIMITS.tableRows dataset rows as a JSON array of about `bytes`, each row different, and different in each run; `wrap` puts each row in its step. */
function datasetRowsJson(run: number, bytes: number, wrap = (row: string) => row): string {
  const count = LIMITS.tableRows;
  const sample = wrap(JSON.stringify(datasetRow(run, count - 1, ""))); // the longest row but for its padding
  const padding = "x".repeat(Math.max(0, Math.floor(bytes / count) - sample.length - 1));
  return `[${Array.from({ length: count }, (_, i) => wrap(JSON.stringify(datasetRow(run, i, padding)))).join(",")}]`;
}

const datasetRow = (run: number, i: number, padding: string) => ({
  input: `Run ${run}, question ${i}: where is order NW-${454_933 + i}? It was due on Monday. ${padding}`,
  expected: "With the carrier since Friday; it arrives within two days.",
  score: ((i % 9) + 1) / 10,
  tags: ["support", i % 2 ? "late" : "sent"],
});

const FORM_BOUNDARY = "hostileBoundary7MA4YWxkTrZu0gW";

/** A /file/create form whose file is `bytes` of text starting with `head`. */
function fileForm(head: string, bytes: number): string {
  const content = `${head}${"def answer(question):\n    return 42\n".repeat(Math.ceil(bytes / 36))}`.slice(0, bytes);
  return [
    `--${FORM_BOUNDARY}\r\nContent-Disposition: form-data; name="project_id"\r\n\r\n${PROJECT}\r\n`,
    `--${FORM_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="obj.py"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n`,
    `--${FORM_BOUNDARY}--\r\n`,
  ].join("");
}

/** A support conversation as a trajectory with `reward`. */
const supportTrajectory = (reward: number) => ({
  reward,
  messages_and_choices: [
    { role: "system", content: "You are the support assistant of an online shop. Be brief and exact." },
    {
      role: "user",
      content: "Where is my order NW-454933? It was due on Monday and the tracking page has not changed since. ".repeat(
        4,
      ),
    },
    {
      role: "assistant",
      content: "I am sorry for the wait. The parcel left our warehouse on Friday and is with the carrier; ".repeat(6),
    },
  ],
  metrics: { turns: 3, resolved: reward > 0.5 },
});

/** An RL job body of real-looking trajectory groups (4 chat trajectories each), just under `bytes`. */
function trajectoryGroupsBody(modelId: string, bytes: number): string {
  const group = JSON.stringify({
    trajectories: [supportTrajectory(1), supportTrajectory(0.25), supportTrajectory(0.75), supportTrajectory(0)],
  });
  const head = `{"model_id":"${modelId}","trajectory_groups":[`;
  const count = Math.max(1, Math.floor((bytes - head.length - 2) / (group.length + 1)));
  return `${head}${Array.from({ length: count }, () => group).join(",")}]}`;
}
