import { createServer } from "vite";
import { loadConfig } from "./config";
import { closeOnSignals, startServices } from "./runtime";

// `npm run dev`: the local services on PORT+1 and Vite with hot reload on PORT, proxying
// /api and /config.json to them so the dashboard stays same-origin as in production.
const config = loadConfig();
const services = await startServices({ ...config, PORT: config.PORT + 1 });
closeOnSignals(services);
process.env.DEV_API_TARGET = services.url;

const vite = await createServer({ server: { host: config.HOST, port: config.PORT, strictPort: true } });
await vite.listen();
vite.printUrls();
console.info(`  Local services: ${services.url} (demo API key: local-demo-key)\n`);
