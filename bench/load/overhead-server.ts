// The local services over an in-memory database with the demo data, listening on a free loopback
// port, for request-overhead.ts. Run as its own process, so its CPU time is the server's alone.
// Imports the server from the checkout named by argv[2] (default: this one), so two builds can be
// measured the same way, one right after the other.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const root = resolve(process.argv[2] ?? new URL("../..", import.meta.url).pathname);
const load = (path: string) => import(pathToFileURL(resolve(root, path)).href);

const { createTestApp } = await load("server/testing/test-app.ts");
const { seedTraceDemo } = await load("server/seed/trace-seed.ts");
const { listen } = await load("server/http/node-server.ts");

const test = createTestApp();
seedTraceDemo(test.db, new Date("2026-11-01T00:00:00.000Z"));
const queueId = test.db
  .prepare("SELECT id FROM annotation_queues WHERE project_id = ? ORDER BY name LIMIT 1")
  .pluck()
  .get("demo/support-bot") as string;
const server = await listen(test.app, { hostname: "127.0.0.1", port: 0 });
const address = server.address() as { port: number };
process.send?.({ port: address.port, queueId });
process.on("disconnect", () => process.exit(0));
