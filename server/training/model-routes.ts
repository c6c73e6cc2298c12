import type { Hono } from "hono";
import {
  CreateModelRequest,
  DeleteCheckpointsRequest,
  ListCheckpointsQuery,
  ModelPath,
  type CheckpointList,
  type DeleteCheckpointsResponse,
  type DeleteModelResponse,
  type TrainingModel,
} from "../../contract/training";
import { assertEntityAccess } from "../auth/middleware";
import { echo } from "../http/echo";
import { ServiceError } from "../http/errors";
import type { AppEnv } from "../http/env";
import { validateJson, validatePath, validateQuery } from "../http/validate";
import { ownedModel } from "./access";
import type { BulkUploadReader } from "./bulk-upload/read";
import { deleteCheckpointsBySteps, findCheckpoint, listCheckpoints } from "./checkpoint-store";
import { newId, newRunId } from "./ids";
import { insertLog } from "./log-store";
import { deleteModel, findModelByName, insertModel } from "./model-store";

/** /preview/models: create and delete models, list and delete checkpoints, log trajectories. */
export function registerModelRoutes(service: Hono<AppEnv>, options: { readBulkUpload: BulkUploadReader }): void {
  service.post("/preview/models", async (c) => {
    const body = await validateJson(c, CreateModelRequest);
    const user = c.get("user");
    const entity = body.entity ?? user.entity;
    assertEntityAccess(user, entity);
    const db = c.get("db");
    const existing = findModelByName(db, entity, body.project, body.name);
    if (existing) {
      if (body.return_existing) return c.json<TrainingModel>(existing);
      throw new ServiceError(
        409,
        `A model named '${body.name}' already exists in ${entity}/${body.project} (id ${existing.id}). Pass return_existing: true to get it.`,
      );
    }
    const model = {
      id: newId("model"),
      entity,
      project: body.project,
      name: body.name,
      base_model: body.base_model,
      run_id: newRunId(),
    };
    insertModel(db, model, new Date());
    return c.json<TrainingModel>(model);
  });

  service.delete("/preview/models/:modelId", (c) => {
    const model = ownedModel(c, validatePath(c, ModelPath).modelId);
    const deleted = deleteModel(c.get("db"), model.id);
    if (!deleted) throw new ServiceError(404, `Model '${model.id}' not found.`);
    return c.json<DeleteModelResponse>({
      model_id: model.id,
      deleted_checkpoints: deleted.deletedCheckpoints,
      deleted_run: deleted.hadRun,
    });
  });

  service.get("/preview/models/:modelId/checkpoints", (c) => {
    const { modelId } = validatePath(c, ModelPath);
    const query = validateQuery(c, ListCheckpointsQuery);
    const model = ownedModel(c, modelId);
    const db = c.get("db");
    let afterStep: number | undefined;
    if (query.after !== undefined) {
      const cursor = findCheckpoint(db, model.id, query.after);
      if (!cursor)
        throw new ServiceError(400, `Unknown cursor: '${echo(query.after)}' is not a checkpoint of model ${model.id}.`);
      afterStep = cursor.step;
    }
    const page = listCheckpoints(db, model.id, {
      limit: query.limit,
      order: query.order,
      ...(afterStep === undefined ? {} : { afterStep }),
    });
    return c.json<CheckpointList>({
      object: "list",
      data: page.data,
      first_id: page.data[0]?.id ?? null,
      last_id: page.data.at(-1)?.id ?? null,
      has_more: page.hasMore,
    });
  });

  service.delete("/preview/models/:modelId/checkpoints", async (c) => {
    const { modelId } = validatePath(c, ModelPath);
    const body = await validateJson(c, DeleteCheckpointsRequest);
    const model = ownedModel(c, modelId);
    const result = deleteCheckpointsBySteps(c.get("db"), model.id, body.steps);
    return c.json<DeleteCheckpointsResponse>({
      deleted_count: result.deletedCount,
      not_found_steps: result.notFoundSteps,
    });
  });

  service.post("/preview/models/:modelId/log", async (c) => {
    const { modelId } = validatePath(c, ModelPath);
    const upload = await options.readBulkUpload(c, "log");
    const model = ownedModel(c, modelId);
    await insertLog(
      c.get("db"),
      { modelId: model.id, split: upload.body.split, groupTexts: upload.groupTexts, metrics: upload.metrics },
      new Date(),
    );
    // The real service's response schema is `{}`; the metrics are kept with the log.
    return c.json({});
  });
}
