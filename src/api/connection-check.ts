import type { ApiClients } from "./clients";
import type { ConnectionSettings, ServiceName } from "./connection";
import { SERVICE_NOUNS } from "./error-messages";
import { ApiError, isApiError } from "./errors";

export type ConnectionCheckStatus = "ok" | "rejected" | "forbidden" | "unreachable" | "error";

export type ConnectionCheckResult = {
  status: ConnectionCheckStatus;
  message: string;
  hint?: string;
  /** Set when the dashboard's own Content-Security-Policy blocked the call (see connection/csp-connect.ts). */
  blockedBy?: "csp";
};

/**
 * A project id no account owns, for proving the trace key when no annotation project is chosen.
 * The trace service checks the key before the project, so 401 still means "bad key", while 403
 * or 404 (or an empty list) means the key was accepted. It is a read: nothing is created.
 */
export const KEY_PROBE_PROJECT = "connection-check/key-probe";

/**
 * Tests the three services at once with one cheap read each that needs the key, so the
 * settings page can say per service whether the address answers and the key is accepted.
 * Never throws for a service's failure (that is its result); rejects with the abort reason
 * (not an ApiError: no service failed) if `signal` aborts.
 */
export async function checkConnection(
  clients: ApiClients,
  settings: ConnectionSettings,
  signal?: AbortSignal,
): Promise<Record<ServiceName, ConnectionCheckResult>> {
  const options = { signal };
  const [trace, training, inference, wandb] = await Promise.all([
    settle("trace", () => checkTrace(clients, settings, options)),
    settle("training", () => checkTraining(clients, options)),
    settle("inference", async () => {
      const models = await clients.inference.listModels(options);
      const n = models.data.length;
      return ok(`${n} ${n === 1 ? "model" : "models"} available.`);
    }),
    settle("wandb", () => checkWandb(clients, options)),
  ]);
  signal?.throwIfAborted();
  return { trace, training, inference, wandb };
}

async function checkTrace(
  clients: ApiClients,
  settings: ConnectionSettings,
  options: { signal?: AbortSignal },
): Promise<ConnectionCheckResult> {
  const project = settings.annotationProject.trim();
  if (project) {
    const queues = await clients.trace.queryQueues({ project_id: project, limit: 1 }, options);
    return ok(
      queues.length > 0
        ? `Key accepted; project ${project} has annotation queues.`
        : `Key accepted; project ${project} has no annotation queues yet.`,
    );
  }
  try {
    await clients.trace.queryQueues({ project_id: KEY_PROBE_PROJECT, limit: 1 }, options);
  } catch (error) {
    // Refused for the made-up project, after the key itself was accepted.
    if (!(isApiError(error) && (error.kind === "forbidden" || error.kind === "not_found"))) throw error;
  }
  return ok("Key accepted. Choose an annotation project to list its queues.");
}

/** The W&B API answers an unknown key's `viewer` with null (as for no key): that is a rejection. */
async function checkWandb(clients: ApiClients, options: { signal?: AbortSignal }): Promise<ConnectionCheckResult> {
  const viewer = await clients.wandb.viewer(options);
  if (!viewer) return { status: "rejected", message: "The W&B API does not know this key's user." };
  const name = viewer.username ?? viewer.id;
  return ok(`Signed in as ${name}${viewer.entity && viewer.entity !== name ? ` (entity ${viewer.entity})` : ""}.`);
}

/**
 * The training key is proven by a read that needs one (probeKey): the system check needs no key,
 * so it alone would pass a wrong one. A 403 to the probe is a rejected key too (the probed model
 * exists for no one, so only the key can be refused).
 */
async function checkTraining(clients: ApiClients, options: { signal?: AbortSignal }): Promise<ConnectionCheckResult> {
  const [refusal, result] = await Promise.all([
    clients.training.probeKey(options).then(
      () => undefined,
      (error: unknown) => error,
    ),
    clients.training.systemCheck(options),
  ]);
  if (refusal !== undefined) {
    if (isApiError(refusal) && refusal.kind === "forbidden") return resultWithStatus(refusal, "rejected");
    throw refusal;
  }
  if (result.ok) return ok("Key accepted; all system checks pass.");
  const degraded = result.failed.map((c) => (c.message && c.message !== c.name ? `${c.name} (${c.message})` : c.name));
  // A degraded check (e.g. the GPU queue) still means the address and the key work.
  return ok(`Key accepted; degraded: ${degraded.join(", ") || `status ${result.status}`}.`);
}

async function settle(
  service: ServiceName,
  check: () => Promise<ConnectionCheckResult>,
): Promise<ConnectionCheckResult> {
  try {
    return await check();
  } catch (error) {
    return resultOfError(service, error);
  }
}

function ok(message: string): ConnectionCheckResult {
  return { status: "ok", message };
}

function resultWithStatus(error: ApiError, status: ConnectionCheckStatus): ConnectionCheckResult {
  return error.hint === undefined
    ? { status, message: error.message }
    : { status, message: error.message, hint: error.hint };
}

function resultOfError(service: ServiceName, error: unknown): ConnectionCheckResult {
  if (!(error instanceof ApiError)) {
    return { status: "error", message: `Checking the ${SERVICE_NOUNS[service]} failed unexpectedly.` };
  }
  const result = (status: ConnectionCheckStatus) => resultWithStatus(error, status);
  switch (error.kind) {
    case "unauthorized":
      return result("rejected");
    case "forbidden":
      return result("forbidden");
    case "network":
    case "timeout":
      return result("unreachable");
    default:
      return result("error");
  }
}
