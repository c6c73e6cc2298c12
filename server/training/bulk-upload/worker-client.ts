import { Worker } from "node:worker_threads";
import { RequestValidationError, ServiceError } from "../../http/errors";
import type { BulkKind, PreparedBulk } from "./prepare";
import type { BulkReply, BulkRequest, SerializedError } from "./messages";

const BOOT = new URL("../../worker-boot.mjs", import.meta.url);
const ENTRY = new URL("./worker.ts", import.meta.url).href;

type Pending = { resolve: (prepared: PreparedBulk) => void; reject: (error: Error) => void };

function rebuild(error: SerializedError): Error {
  if (error.type === "validation") return new RequestValidationError(error.detail);
  if (error.type === "service") return new ServiceError(error.status, error.message, error.code);
  return new Error(`bulk-upload worker: ${error.message}`);
}

/**
 * One long-lived worker thread for the bulk uploads, started on first use (loading it takes a few
 * hundred milliseconds) and again after it dies. It never keeps the process alive (unref), and
 * every request it held when it died fails with a 500 rather than hanging.
 */
class BulkWorker {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  prepare(kind: BulkKind, bytes: Uint8Array): Promise<PreparedBulk> {
    const worker = this.start();
    const id = this.nextId++;
    // The bytes move to the worker (transferred, not copied); a view of a larger buffer is copied first.
    const buffer = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? (bytes.buffer as ArrayBuffer) : bytes.slice().buffer;
    return new Promise<PreparedBulk>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, kind, bytes: buffer } satisfies BulkRequest, [buffer]);
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(BOOT, { workerData: { entry: ENTRY } });
    worker.unref();
    worker.on("message", (reply: BulkReply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      if (reply.ok) pending.resolve(reply.prepared);
      else pending.reject(rebuild(reply.error));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`bulk-upload worker exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }
}

let shared: BulkWorker | undefined;

/** The process's bulk-upload worker. */
export function bulkWorker(): BulkWorker {
  shared ??= new BulkWorker();
  return shared;
}
