import type { Database } from "better-sqlite3";
import { Hono } from "hono";
import type { TrajectoryGroup } from "../../contract/training";
import type { AppEnv } from "../http/env";
import { openDatabase } from "../db/database";
import { createInferenceService } from "../inference/service";
import { seedUsers } from "../seed/users";
import { bearer, call } from "../testing/test-app";
import { createJobRunner, type JobRunnerOptions } from "./job-runner";
import { createTrainingService } from "./service";

export const TRAINING = "/api/training/v1";
export const INFERENCE = "/api/inference/v1";

/**
 * The training and inference services mounted as app.ts mounts them, with options the standard
 * test app does not expose (forced check failure, concurrency limit, token delay, a database file,
 * a fake downloader). Tests that need none of these use createTestApp().
 */
export function createServicesForTest(
  options: {
    file?: string;
    db?: Database;
    runner?: Partial<JobRunnerOptions>;
    simulateCheckFailure?: string;
    chatTokenDelayMs?: number;
    concurrencyLimit?: number;
  } = {},
) {
  const db = options.db ?? openDatabase(options.file ?? ":memory:");
  seedUsers(db);
  const runner = createJobRunner(db, { stepMs: 0, ...options.runner });
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("db", db);
    c.set("requestId", "test");
    await next();
  });
  const delay = options.chatTokenDelayMs ?? 0;
  app.route(
    TRAINING,
    createTrainingService({ runner, chatTokenDelayMs: delay, simulateCheckFailure: options.simulateCheckFailure }),
  );
  app.route(
    INFERENCE,
    createInferenceService({
      chatTokenDelayMs: delay,
      ...(options.concurrencyLimit ? { concurrencyLimit: options.concurrencyLimit } : {}),
    }),
  );
  return { app, db, runner };
}

type AnyApp = Hono<AppEnv>;

/** A trajectory group with the given rewards (one trajectory each). */
export function group(rewards: number[], content = "Hello there"): TrajectoryGroup {
  return {
    trajectories: rewards.map((reward) => ({
      messages_and_choices: [
        { role: "user", content },
        { message: { role: "assistant", content: "General Kenobi" }, finish_reason: "stop" },
      ],
      reward,
    })),
  };
}

export async function createModel(app: AnyApp, body: Record<string, unknown> = {}, key?: string) {
  const res = await call(app, "POST", `${TRAINING}/preview/models`, {
    body: { project: "support-bot", name: "m1", base_model: "OpenPipe/Qwen3-14B-Instruct", ...body },
    headers: bearer(key),
  });
  if (res.status !== 200) throw new Error(`createModel: ${res.status} ${res.text}`);
  return res.json as { id: string; entity: string; project: string; name: string; base_model: string; run_id: string };
}

export async function createRlJob(
  app: AnyApp,
  modelId: string,
  groups: unknown[],
  extra: Record<string, unknown> = {},
) {
  const res = await call(app, "POST", `${TRAINING}/preview/training-jobs`, {
    body: { model_id: modelId, trajectory_groups: groups, ...extra },
    headers: bearer(),
  });
  if (res.status !== 200) throw new Error(`createRlJob: ${res.status} ${res.text}`);
  return (res.json as { id: string }).id;
}

export type EventRecord = { id: string; type: string; data: Record<string, unknown> };

/** Every event of a job, following the cursor. */
export async function allEvents(app: AnyApp, jobId: string, key?: string): Promise<EventRecord[]> {
  const events: EventRecord[] = [];
  let after: string | undefined;
  for (;;) {
    const query = `limit=100${after ? `&after=${after}` : ""}`;
    const res = await call(app, "GET", `${TRAINING}/preview/training-jobs/${jobId}/events?${query}`, {
      headers: bearer(key),
    });
    if (res.status !== 200) throw new Error(`events: ${res.status} ${res.text}`);
    events.push(...(res.json.data as EventRecord[]));
    if (!res.json.has_more) return events;
    after = res.json.last_id as string;
  }
}

/** Ticks until no job is active (bounded, so a hanging job fails the test instead of looping). */
export async function runToEnd(runner: { tick(): Promise<void> }, db: Database, maxTicks = 500): Promise<number> {
  for (let i = 0; i < maxTicks; i += 1) {
    const { n } = db
      .prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM training_jobs WHERE status IN ('queued', 'running')")
      .get()!;
    if (n === 0) return i;
    await runner.tick();
  }
  throw new Error(`jobs still active after ${maxTicks} ticks`);
}

/** The `data:` payloads of a text/event-stream body, checking the framing on the way. */
export function parseSse(text: string): string[] {
  const events = text.split("\n\n");
  if (events.pop() !== "") throw new Error("stream does not end with a blank line");
  return events.map((event) => {
    if (!event.startsWith("data: ") || event.includes("\n")) throw new Error(`bad SSE event: ${event}`);
    return event.slice("data: ".length);
  });
}
