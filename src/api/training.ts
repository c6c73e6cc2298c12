import {
  CheckpointList,
  CreatedJob,
  DeleteCheckpointsResponse,
  DeleteModelResponse,
  LogTrajectoriesResponse,
  TrainingEventList,
  TrainingJob,
  TrainingModel,
  type CreateModelRequest,
  type CreateRLJobRequest,
  type CreateSFTJobRequest,
  type DeleteCheckpointsRequest,
  ListCheckpointsQuery,
  ListEventsQuery,
  SeededTraining,
  type LogTrajectoriesRequest,
  LocalLogList,
} from "@contract/training";
import type * as z from "zod/mini";
import { bearerAuth } from "./auth";
import { chatMethods } from "./chat";
import { clientScope, type ServiceClientConfig } from "./client-config";
import { isApiError } from "./errors";
import { createHttpClient, type CallOptions } from "./http";
import { segment } from "./url";
import { trainingJobPath } from "./training-paths";
import { createTrainingHealthChecks } from "./training-health";

export type TrainingClient = ReturnType<typeof createTrainingClient>;

/** A model id no account has: reading its checkpoints proves the key and nothing else. */
export const KEY_PROBE_MODEL = "connection-check-key-probe";

const model = (modelId: string) => `/preview/models/${segment(modelId)}`;
const job = trainingJobPath;

// The contract's query schemas coerce strings (what a server receives); a caller passes numbers.
export type CheckpointPageParams = Partial<z.output<typeof ListCheckpointsQuery>>;
export type EventPageParams = Partial<z.output<typeof ListEventsQuery>>;

/**
 * The training service (W&B serverless training), base URL ending in /v1. Models, checkpoints,
 * RL and SFT jobs, job events, health and chat. The service has no job status: a job's state
 * is derived from its events (docs/contract-decisions.md#training-events).
 */
export function createTrainingClient(config: ServiceClientConfig) {
  const http = createHttpClient({ ...config, service: "training", authHeaders: bearerAuth });
  const scope = clientScope("training", config);

  return {
    scope,

    createModel(req: CreateModelRequest, options?: CallOptions): Promise<TrainingModel> {
      return http.json({ method: "POST", path: "/preview/models", body: req, options }, TrainingModel);
    },

    deleteModel(modelId: string, options?: CallOptions): Promise<DeleteModelResponse> {
      return http.json({ method: "DELETE", path: model(modelId), options }, DeleteModelResponse);
    },

    listCheckpoints(modelId: string, query: CheckpointPageParams = {}, options?: CallOptions): Promise<CheckpointList> {
      const { after, limit, order } = query;
      return http.json(
        { method: "GET", path: `${model(modelId)}/checkpoints`, query: { after, limit, order }, options },
        CheckpointList,
      );
    },

    /** DELETE with a JSON body, as the service defines it. */
    deleteCheckpoints(
      modelId: string,
      req: DeleteCheckpointsRequest,
      options?: CallOptions,
    ): Promise<DeleteCheckpointsResponse> {
      return http.json(
        { method: "DELETE", path: `${model(modelId)}/checkpoints`, body: req, options },
        DeleteCheckpointsResponse,
      );
    },

    logTrajectories(
      modelId: string,
      req: LogTrajectoriesRequest,
      options?: CallOptions,
    ): Promise<z.infer<typeof LogTrajectoriesResponse>> {
      return http.json({ method: "POST", path: `${model(modelId)}/log`, body: req, options }, LogTrajectoriesResponse);
    },

    createRLJob(req: CreateRLJobRequest, options?: CallOptions): Promise<z.infer<typeof CreatedJob>> {
      return http.json({ method: "POST", path: "/preview/training-jobs", body: req, options }, CreatedJob);
    },

    createSFTJob(req: CreateSFTJobRequest, options?: CallOptions): Promise<z.infer<typeof CreatedJob>> {
      return http.json({ method: "POST", path: "/preview/sft-training-jobs", body: req, options }, CreatedJob);
    },

    getJob(jobId: string, options?: CallOptions): Promise<TrainingJob> {
      return http.json({ method: "GET", path: job(jobId), options }, TrainingJob);
    },

    /** Events after the event id `after` (poll with the last id seen). */
    listEvents(jobId: string, query: EventPageParams = {}, options?: CallOptions): Promise<TrainingEventList> {
      const { after, limit } = query;
      return http.json(
        { method: "GET", path: `${job(jobId)}/events`, query: { after, limit }, options },
        TrainingEventList,
      );
    },

    /** Liveness; the only endpoint that takes no key, so it works before one is set. */
    ...createTrainingHealthChecks(config),

    /**
     * Whether the key is accepted, by a read that needs one: the checkpoints of a model no one has.
     * 404 means the key got past authentication (resolves); 401 and 403 reject (an ApiError).
     * The system check cannot tell: it needs no key (docs/contract-decisions.md#training-health).
     */
    async probeKey(options?: CallOptions): Promise<void> {
      try {
        await http.json(
          { method: "GET", path: `${model(KEY_PROBE_MODEL)}/checkpoints`, query: { limit: 1 }, options },
          CheckpointList,
        );
      } catch (error) {
        if (!(isApiError(error) && error.kind === "not_found")) throw error;
      }
    },

    /** Local reference services only: the seeded demo models and jobs the key may read (see SeededTraining). */
    seededDemo(options?: CallOptions): Promise<SeededTraining> {
      return http.json({ method: "GET", path: "/local/seeded", options }, SeededTraining);
    },

    /**
     * Local reference services only: a model's logged metrics of one split, each at the model
     * step it was logged at (see LocalLogList). The real service has no such path (a 404).
     */
    localLogs(modelId: string, query: { split: string; after?: number }, options?: CallOptions): Promise<LocalLogList> {
      return http.json(
        {
          method: "GET",
          path: `/local/models/${segment(modelId)}/logs`,
          query: { split: query.split, ...(query.after !== undefined ? { after: query.after } : {}) },
          options,
        },
        LocalLogList,
      );
    },

    ...chatMethods(http),
  };
}
