import { join } from "node:path";
import { openDatabase } from "../../db/database";
import { cleanUp, makeDataDir, startServerProcess } from "../../testing/server-process";
import { DATABASE_FILE } from "../../runtime";
import { seedUsers } from "../../seed/users";

/** The variables the weave SDK reads when `weave.init` runs (its wandb/settings.js and urls.js). */
const SDK_ENV = ["WF_TRACE_SERVER_URL", "WANDB_BASE_URL", "WANDB_API_KEY"] as const;

export type SdkServer = { url: string; trace: string; stop(): Promise<void> };

/**
 * The local services in a process of their own (the real server, `startServices`, on a fresh
 * data directory holding only the demo users, so it skips the seconds-long demo seed, and a free
 * loopback port), with the official weave SDK of this process pointed
 * at them as a user would point it: WF_TRACE_SERVER_URL, WANDB_BASE_URL and WANDB_API_KEY (the
 * demo key). `stop` kills the server, removes its data and puts the variables back.
 */
export async function startSdkServer(apiKey = "local-demo-key"): Promise<SdkServer> {
  const dataDir = makeDataDir();
  const db = openDatabase(join(dataDir, DATABASE_FILE));
  seedUsers(db);
  db.close();
  const server = await startServerProcess(dataDir);
  const saved = SDK_ENV.map((name) => [name, process.env[name]] as const);
  process.env.WF_TRACE_SERVER_URL = `${server.url}/api/trace`;
  process.env.WANDB_BASE_URL = `${server.url}/api/wandb`;
  process.env.WANDB_API_KEY = apiKey;
  return {
    url: server.url,
    trace: `${server.url}/api/trace`,
    async stop() {
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      await cleanUp();
    },
  };
}
