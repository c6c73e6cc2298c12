import type { Hono } from "hono";
import {
  FeedbackCreateRequest,
  FeedbackPurgeRequest,
  FeedbackQueryRequest,
  FeedbackReplaceRequest,
} from "../../../contract/trace-feedback";
import { authorizeProject } from "../../auth/middleware";
import type { AppEnv } from "../../http/env";
import { validateJson } from "../../http/validate";
import { createFeedback, purgeFeedback, queryFeedback, replaceFeedback } from "./feedback";

/** Feedback on calls: annotations, notes, reactions. */
export function registerFeedbackRoutes(service: Hono<AppEnv>): void {
  service.post("/feedback/create", async (c) => {
    const body = await validateJson(c, FeedbackCreateRequest);
    authorizeProject(c, body.project_id);
    return c.json(createFeedback(c.get("db"), body, c.get("user").id));
  });

  service.post("/feedback/replace", async (c) => {
    const body = await validateJson(c, FeedbackReplaceRequest);
    authorizeProject(c, body.project_id);
    return c.json(replaceFeedback(c.get("db"), body, c.get("user").id));
  });

  service.post("/feedback/query", async (c) => {
    const body = await validateJson(c, FeedbackQueryRequest);
    authorizeProject(c, body.project_id);
    return c.json({ result: queryFeedback(c.get("db"), body) });
  });

  service.post("/feedback/purge", async (c) => {
    const body = await validateJson(c, FeedbackPurgeRequest);
    authorizeProject(c, body.project_id);
    return c.json({ num_deleted: purgeFeedback(c.get("db"), body.project_id, body.query.$expr) });
  });
}
