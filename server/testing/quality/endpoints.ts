import type * as z from "zod/mini";
import { ChatCompletionRequest } from "../../../contract/chat";
import {
  AddItemsRequest,
  CallReadRequest,
  CreateQueueRequest,
  DeleteQueueQuery,
  ItemProgressRequest,
  ItemsQueryRequest,
  QueueStatsRequest,
  QueuesQueryRequest,
  ReadQueueQuery,
  UpdateQueueRequest,
} from "../../../contract/trace";
import { CallsQueryRequest, CallsQueryStatsRequest } from "../../../contract/trace-calls";
import {
  CallEndRequest,
  CallsDeleteRequest,
  CallStartRequest,
  CallUpdateRequest,
  CallUpsertBatchRequest,
} from "../../../contract/trace-call-writes";
import {
  FeedbackCreateRequest,
  FeedbackPurgeRequest,
  FeedbackQueryRequest,
  FeedbackReplaceRequest,
} from "../../../contract/trace-feedback";
import {
  ObjCreateRequest,
  ObjQueryRequest,
  ObjReadRequest,
  RefsReadBatchRequest,
} from "../../../contract/trace-objects";
import {
  FileContentRequest,
  TableCreateFromDigestsRequest,
  TableCreateRequest,
  TableQueryRequest,
  TableQueryStatsBatchRequest,
  TableQueryStatsRequest,
  TableUpdateRequest,
} from "../../../contract/trace-tables";
import {
  CreateModelRequest,
  CreateRLJobRequest,
  CreateSFTJobRequest,
  DeleteCheckpointsRequest,
  ListCheckpointsQuery,
  ListEventsQuery,
  LocalLogsQuery,
  LogTrajectoriesRequest,
} from "../../../contract/training";
import { INFERENCE_MODEL_IDS } from "../../inference/catalog";
import { INFERENCE, TRACE, TRAINABLE_BASE_MODEL, TRAINING, trajectoryGroup, type Fixtures } from "./fixtures";

export type ServiceName = "trace" | "training" | "inference";

type Json = Record<string, unknown>;

/**
 * One endpoint of the local services, with what a valid request to it looks like. `route` is the
 * path exactly as the Hono app lists it (endpoints.test.ts checks this table against the app, so
 * an endpoint added to a router without an entry here fails the suite).
 */
export type Endpoint = {
  service: ServiceName;
  method: "GET" | "POST" | "PUT" | "DELETE";
  route: string;
  /** The concrete path of a valid request. */
  path(f: Fixtures): string | Promise<string>;
  /** False only for the health checks (trace /health, training /health and /system-check): upstream needs no key for them. */
  auth: boolean;
  /**
   * A second valid body for a route whose fields of interest the first leaves out (a judge's
   * verdict beside a note; a chat with a JSON Schema reply), so the sweeps reach those fields too.
   */
  variant?: string;
  body?: { schema: z.core.$ZodType; valid(f: Fixtures): Json };
  query?: { schema: z.ZodMiniObject; valid(f: Fixtures): Record<string, string> };
};

const chat = (model: string): Json => ({
  model,
  messages: [
    { role: "system", content: "Be brief." },
    { role: "user", content: "Where is my refund?" },
  ],
  max_tokens: 16,
  temperature: 0.5,
});

const trace = (
  method: Endpoint["method"],
  route: string,
  path: (f: Fixtures) => string | Promise<string>,
  rest: Partial<Endpoint> = {},
): Endpoint => ({
  service: "trace",
  method,
  route: `${TRACE}${route}`,
  path: async (f) => `${TRACE}${await path(f)}`,
  auth: true,
  ...rest,
});
const training = (
  method: Endpoint["method"],
  route: string,
  path: (f: Fixtures) => string | Promise<string>,
  rest: Partial<Endpoint> = {},
): Endpoint => ({
  service: "training",
  method,
  route: `${TRAINING}${route}`,
  path: async (f) => `${TRAINING}${await path(f)}`,
  auth: true,
  ...rest,
});
const inference = (method: Endpoint["method"], route: string, rest: Partial<Endpoint> = {}): Endpoint => ({
  service: "inference",
  method,
  route: `${INFERENCE}${route}`,
  path: () => `${INFERENCE}${route}`,
  auth: true,
  ...rest,
});

