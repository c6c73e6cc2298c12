import type { Hono } from "hono";
import { LocalLogsQuery, ModelPath, type LocalLogList } from "../../contract/training";
import type { AppEnv } from "../http/env";
import { validatePath, validateQuery } from "../http/validate";
import { readableSeededTraining } from "../seed/training-seed";
import { ownedModel } from "./access";
import { listLogMetrics } from "./log-store";

/**
 * What the dashboard asks on the local services only (the real training service has no such
 * paths), under `/local/`, behind the key check.
 */
export function registerLocalRoutes(service: Hono<AppEnv>): void {
  // The seeded demo the caller's entity may read (readableSeededTraining says why).
  service.get("/local/seeded", (c) => c.json(readableSeededTraining(c.get("db"), c.get("user").entity)));

  /**
   * `GET /local/models/{model_id}/logs?split=val&after=<id>&limit=`: the metrics of the model's
   * logged trajectories (not the trajectories), each at the step it was logged at. The caller's
   * entity must own the model (404 for an unknown one and for another entity's alike), as for every model read.
   */
  service.get("/local/models/:modelId/logs", (c) => {
    const { modelId } = validatePath(c, ModelPath);
    const query = validateQuery(c, LocalLogsQuery);
    const model = ownedModel(c, modelId);
    const page = listLogMetrics(c.get("db"), model.id, {
      split: query.split,
      afterId: query.after ?? 0,
      limit: query.limit,
    });
    return c.json<LocalLogList>({ data: page.data, has_more: page.hasMore });
  });
}
