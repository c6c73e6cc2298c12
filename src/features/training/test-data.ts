/**
 * Data for this feature's tests, created through the real API clients (tests pass clients made
 * for the in-process local services). Web APIs and the contract only, so the app typecheck
 * accepts it; nothing in the app imports it.
 */
import type { TrajectoryGroup } from "../../../contract/training";
import type { ApiClients } from "../../api/clients";

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
