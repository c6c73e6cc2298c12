import { monitorEventLoopDelay } from "node:perf_hooks";
import { loadConfig } from "../../server/config";
import { startServices } from "../../server/runtime";

// The benchmarked server in its own process (forked by bench-server.ts), so the load generator
// and the browser never share its event loop. Reports its URL over IPC; stops on SIGTERM or
// when the parent goes away.
const dashboardDir = process.env.BENCH_DASHBOARD_DIR;
const config = loadConfig({ ...process.env, HOST: "127.0.0.1", PORT: "0" });
const services = await startServices(config, dashboardDir ? { dashboardDir } : {});
process.send?.({ url: services.url });

// How long the server's event loop was held (what every other request, /health among them, waits
// for), told over IPC: "loop-delay-reset" starts a window, "loop-delay" reports it in milliseconds.
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
const toMs = (ns: number) => Math.round(ns / 1e4) / 100;
loopDelay.enable();
process.on("message", (message) => {
  if (message === "loop-delay-reset") loopDelay.reset();
  if (message === "loop-delay") {
    process.send?.({
      loopDelay: { p50: toMs(loopDelay.percentile(50)), p99: toMs(loopDelay.percentile(99)), max: toMs(loopDelay.max) },
    });
  }
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(0), 3000).unref();
  void services.close().then(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("disconnect", stop);
