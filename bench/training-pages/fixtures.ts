import type { TrajectoryGroup } from "../../contract/training";
import { DEMO_USERS } from "../../server/auth/users";

const KEY = DEMO_USERS[0].apiKey;

async function post<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function groups(count: number, seed: number): TrajectoryGroup[] {
  return Array.from({ length: count }, (_, i) => ({
    trajectories: [0, 1].map((t) => ({
      messages_and_choices: [
        { role: "user", content: `q${i}` },
        { message: { role: "assistant", content: `a${i}.${t}` }, finish_reason: "stop", index: 0 },
      ],
      reward: Math.min(1, (i / count) * (0.6 + seed * 0.05) + 0.1 * t),
    })),
  }));
}

/** `jobs` RL jobs of `steps` steps, each on a model of its own (the runner trains one job per model at a time). */
export async function createRuns(
  training: string,
  jobs: number,
  steps: number,
): Promise<{ jobId: string; modelId: string }[]> {
  const runs: { jobId: string; modelId: string }[] = [];
  const stamp = Date.now().toString(36);
  for (let j = 0; j < jobs; j += 1) {
    const model = await post<{ id: string }>(`${training}/preview/models`, {
      project: "support-bot",
      name: `bench-compare-${stamp}-${j}`,
      base_model: "OpenPipe/Qwen3-14B-Instruct",
    });
    const job = await post<{ id: string }>(`${training}/preview/training-jobs`, {
      model_id: model.id,
      trajectory_groups: groups(steps, j),
    });
    runs.push({ jobId: job.id, modelId: model.id });
  }
  return runs;
}

const eventId = (n: number) => `evt_${String(n).padStart(12, "0")}`;

async function getJson<T>(url: string): Promise<{ status: number; body: T | null }> {
  const res = await fetch(url, { headers: { Authorization: `Bearer ${KEY}` } });
  return { status: res.status, body: res.ok ? ((await res.json()) as T) : (await res.body?.cancel(), null) };
}

type EventPage = { data: { id: string; type: string; data: { num_sequences?: number } }[] };

/**
 * Waits until every job has written training_ended. A job's events are numbered from 1:
 * training_started, then its N steps, then training_ended, so the event after evt_<N+1> tells.
 */
export async function waitFinished(
  training: string,
  jobs: readonly { jobId: string; steps: number }[],
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const { jobId, steps } of jobs) {
    for (;;) {
      if (Date.now() > deadline) throw new Error(`job ${jobId} did not finish in ${timeoutMs} ms`);
      const page = await getJson<EventPage>(
        `${training}/preview/training-jobs/${jobId}/events?limit=1&after=${eventId(steps + 1)}`,
      );
      if (page.body?.data[0]?.type === "training_ended") break;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}
