import { Worker } from "node:worker_threads";
import { RequestValidationError, ServiceError } from "../http/errors";
import type { PreparedUpload, UploadKind } from "./kinds";
import { unpackUpload, type SerializedError, type UploadReply, type UploadRequest } from "./messages";

const BOOT = new URL("../worker-boot.mjs", import.meta.url);
const ENTRY = new URL("./worker.ts", import.meta.url).href;

type Pending = { resolve: (prepared: Record<string, unknown>) => void; reject: (error: Error) => void };

function rebuild(error: SerializedError): Error {
  if (error.type === "validation") return new RequestValidationError(error.detail);
  if (error.type === "service") return new ServiceError(error.status, error.message, error.code, error.param);
  return new Error(`upload worker: ${error.message}`);
}

/** One upload's check may take this long; past it the worker is stopped (it is stuck) and started afresh. */
export const PREPARE_TIMEOUT_MS = 30_000;
/** The worker's heap: parsing a 32 MiB body needs a few hundred MB; a larger body could not reach it (MAX_BODY_BYTES). */
const WORKER_HEAP_MB = 1024;

type Running = { worker: Worker; pending: Map<number, Pending> };

/**
 * One long-lived worker thread for the large uploads (kinds.ts: the training service's bulk
 * uploads, the trace service's tables and files), started on first use (loading it takes a few
 * hundred milliseconds) and again after it dies. It never keeps the process alive (unref). Every
 * request it held when it died, or when one request outlived PREPARE_TIMEOUT_MS and it was
 * stopped, fails with a 503 rather than hanging; a worker's late exit only fails its own requests.
 */
class UploadWorker {
  private running: Running | undefined;
  private nextId = 1;

  prepare<K extends UploadKind>(kind: K, bytes: Uint8Array, contentType = ""): Promise<PreparedUpload<K>> {
    const { worker, pending } = this.start();
    const id = this.nextId++;
    // The bytes move to the worker (transferred, not copied); a view of a larger buffer is copied first.
    const buffer =
      bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
        ? (bytes.buffer as ArrayBuffer)
        : bytes.slice().buffer;
    return new Promise<PreparedUpload<K>>((resolve, reject) => {
      const timer = setTimeout(() => {
        // Stuck: stop it; its exit fails every request it held, this one included.
        if (this.running?.worker === worker) this.running = undefined;
        void worker.terminate();
      }, PREPARE_TIMEOUT_MS);
      timer.unref();
      const settle = () => clearTimeout(timer);
      pending.set(id, {
        resolve: (prepared) => (settle(), resolve(prepared as PreparedUpload<K>)),
        reject: (error) => (settle(), reject(error)),
      });
      worker.postMessage({ id, kind, bytes: buffer, contentType } satisfies UploadRequest, [buffer]);
    });
  }

  private start(): Running {
    if (this.running) return this.running;
    const worker = new Worker(BOOT, {
      workerData: { entry: ENTRY },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    const pending = new Map<number, Pending>();
    worker.unref();
    worker.on("message", (reply: UploadReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.ok) waiting.resolve(unpackUpload(reply.packed));
      else waiting.reject(rebuild(reply.error));
    });
    const fail = (cause: string) => {
      if (this.running?.worker === worker) this.running = undefined;
      console.error(`upload worker stopped: ${cause}`);
      const error = new ServiceError(
        503,
        "The upload could not be checked: the server's upload worker stopped. Retry the request.",
        "upload_worker_stopped",
      );
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    worker.on("error", (error) => fail(error.message));
    worker.on("exit", (code) => fail(`exit code ${code}`));
    this.running = { worker, pending };
    return this.running;
  }
}

let shared: UploadWorker | undefined;

/** The process's upload worker. */
export function uploadWorker(): UploadWorker {
  shared ??= new UploadWorker();
  return shared;
}