/**
 * A chat asking for a reply that fits a JSON Schema, strictly: what a judge sends
 * (response_format.json_schema), so its name, schema and strict flag are swept like any field.
 */
const chatWithSchema = (model: string): Json => ({
  ...chat(model),
  response_format: {
    type: "json_schema",
    json_schema: {
      name: "verdict",
      strict: true,
      schema: {
        type: "object",
        properties: { answer: { type: "integer", minimum: 1, maximum: 5 }, reasoning: { type: "string" } },
        required: ["answer", "reasoning"],
        additionalProperties: false,
      },
    },
  },
});

/** A call start and end as the weave SDKs send them. */
const writtenStart = (f: Fixtures, id: string): Json => ({
  project_id: f.projectId,
  id,
  op_name: `weave:///${f.projectId}/op/answer:v0`,
  trace_id: `trace-${id}`,
  started_at: "2026-11-20T10:00:00.000Z",
  display_name: "Written call",
  attributes: { weave: { client_version: "0.11.1", source: "js-sdk" } },
  inputs: { question: "Where is my refund?" },
  wb_run_id: "run-quality",
});
const writtenEnd = (f: Fixtures, id: string): Json => ({
  project_id: f.projectId,
  id,
  ended_at: "2026-11-20T10:00:01.500Z",
  output: { answer: "On its way." },
  summary: { usage: { "gpt-4o-mini": { requests: 1, total_tokens: 12 } } },
  exception: null,
});

