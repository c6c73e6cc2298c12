// The local services in a process of their own, for the durability and concurrency tests:
// `node --import tsx child-server.ts`, configured by the same environment variables as `npm start`
// (DATA_DIR, PORT=0 for a free port, TRAINING_STEP_MS, ...). It prints one JSON line with its URL
// once it listens, and stops cleanly on SIGTERM; the tests also SIGKILL it mid-write.
import { loadConfig } from "../config";
import { closeOnSignals, startServices } from "../runtime";

// The parent test holds our stdin open; if it dies without stopping us, we must not linger.
process.stdin.on("close", () => process.exit(1));
process.stdin.resume();

const services = await startServices(loadConfig());
closeOnSignals(services);
process.stdout.write(`${JSON.stringify({ url: services.url })}\n`);
