// Starts a worker thread whose code is TypeScript: registers tsx's loader in the worker (the
// server itself runs under tsx; a worker starts with a bare loader), then loads the entry module
// named in workerData. Plain JavaScript, so Node can load it before any loader is registered.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