export const ENDPOINTS: readonly Endpoint[] = [
  // ---- annotation queue (trace) service ----
  trace("GET", "/health", () => "/health", { auth: false }),
  trace("POST", "/annotation_queues", () => "/annotation_queues", {
    body: {
      schema: CreateQueueRequest,
      valid: (f) => ({ project_id: f.projectId, name: "Fuzzed queue", description: "", scorer_refs: [] }),
    },
  }),
  trace("POST", "/annotation_queues/query", () => "/annotation_queues/query", {
    body: {
      schema: QueuesQueryRequest,
      valid: (f) => ({
        project_id: f.projectId,
        name: "quality",
        sort_by: [{ field: "name", direction: "asc" }],
        limit: 10,
        offset: 0,
      }),
    },
  }),
  trace("POST", "/annotation_queues/stats", () => "/annotation_queues/stats", {
    body: { schema: QueueStatsRequest, valid: (f) => ({ project_id: f.projectId, queue_ids: [f.queueId] }) },
  }),
  trace("GET", "/annotation_queues/:queue_id", (f) => `/annotation_queues/${f.queueId}`, {
    query: { schema: ReadQueueQuery, valid: (f) => ({ project_id: f.projectId }) },
  }),
  trace("PUT", "/annotation_queues/:queue_id", (f) => `/annotation_queues/${f.queueId}`, {
    body: {
      schema: UpdateQueueRequest,
      valid: (f) => ({
        project_id: f.projectId,
        name: "Quality queue",
        description: "Updated by the quality suite.",
        scorer_refs: [`weave:///${f.projectId}/object/${f.specName}:${f.specDigest}`],
      }),
    },
  }),
  // Each request deletes a queue of its own: the shared one stays for the other endpoints.
  trace("DELETE", "/annotation_queues/:queue_id", async (f) => `/annotation_queues/${await f.freshQueueId()}`, {
    query: { schema: DeleteQueueQuery, valid: (f) => ({ project_id: f.projectId }) },
  }),
  trace("POST", "/annotation_queues/:queue_id/items", (f) => `/annotation_queues/${f.queueId}/items`, {
    body: {
      schema: AddItemsRequest,
      valid: (f) => ({ project_id: f.projectId, call_ids: [f.callIds[0]], display_fields: ["inputs.question"] }),
    },
  }),
  trace("POST", "/annotation_queues/:queue_id/items/query", (f) => `/annotation_queues/${f.queueId}/items/query`, {
    body: {
      schema: ItemsQueryRequest,
      valid: (f) => ({
        project_id: f.projectId,
        filter: { call_id: f.callIds[1], annotation_states: ["unstarted", "in_progress"] },
        sort_by: [{ field: "created_at", direction: "desc" }],
        limit: 5,
        offset: 0,
        include_position: true,
      }),
    },
  }),
  trace(
    "POST",
    "/annotation_queues/:queue_id/items/:item_id/progress",
    (f) => `/annotation_queues/${f.queueId}/items/${f.itemIds[0]}/progress`,
    {
      body: {
        schema: ItemProgressRequest,
        valid: (f) => ({ project_id: f.projectId, annotation_state: "in_progress" }),
      },
    },
  ),
  trace("POST", "/call/read", () => "/call/read", {
    body: { schema: CallReadRequest, valid: (f) => ({ project_id: f.projectId, id: f.callIds[0] }) },
  }),

  trace("POST", "/obj/create", () => "/obj/create", {
    body: {
      schema: ObjCreateRequest,
      valid: (f) => ({
        obj: {
          project_id: f.projectId,
          object_id: "quality-choice",
          val: { field_schema: { type: "string", enum: ["yes", "no"] } },
          builtin_object_class: "AnnotationSpec",
        },
      }),
    },
  }),
  trace("POST", "/obj/read", () => "/obj/read", {
    body: {
      schema: ObjReadRequest,
      valid: (f) => ({ project_id: f.projectId, object_id: f.specName, digest: f.specDigest }),
    },
  }),
  trace("POST", "/objs/query", () => "/objs/query", {
    body: {
      schema: ObjQueryRequest,
      valid: (f) => ({
        project_id: f.projectId,
        filter: { base_object_classes: ["AnnotationSpec"], latest_only: true },
        limit: 10,
        offset: 0,
      }),
    },
  }),
  trace("POST", "/refs/read_batch", () => "/refs/read_batch", {
    body: {
      schema: RefsReadBatchRequest,
      valid: (f) => ({
        refs: [
          `weave:///${f.projectId}/object/${f.specName}:${f.specDigest}`,
          `weave:///${f.projectId}/table/${f.tableDigest}/id/${f.rowDigest}`,
        ],
      }),
    },
  }),

  // A note, not an answer: the suite sends the valid body many times, and a second answer to one
  // question on one call is refused (409) once one stands. Answers' own bounds are in service-feedback.test.ts.
  trace("POST", "/feedback/create", () => "/feedback/create", {
    body: {
      schema: FeedbackCreateRequest,
      valid: (f) => ({
        project_id: f.projectId,
        weave_ref: `weave:///${f.projectId}/call/${f.callIds[1]}`,
        feedback_type: "wandb.note.1",
        payload: { note: "Quality note" },
      }),
    },
  }),
  // A judge's verdict: runnable feedback, whose type, runnable_ref, call_ref and payload are checked together.
  trace("POST", "/feedback/create", () => "/feedback/create", {
    variant: "a judge's verdict",
    body: {
      schema: FeedbackCreateRequest,
      valid: (f) => ({
        project_id: f.projectId,
        weave_ref: `weave:///${f.projectId}/call/${f.callIds[1]}`,
        feedback_type: "wandb.runnable.quality-judge",
        runnable_ref: `weave:///${f.projectId}/object/quality-judge:${f.specDigest}`,
        call_ref: `weave:///${f.projectId}/call/${f.callIds[2]}`,
        payload: { output: { answer: 4, reasoning: "Kind and clear." } },
      }),
    },
  }),
  trace("POST", "/feedback/replace", () => "/feedback/replace", {
    body: {
      schema: FeedbackReplaceRequest,
      valid: (f) => ({
        project_id: f.projectId,
        weave_ref: `weave:///${f.projectId}/call/${f.callIds[0]}`,
        feedback_type: "wandb.note.1",
        payload: { note: "Quality note, again" },
        feedback_id: f.feedbackId,
        id: f.feedbackId,
      }),
    },
  }),
  trace("POST", "/feedback/query", () => "/feedback/query", {
    body: {
      schema: FeedbackQueryRequest,
      valid: (f) => ({
        project_id: f.projectId,
        query: { $expr: { $eq: [{ $getField: "feedback_type" }, { $literal: "wandb.note.1" }] } },
        sort_by: [{ field: "created_at", direction: "desc" }],
        limit: 10,
        offset: 0,
      }),
    },
  }),
  trace("POST", "/calls/stream_query", () => "/calls/stream_query", {
    body: {
      schema: CallsQueryRequest,
      valid: (f) => ({
        project_id: f.projectId,
        filter: { call_ids: f.callIds, trace_roots_only: true },
        query: {
          $expr: { $contains: { input: { $getField: "inputs" }, substr: { $literal: "a" }, case_insensitive: true } },
        },
        sort_by: [{ field: "started_at", direction: "desc" }],
        limit: 10,
        offset: 0,
        columns: ["id", "inputs"],
        include_feedback: true,
      }),
    },
  }),
  trace("POST", "/calls/query_stats", () => "/calls/query_stats", {
    body: {
      schema: CallsQueryStatsRequest,
      valid: (f) => ({
        project_id: f.projectId,
        filter: { call_ids: f.callIds },
        query: { $expr: { $gte: [{ $getField: "started_at" }, { $literal: 0 }] } },
        limit: 100,
      }),
    },
  }),
  // Writing calls: calls of their own ids, so the fixtures' calls stay as the other endpoints expect.
  trace("GET", "/server_info", () => "/server_info", { auth: false }),
  trace("POST", "/call/start", () => "/call/start", {
    body: { schema: CallStartRequest, valid: (f) => ({ start: writtenStart(f, "call-quality-written") }) },
  }),
  trace("POST", "/call/end", () => "/call/end", {
    body: { schema: CallEndRequest, valid: (f) => ({ end: writtenEnd(f, "call-quality-written") }) },
  }),
  trace("POST", "/call/upsert_batch", () => "/call/upsert_batch", {
    body: {
      schema: CallUpsertBatchRequest,
      valid: (f) => ({
        batch: [
          { mode: "end", req: { end: writtenEnd(f, "call-quality-batch") } },
          { mode: "start", req: { start: writtenStart(f, "call-quality-batch") } },
          {
            mode: "start",
            req: { start: { ...writtenStart(f, "call-quality-batch-child"), parent_id: "call-quality-batch" } },
          },
        ],
      }),
    },
  }),
  trace("POST", "/call/update", () => "/call/update", {
    body: {
      schema: CallUpdateRequest,
      valid: (f) => ({ project_id: f.projectId, call_id: "call-quality-written", display_name: "Fuzzed call" }),
    },
  }),
  trace("POST", "/calls/delete", () => "/calls/delete", {
    body: { schema: CallsDeleteRequest, valid: (f) => ({ project_id: f.projectId, call_ids: ["call-quality-batch"] }) },
  }),
  trace("POST", "/feedback/purge", () => "/feedback/purge", {
    body: {
      schema: FeedbackPurgeRequest,
      valid: (f) => ({
        project_id: f.projectId,
        query: { $expr: { $eq: [{ $getField: "id" }, { $literal: "no-such-feedback" }] } },
      }),
    },
  }),

  // Files and tables (`/file/create` takes multipart form data: fuzzed in files/fuzz-file-create.test.ts).
  trace("POST", "/file/content", () => "/file/content", {
    body: { schema: FileContentRequest, valid: (f) => ({ project_id: f.projectId, digest: f.fileDigest }) },
  }),
  trace("POST", "/table/create", () => "/table/create", {
    body: {
      schema: TableCreateRequest,
      valid: (f) => ({
        table: {
          project_id: f.projectId,
          rows: [
            { q: "a", n: 1 },
            { q: "b", tags: ["x"] },
          ],
        },
      }),
    },
  }),
  trace("POST", "/table/create_from_digests", () => "/table/create_from_digests", {
    body: {
      schema: TableCreateFromDigestsRequest,
      valid: (f) => ({ project_id: f.projectId, row_digests: [f.rowDigest, f.rowDigest] }),
    },
  }),
  trace("POST", "/table/update", () => "/table/update", {
    body: {
      schema: TableUpdateRequest,
      valid: (f) => ({
        project_id: f.projectId,
        base_digest: f.tableDigest,
        updates: [{ append: { row: { q: "c" } } }, { pop: { index: 0 } }, { insert: { index: 0, row: { q: "d" } } }],
      }),
    },
  }),
  trace("POST", "/table/query", () => "/table/query", {
    body: {
      schema: TableQueryRequest,
      valid: (f) => ({
        project_id: f.projectId,
        digest: f.tableDigest,
        filter: { row_digests: [f.rowDigest] },
        sort_by: [{ field: "q", direction: "desc" }],
        limit: 10,
        offset: 0,
      }),
    },
  }),
  trace("POST", "/table/query_stats", () => "/table/query_stats", {
    body: { schema: TableQueryStatsRequest, valid: (f) => ({ project_id: f.projectId, digest: f.tableDigest }) },
  }),
  trace("POST", "/table/query_stats_batch", () => "/table/query_stats_batch", {
    body: {
      schema: TableQueryStatsBatchRequest,
      valid: (f) => ({ project_id: f.projectId, digests: [f.tableDigest], include_storage_size: true }),
    },
  }),

  // ---- training service ----
  training("GET", "/health", () => "/health", { auth: false }),
  training("GET", "/system-check", () => "/system-check", { auth: false }),
  // Local services only: the seeded demo the key may read (server/training/local-routes.ts).
  training("GET", "/local/seeded", () => "/local/seeded"),
  // Local services only: a model's logged metrics by split (server/training/local-routes.ts).
  training("GET", "/local/models/:modelId/logs", (f) => `/local/models/${f.modelId}/logs`, {
    query: { schema: LocalLogsQuery, valid: () => ({ split: "val", limit: "10" }) },
  }),
  training("POST", "/preview/models", () => "/preview/models", {
    body: {
      schema: CreateModelRequest,
      valid: () => ({
        entity: "demo",
        project: "quality",
        name: "fuzzed-model",
        base_model: TRAINABLE_BASE_MODEL,
        return_existing: true,
      }),
    },
  }),
  training("DELETE", "/preview/models/:modelId", async (f) => `/preview/models/${await f.freshModelId()}`),
  training("GET", "/preview/models/:modelId/checkpoints", (f) => `/preview/models/${f.modelId}/checkpoints`, {
    query: { schema: ListCheckpointsQuery, valid: () => ({ limit: "5", order: "desc" }) },
  }),
  training("DELETE", "/preview/models/:modelId/checkpoints", (f) => `/preview/models/${f.modelId}/checkpoints`, {
    body: { schema: DeleteCheckpointsRequest, valid: () => ({ steps: [1, 2] }) },
  }),
  training("POST", "/preview/models/:modelId/log", (f) => `/preview/models/${f.modelId}/log`, {
    body: { schema: LogTrajectoriesRequest, valid: () => ({ split: "val", trajectory_groups: [trajectoryGroup()] }) },
  }),
  training("POST", "/preview/training-jobs", () => "/preview/training-jobs", {
    body: {
      schema: CreateRLJobRequest,
      valid: (f) => ({
        model_id: f.modelId,
        trajectory_groups: [trajectoryGroup()],
        experimental_config: { learning_rate: 1e-5 },
      }),
    },
  }),
  training("POST", "/preview/sft-training-jobs", () => "/preview/sft-training-jobs", {
    body: {
      schema: CreateSFTJobRequest,
      valid: (f) => ({
        model_id: f.modelId,
        training_data_url: "wandb-artifact:///demo/quality/dialogs:v1",
        config: { batch_size: 8, learning_rate: 1e-5 },
      }),
    },
  }),
  training("GET", "/preview/training-jobs/:jobId", (f) => `/preview/training-jobs/${f.jobId}`),
  training("GET", "/preview/training-jobs/:jobId/events", (f) => `/preview/training-jobs/${f.jobId}/events`, {
    query: { schema: ListEventsQuery, valid: () => ({ limit: "10" }) },
  }),
  training("POST", "/chat/completions", () => "/chat/completions", {
    body: { schema: ChatCompletionRequest, valid: () => chat(TRAINABLE_BASE_MODEL) },
  }),
  training("POST", "/chat/completions/", () => "/chat/completions/", {
    body: { schema: ChatCompletionRequest, valid: () => chat(TRAINABLE_BASE_MODEL) },
  }),

  // ---- inference service ----
  inference("GET", "/models"),
  inference("POST", "/chat/completions", {
    body: { schema: ChatCompletionRequest, valid: () => chat(INFERENCE_MODEL_IDS[0]) },
  }),
  inference("POST", "/chat/completions", {
    variant: "a JSON Schema reply, strict",
    body: { schema: ChatCompletionRequest, valid: () => chatWithSchema(INFERENCE_MODEL_IDS[0]) },
  }),
];

/** The route as the app lists it: what the endpoint table is checked against. */
export const routeName = (e: Endpoint): string => `${e.method} ${e.route}`;

/** The route and, for a second body of one route, which: what a test names. */
export const endpointName = (e: Endpoint): string => (e.variant ? `${routeName(e)} (${e.variant})` : routeName(e));
