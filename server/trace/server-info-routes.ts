import type { Hono } from "hono";
import type { ServerInfoResponse } from "../../contract/trace-call-writes";
import type { AppEnv } from "../http/env";

/**
 * What `/server_info` answers: no minimum client version (upstream's own no-op service answers
 * 0.0.1), and no server version, since this is not a release of upstream's server (the Python SDK
 * only compares one when it requires a minimum, and its MIN_TRACE_SERVER_VERSION is None).
 */
export const SERVER_INFO: ServerInfoResponse = {
  min_required_weave_python_version: "0.0.1",
  trace_server_version: null,
};

/**
 * `/health` and `/server_info`, answered without a key: the weave SDK's login check calls the
 * first with none, and the Python SDK asks the second before it traces. Registered before the key check.
 */
export function registerServerInfoRoutes(service: Hono<AppEnv>): void {
  service.get("/health", (c) => c.json({ status: "ok" }));
  service.get("/server_info", (c) => c.json(SERVER_INFO));
}
