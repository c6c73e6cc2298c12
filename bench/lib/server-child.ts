import { loadConfig } from "../../server/config";
import { startServices } from "../../server/runtime";

// The benchmarked server in its own process (forked by bench-server.ts), so the load generator
// and the browser never share its event loop. Reports its URL over IPC; stops on SIGTERM or
// when the parent goes away.
const dashboardDir = process.env.BENCH_DASHBOARD_DIR;
const config = loadConfig({ ...process.env, HOST: "127.0.0.1", PORT: "0" });
const services = await startServices(config, dashboardDir ? { dashboardDir } : {});
process.send?.({ url: services.url });

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(0), 3000).unref();
  void services.close().then(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("disconnect", stop);
