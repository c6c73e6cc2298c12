import { Hono } from "hono";
import { LocalLogsQuery, ModelPath, type LocalLogList } from "../../contract/training";
import { requireApiKey } from "../auth/middleware";
import type { AppEnv } from "../http/env";
import { validatePath, validateQuery } from "../http/validate";
import { ownedModel } from "./access";
import { listLogMetrics } from "./log-store";

/** Where the dashboard asks, on the local services only (the real training service has no such path). */
export const LOCAL_LOGS_PATH = "/local/models";

/**
 * `GET /local/models/{model_id}/logs?split=val&after=<id>&limit=`: the metrics of the model's
 * logged trajectories (not the trajectories), each at the step it was logged at. The caller's
 * entity must own the model (404 for an unknown one and for another entity's alike), as for every model read.
 */
export function localLogsRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use("*", requireApiKey);
  routes.get("/:modelId/logs", (c) => {
    const { modelId } = validatePath(c, ModelPath);
    const query = validateQuery(c, LocalLogsQuery);
    const model = ownedModel(c, modelId);
    const page = listLogMetrics(c.get("db"), model.id, { split: query.split, afterId: query.after ?? 0, limit: query.limit });
    return c.json<LocalLogList>({ data: page.data, has_more: page.hasMore });
  });
  return routes;
}
