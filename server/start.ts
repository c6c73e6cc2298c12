import { resolve } from "node:path";
import { loadConfig } from "./config";
import { ensureDashboardBuilt } from "./dashboard-build";
import { DEMO_USERS } from "./auth/users";
import { closeOnSignals, startServices } from "./runtime";

// `npm start`: build the dashboard if needed, then serve it with the three local services.
const rootDir = resolve(import.meta.dirname, "..");
const distDir = resolve(rootDir, "dist");
const config = loadConfig();

if (!process.argv.includes("--no-build")) await ensureDashboardBuilt(rootDir, distDir);
const services = await startServices(config, { dashboardDir: distDir });
closeOnSignals(services);

const [demo, acme, maria, kenji] = DEMO_USERS;
console.info(`
  W&B Ops Dashboard with local reference services
  Dashboard:      ${services.url}
  Demo API key:   ${demo.apiKey}   (entity "${demo.entity}"; a second account: ${acme.apiKey}, entity "${acme.entity}")
  Team keys:      ${maria.apiKey}, ${kenji.apiKey}   (the demo's annotators ${maria.id} and ${kenji.id}, entity "${maria.entity}")
  Services:       ${services.url}/api/trace  ${services.url}/api/training/v1  ${services.url}/api/inference/v1  ${services.url}/api/wandb/graphql
  Data:           ${resolve(config.DATA_DIR)}   (training steps every ${config.TRAINING_STEP_MS} ms; the GPU work is simulated)
  Stop with Ctrl-C.
`);
