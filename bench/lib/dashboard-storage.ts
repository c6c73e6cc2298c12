import { SERVICE_PATHS } from "../../server/app";
import { DEMO_USERS } from "../../server/auth/users";
import { API_KEY_STORAGE_KEY, PREFERENCES_STORAGE_KEY } from "../../src/connection/settings-storage";
import { REGISTRY_KEY_PREFIX } from "../../src/features/training/registry/registry-store";
import type { ServerDbManifest } from "../fixtures/server-db";
import { SEEDED_JOB } from "../fixtures/server-db";

/** A returning demo user's key (kept on this device) and chosen annotation project. */
export function signedInStorage(annotationProject = "demo/support-bot"): Record<string, string> {
  return {
    [API_KEY_STORAGE_KEY]: DEMO_USERS[0].apiKey,
    [PREFERENCES_STORAGE_KEY]: JSON.stringify({ annotationProject, inferenceProject: "", keyStorage: "local" }),
  };
}

/**
 * What a returning user's browser holds for the dashboard at `origin`: the demo API key
 * remembered (keyStorage "local"), the demo annotation project chosen, and the training registry
 * (models and jobs this browser has opened, stored per training service address) knowing the
 * seeded job and the benchmark's 10,000-step job. Keys come from the dashboard's own modules.
 */
export function dashboardStorage(origin: string, manifest: ServerDbManifest): Record<string, string> {
  const addedAt = "2026-11-20T10:00:00.000Z";
  const registry = {
    models: [
      {
        id: SEEDED_JOB.modelId,
        entity: "demo",
        project: "support-bot",
        name: "support-rl",
        base_model: "OpenPipe/Qwen3-14B-Instruct",
        added_at: addedAt,
        source: "opened",
      },
      {
        id: manifest.longJob.modelId,
        entity: "demo",
        project: "support-bot",
        name: "bench-10k-steps",
        base_model: "OpenPipe/Qwen3-14B-Instruct",
        added_at: addedAt,
        source: "opened",
      },
    ],
    jobs: [
      { id: SEEDED_JOB.id, model_id: SEEDED_JOB.modelId, kind: "rl", added_at: addedAt, source: "opened" },
      { id: manifest.longJob.id, model_id: manifest.longJob.modelId, kind: "rl", added_at: addedAt, source: "opened" },
    ],
  };
  return {
    ...signedInStorage(manifest.project),
    [`${REGISTRY_KEY_PREFIX}${origin}${SERVICE_PATHS.training}`]: JSON.stringify(registry),
  };
}

/** Runs in the page: stores the entries (passed as an argument, so no code is built from strings). */
export function writeStorage(entries: Record<string, string>): void {
  for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
}
