import { Worker } from "node:worker_threads";
import { RequestValidationError, ServiceError } from "../http/errors";
import type { PreparedUpload, UploadKind } from "./kinds";
import { unpackUpload, type SerializedError, type UploadReply, type UploadRequest } from "./messages";

const BOOT = new URL("../worker-boot.mjs", import.meta.url);
const ENTRY = new URL("./worker.ts", import.meta.url).href;

type Answer = Extract<UploadReply, { ok: true }>;
type Pending = { resolve: (answer: Answer) => void; reject: (error: Error) => void };

/** A body streamed to the upload worker (UploadWorker.stream). */
export type StreamedUpload = {
  push(bytes: Uint8Array): void;
  /** The prepared upload's fields other than its rows, and how many rows it has. */
  finish(): Promise<{ fields: Record<string, unknown>; rows: number }>;
  /** The next slice of rows (messages.ts, packSlice): each row list of the prepared upload, sliced alike. */
  take(): Promise<Record<string, string[]>>;
  release(): void;
};

/** The bytes in a buffer of their own, which can be moved to the worker: a view of a larger buffer is copied. */
const ownBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? (bytes.buffer as ArrayBuffer)
    : (bytes.slice().buffer as ArrayBuffer);

const workerStopped = () =>
  new ServiceError(
    503,
    "The upload could not be checked: the server's upload worker stopped. Retry the request.",
    "upload_worker_stopped",
  );

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
 * hundred milliseconds) and again after it dies. It keeps the process alive only while an answer
 * is awaited. Every request it held when it died, or when one request outlived PREPARE_TIMEOUT_MS
 * and it was stopped, fails with a 503 rather than hanging; a worker's late exit only fails its
 * own requests.
 */
class UploadWorker {
  private running: Running | undefined;
  private nextId = 1;

  prepare<K extends UploadKind>(kind: K, bytes: Uint8Array, contentType = ""): Promise<PreparedUpload<K>> {
    const running = this.start();
    const id = this.nextId++;
    // The bytes move to the worker (transferred, not copied); a view of a larger buffer is copied first.
    const buffer = ownBuffer(bytes);
    return this.ask(running, id, { type: "prepare", id, kind, bytes: buffer, contentType }, [buffer]).then(
      ({ packed }) => unpackUpload(packed) as PreparedUpload<K>,
    );
  }

  /**
   * A body sent to the worker as it arrives (`push` each piece read), prepared there at `finish`,
   * and its rows handed back a slice at a time (`take`): the event loop never holds the whole body,
   * nor the whole prepared upload, at once. `rowLists`: the prepared upload's lists that are its
   * rows (one entry per row each). Bound to the worker running now: should it stop, every
   * later call fails with the 503 of a stopped worker rather than reach a new one that never saw
   * the body. `release` (always, once done) drops what the worker still holds.
   */
  stream(kind: UploadKind, rowLists: string[], contentType = ""): StreamedUpload {
    const running = this.start();
    const upload = this.nextId++;
    const alive = () => {
      if (this.running !== running) throw workerStopped();
    };
    const begin: UploadRequest = { type: "begin", upload, kind, contentType, rowLists };
    running.worker.postMessage(begin, []);
    return {
      push: (bytes) => {
        alive();
        const buffer = ownBuffer(bytes);
        try {
          running.worker.postMessage({ type: "chunk", upload, bytes: buffer } satisfies UploadRequest, [buffer]);
        } catch {
          // A buffer Node will not let go of (its pool's): sent as a copy instead.
          const copy = bytes.slice().buffer as ArrayBuffer;
          running.worker.postMessage({ type: "chunk", upload, bytes: copy } satisfies UploadRequest, [copy]);
        }
      },
      finish: async () => {
        alive();
        const id = this.nextId++;
        const { packed, rows } = await this.ask(running, id, { type: "end", upload, id });
        return { fields: unpackUpload(packed), rows: rows ?? 0 };
      },
      take: async () => {
        alive();
        const id = this.nextId++;
        return unpackUpload((await this.ask(running, id, { type: "take", upload, id })).packed) as Record<
          string,
          string[]
        >;
      },
      release: () => {
        if (this.running === running)
          running.worker.postMessage({ type: "release", upload } satisfies UploadRequest, []);
      },
    };
  }

  /** Sends `message` and waits for the worker's answer to `id`, at most PREPARE_TIMEOUT_MS. */
  private ask(
    { worker, pending }: Running,
    id: number,
    message: UploadRequest,
    transfer: ArrayBuffer[] = [],
  ): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(() => {
        // Stuck: stop it; its exit fails every request it held, this one included.
        if (this.running?.worker === worker) this.running = undefined;
        void worker.terminate();
      }, PREPARE_TIMEOUT_MS);
      timer.unref();
      const settle = () => {
        clearTimeout(timer);
        if (pending.size === 0) worker.unref();
      };
      // While an answer is awaited the worker keeps the process alive (a script that awaits an upload
      // without a server socket would otherwise exit mid-request); idle, it never does.
      worker.ref();
      pending.set(id, {
        resolve: (answer) => (settle(), resolve(answer)),
        reject: (error) => (settle(), reject(error)),
      });
      worker.postMessage(message, transfer);
    });
  }

  private start(): Running {
    if (this.running) return this.running;
    const worker = new Worker(BOOT, {
      workerData: { entry: ENTRY },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    const pending = new Map<number, Pending>();
    worker.on("message", (reply: UploadReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply);
      else waiting.reject(rebuild(reply.error));
    });
    const fail = (cause: string) => {
      if (this.running?.worker === worker) this.running = undefined;
      console.error(`upload worker stopped: ${cause}`);
      const error = workerStopped();
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    worker.on("error", (error) => fail(error.message));
    worker.on("exit", (code) => fail(`exit code ${code}`));
    // After the listeners: a "message" listener added later refs the worker's port again.
    worker.unref();
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
