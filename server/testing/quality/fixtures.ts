import type { Database } from "better-sqlite3";
import type { Hono } from "hono";
import type { AppEnv } from "../../http/env";
import { bearer, call } from "../test-app";
import { insertCalls } from "../../trace/calls";

export const QUALITY_PROJECT = "demo/quality";
export const TRACE = "/api/trace";
export const TRAINING = "/api/training/v1";
export const INFERENCE = "/api/inference/v1";
export const TRAINABLE_BASE_MODEL = "OpenPipe/Qwen3-14B-Instruct";

/** The ids every endpoint of the three services needs to be reached with a valid request. */
export type Fixtures = {
  projectId: string;
  queueId: string;
  callIds: string[];
  itemIds: string[];
  /** A human-annotation spec (an object) and its content digest. */
  specName: string;
  specDigest: string;
  /** A note on the first call (replacing it with its own id keeps it). */
  feedbackId: string;
  /** A table of two rows (a dataset's), one of its row digests, and a file (an op's code). */
  tableDigest: string;
  rowDigest: string;
  fileDigest: string;
  modelId: string;
  jobId: string;
  /** A model made for one request that deletes it. */
  freshModelId(): Promise<string>;
  /** A queue made for one request that deletes it. */
  freshQueueId(): Promise<string>;
};

/** A trajectory group the training service accepts (one trajectory, reward 1). */
export function trajectoryGroup(): Record<string, unknown> {
  return {
    trajectories: [
      {
        messages_and_choices: [
          { role: "user", content: "Where is my refund?" },
          { message: { role: "assistant", content: "It is on its way." }, finish_reason: "stop" },
        ],
        reward: 1,
      },
    ],
  };
}

/** Calls of the quality project; they have no endpoint of their own (the seed data writes them). */
export function insertQualityCalls(db: Database, count: number, projectId = QUALITY_PROJECT): string[] {
  const base = Date.parse("2026-11-20T10:00:00.000Z");
  const calls = Array.from({ length: count }, (_, i) => ({
    project_id: projectId,
    id: `call-quality-${String(i).padStart(4, "0")}`,
    op_name: `weave:///${projectId}/op/answer:v${i % 3}`,
    trace_id: `trace-quality-${i}`,
    started_at: base + i * 1000,
    ended_at: base + i * 1000 + 500,
    inputs: { question: `Question ${i}` },
    output: { answer: `Answer ${i}` },
  }));
  insertCalls(db, calls);
  return calls.map((c) => c.id);
}

async function ok(response: Promise<{ status: number; json: unknown; text: string }>, what: string) {
  const res = await response;
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${res.text}`);
  // oxlint-disable-next-line typescript/no-explicit-any -- fixture set-up reads the fields it asked for
  return res.json as any;
}

/** A queue with `items` items, a model and an RL job, made through the services' own endpoints. */
export async function createFixtures(
  app: Hono<AppEnv>,
  db: Database,
  options: { items?: number } = {},
): Promise<Fixtures> {
  const projectId = QUALITY_PROJECT;
  const callIds = insertQualityCalls(db, options.items ?? 5);
  const auth = bearer();
  const queue = await ok(
    call(app, "POST", `${TRACE}/annotation_queues`, {
      body: { project_id: projectId, name: "Quality queue" },
      headers: auth,
    }),
    "queue",
  );
  await ok(
    call(app, "POST", `${TRACE}/annotation_queues/${queue.id}/items`, {
      body: { project_id: projectId, call_ids: callIds },
      headers: auth,
    }),
    "items",
  );
  const items = await ok(
    call(app, "POST", `${TRACE}/annotation_queues/${queue.id}/items/query`, {
      body: { project_id: projectId },
      headers: auth,
    }),
    "query",
  );
  const spec = { name: "Tone", field_schema: { type: "integer", minimum: 1, maximum: 5 } };
  const specName = "quality-tone";
  const created = await ok(
    call(app, "POST", `${TRACE}/obj/create`, {
      body: { obj: { project_id: projectId, object_id: specName, val: spec, builtin_object_class: "AnnotationSpec" } },
      headers: auth,
    }),
    "spec",
  );
  const note = await ok(
    call(app, "POST", `${TRACE}/feedback/create`, {
      body: {
        project_id: projectId,
        weave_ref: `weave:///${projectId}/call/${callIds[0]}`,
        feedback_type: "wandb.note.1",
        payload: { note: "Quality note" },
      },
      headers: auth,
    }),
    "feedback",
  );
  const table = await ok(
    call(app, "POST", `${TRACE}/table/create`, {
      body: { table: { project_id: projectId, rows: [{ q: "a" }, { q: "b" }] } },
      headers: auth,
    }),
    "table",
  );
  const form = new FormData();
  form.append("project_id", projectId);
  form.append("file", new Blob(["def answer():\n    return 42\n"]), "obj.py");
  const file = (await (
    await app.request(`${TRACE}/file/create`, { method: "POST", headers: auth, body: form })
  ).json()) as { digest: string };
  let queues = 0;
  const createQueue = async () => {
    queues += 1;
    const body = { project_id: projectId, name: `Quality queue to delete ${queues}` };
    return (await ok(call(app, "POST", `${TRACE}/annotation_queues`, { body, headers: auth }), "queue to delete"))
      .id as string;
  };
  let models = 0;
  const createModel = async () => {
    models += 1;
    const body = { project: "quality", name: `quality-model-${models}`, base_model: TRAINABLE_BASE_MODEL };
    return (await ok(call(app, "POST", `${TRAINING}/preview/models`, { body, headers: auth }), "model")).id as string;
  };
  const modelId = await createModel();
  const job = await ok(
    call(app, "POST", `${TRAINING}/preview/training-jobs`, {
      body: { model_id: modelId, trajectory_groups: [trajectoryGroup()] },
      headers: auth,
    }),
    "job",
  );
  return {
    projectId,
    queueId: queue.id,
    callIds,
    itemIds: (items.items as { id: string }[]).map((i) => i.id),
    specName,
    specDigest: created.digest,
    feedbackId: note.id,
    tableDigest: table.digest,
    rowDigest: table.row_digests[0],
    fileDigest: file.digest,
    modelId,
    jobId: job.id,
    freshModelId: createModel,
    freshQueueId: createQueue,
  };
}
