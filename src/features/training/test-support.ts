import type { TrajectoryGroup } from "@contract/training";
import { createApiClients, type ApiClients } from "@/api/clients";
import { renderApp, urlsOf } from "@/app/test-support";
import { createLocalServer, storeSettings } from "@/test/local-server";

/**
 * This feature's test support: data created through the real API clients (tests pass clients
 * made for the in-process local services), and the whole app rendered against those services.
 * Nothing in the app imports it.
 */

export const SUPPORTED_BASE_MODEL = "OpenPipe/Qwen3-14B-Instruct";
export const UNSUPPORTED_BASE_MODEL = "mistralai/Mistral-7B-Instruct-v0.3";

/** A trajectory group with the given rewards, one trajectory each. */
export function trajectoryGroup(...rewards: number[]): TrajectoryGroup {
  return {
    trajectories: rewards.map((reward, index) => ({
      messages_and_choices: [
        { role: "user", content: `Question ${index}` },
        { message: { role: "assistant", content: `Answer ${index}` }, finish_reason: "stop", index: 0 },
      ],
      reward,
    })),
  };
}

/** `count` groups whose mean reward rises from 0.1 towards 0.9. */
export function risingGroups(count: number): TrajectoryGroup[] {
  return Array.from({ length: count }, (_, i) => trajectoryGroup(0.1 + (0.8 * i) / Math.max(1, count - 1), 0.2));
}

let counter = 0;
export const uniqueName = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export async function createModel(clients: ApiClients, options: { name?: string; baseModel?: string } = {}) {
  return clients.training.createModel({
    project: "support-bot",
    name: options.name ?? uniqueName("model"),
    base_model: options.baseModel ?? SUPPORTED_BASE_MODEL,
  });
}

/** A model and an RL job on it with `groups` trajectory groups (one gradient step each). */
export async function createRlJob(clients: ApiClients, groups: number, options: { baseModel?: string } = {}) {
  const model = await createModel(clients, options);
  const { id } = await clients.training.createRLJob({ model_id: model.id, trajectory_groups: risingGroups(groups) });
  return { model, jobId: id };
}

/** Advances every active job `count` times (the local runner's manual tick). */
export async function tickTimes(tick: () => Promise<void>, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) await tick();
}

/**
 * The real app at `path` against the in-process local services, with the demo key saved, plus
 * API clients on the same services to create data as another program would. Test-only.
 */
export function renderTraining(path: string, server = createLocalServer()) {
  storeSettings(server, "");
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  return { server, clients, ...renderApp({ path, defaults: urlsOf(server.settings), fetch: server.fetch }) };
}

/** The requests that created jobs, to prove that nothing was sent. */
export function jobCreations(server: ReturnType<typeof createLocalServer>): Request[] {
  return server.requests.filter(
    (r) => r.method === "POST" && /\/preview\/(sft-)?training-jobs$/.test(new URL(r.url).pathname),
  );
}

/** Where this browser keeps its training registry for the server at `trainingBaseUrl`. */
export const registryKey = (trainingBaseUrl: string) => `wbops.training.registry.v1:${trainingBaseUrl}`;

/** This browser's registry for `server`: `model`, created here, and `jobs`. */
export function rememberModel(
  server: ReturnType<typeof createLocalServer>,
  model: Awaited<ReturnType<typeof createModel>>,
  jobs: unknown[] = [],
) {
  localStorage.setItem(
    registryKey(server.settings.trainingBaseUrl),
    JSON.stringify({
      models: [
        {
          id: model.id,
          entity: model.entity,
          project: model.project,
          name: model.name,
          base_model: model.base_model,
          added_at: new Date().toISOString(),
          source: "created",
        },
      ],
      jobs,
    }),
  );
}
