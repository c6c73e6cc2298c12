import type { Hono } from "hono";
import { ObjCreateRequest, ObjQueryRequest, ObjReadRequest } from "../../../contract/trace-objects";
import { authorizeProject } from "../../auth/middleware";
import type { AppEnv } from "../../http/env";
import { validateJson } from "../../http/validate";
import { createObject, queryObjects, readObject } from "./objects";

/** Versions of named objects: annotation specs, datasets' and ops' objects. */
export function registerObjectRoutes(service: Hono<AppEnv>): void {
  service.post("/obj/create", async (c) => {
    const { obj } = await validateJson(c, ObjCreateRequest);
    authorizeProject(c, obj.project_id);
    const { digest } = createObject(c.get("db"), {
      projectId: obj.project_id,
      objectId: obj.object_id,
      val: obj.val,
      builtinClass: obj.builtin_object_class ?? null,
      userId: c.get("user").id,
    });
    return c.json({ digest, object_id: obj.object_id });
  });

  service.post("/obj/read", async (c) => {
    const body = await validateJson(c, ObjReadRequest);
    authorizeProject(c, body.project_id);
    return c.json({
      obj: readObject(c.get("db"), body.project_id, body.object_id, body.digest, body.metadata_only === true),
    });
  });

  service.post("/objs/query", async (c) => {
    const body = await validateJson(c, ObjQueryRequest);
    authorizeProject(c, body.project_id);
    return c.json({ objs: queryObjects(c.get("db"), body) });
  });
}
