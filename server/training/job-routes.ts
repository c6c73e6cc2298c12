import type { Hono } from "hono";
import { CreateSFTJobRequest, JobPath, ListEventsQuery, type TrainingEventList } from "../../contract/training";
import { echo } from "../http/echo";
import { ServiceError } from "../http/errors";
import type { AppEnv } from "../http/env";
import { validateJson, validatePath, validateQuery } from "../http/validate";
import { ownedJob, ownedModel } from "./access";
import type { BulkUploadReader } from "./bulk-upload/read";
import { eventSeq, newId } from "./ids";
import { createSftJob, queueUploadedRlJob } from "./job-create";
import { eventExists, listEvents } from "./job-store";
import { assertJobQuota } from "./quotas";

/** Training jobs: created here, advanced by the job runner, observed through their events. */
export function registerJobRoutes(
  service: Hono<AppEnv>,
  options: { activeJobsPerEntity: number; readBulkUpload: BulkUploadReader },
): void {
  service.post("/preview/training-jobs", async (c) => {
    const { body, groupTexts } = await options.readBulkUpload(c, "rl-job");
    const model = ownedModel(c, body.model_id);
    assertJobQuota(c, options.activeJobsPerEntity);
    const id = newId("job");
    await queueUploadedRlJob(
      c.get("db"),
      { id, modelId: model.id, groupTexts, experimental: body.experimental_config },
      new Date(),
    );
    return c.json({ id });
  });

  service.post("/preview/sft-training-jobs", async (c) => {
    const body = await validateJson(c, CreateSFTJobRequest);
    const model = ownedModel(c, body.model_id);
    assertJobQuota(c, options.activeJobsPerEntity);
    const id = newId("job");
    createSftJob(
      c.get("db"),
      {
        id,
        modelId: model.id,
        trainingDataUrl: body.training_data_url,
        batchSize: body.config?.batch_size,
        learningRate: body.config?.learning_rate ?? body.experimental_config?.learning_rate,
        experimental: body.experimental_config,
      },
      new Date(),
    );
    return c.json({ id });
  });

  service.get("/preview/training-jobs/:jobId", (c) => {
    const job = ownedJob(c, validatePath(c, JobPath).jobId);
    // The real service answers with the id only: a job's state is read from its events.
    return c.json({ id: job.id });
  });

  service.get("/preview/training-jobs/:jobId/events", (c) => {
    const { jobId } = validatePath(c, JobPath);
    const query = validateQuery(c, ListEventsQuery);
    const job = ownedJob(c, jobId);
    const db = c.get("db");
    let afterSeq = 0;
    if (query.after !== undefined) {
      const seq = eventSeq(query.after);
      if (seq === undefined || !eventExists(db, job.id, seq)) {
        throw new ServiceError(
          400,
          `Unknown cursor: '${echo(query.after)}' is not an event of training job ${job.id}.`,
        );
      }
      afterSeq = seq;
    }
    const page = listEvents(db, job.id, afterSeq, query.limit);
    return c.json<TrainingEventList>({
      object: "list",
      data: page.data,
      first_id: page.data[0]?.id ?? null,
      last_id: page.data.at(-1)?.id ?? null,
      has_more: page.hasMore,
    });
  });
}
