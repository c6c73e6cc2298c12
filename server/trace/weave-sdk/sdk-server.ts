import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../config";
import { openDatabase } from "../../db/database";
import { DATABASE_FILE, startServices, type RunningServices } from "../../runtime";
import { seedUsers } from "../../seed/users";

export type SdkServer = {
  services: RunningServices;
  /** The temporary data directory (the database, and anything the SDK writes while a test runs there). */
  dataDir: string;
  /** What the weave SDKs read: WF_TRACE_SERVER_URL, WANDB_BASE_URL, WANDB_API_KEY. */
  env: { WF_TRACE_SERVER_URL: string; WANDB_BASE_URL: string; WANDB_API_KEY: string };
  close(): Promise<void>;
};

/**
 * `npm start`'s services (startServices: the three services over HTTP) on a free loopback port over
 * a fresh temporary data directory, for tests that drive them with an official client such as the
 * weave SDK. Only the demo users are seeded (startServices then skips the demo data, seconds of CPU
 * a test of its own project does not need). `close()` stops the services and removes the directory.
 */
export async function startSdkServer(apiKey = "local-demo-key"): Promise<SdkServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "weave-sdk-"));
  const db = openDatabase(join(dataDir, DATABASE_FILE));
  seedUsers(db);
  db.close();
  const config = { ...loadConfig({}), HOST: "127.0.0.1", PORT: 0, DATA_DIR: dataDir, TRAINING_STEP_MS: 0, CHAT_TOKEN_DELAY_MS: 0 };
  const services = await startServices(config);
  return {
    services,
    dataDir,
    env: { WF_TRACE_SERVER_URL: `${services.url}/api/trace`, WANDB_BASE_URL: `${services.url}/api/wandb`, WANDB_API_KEY: apiKey },
    async close() {
      await services.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
