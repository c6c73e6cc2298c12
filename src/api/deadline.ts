import type { TransportFault } from "./classify";

/**
 * One AbortSignal for a call that fires on the caller's abort or on the timeout, and remembers
 * which, so the error can say "timed out" rather than "cancelled". Written by hand rather than
 * with AbortSignal.any/timeout so the cause is known without inspecting abort reasons.
 */
export class Deadline {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private expired = false;

  constructor(
    private readonly callerSignal: AbortSignal | undefined,
    readonly timeoutMs: number,
  ) {
    if (callerSignal?.aborted) this.controller.abort(callerSignal.reason);
    else callerSignal?.addEventListener("abort", this.onCallerAbort, { once: true });
    this.restart();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Starts the clock again: streams use it as an idle timeout between chunks. */
  restart(): void {
    this.pause();
    if (this.signal.aborted || !(this.timeoutMs > 0) || !Number.isFinite(this.timeoutMs)) return;
    this.timer = setTimeout(() => {
      this.expired = true;
      this.controller.abort(new DOMException(`Timed out after ${this.timeoutMs} ms`, "TimeoutError"));
    }, this.timeoutMs);
  }

  /** Stops the clock (while a stream's consumer works on a chunk, say). */
  pause(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  dispose(): void {
    this.pause();
    this.callerSignal?.removeEventListener("abort", this.onCallerAbort);
  }

  /**
   * Settles with `promise` or rejects as soon as the call is aborted, so an injected fetch (or a
   * body read) that ignores its signal still cannot outlive the timeout.
   */
  race<T>(promise: Promise<T>): Promise<T> {
    const signal = this.signal;
    if (signal.aborted) {
      promise.catch(() => undefined);
      return Promise.reject(signal.reason);
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
      promise.then(
        (value) => {
          signal.removeEventListener("abort", onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener("abort", onAbort);
          reject(error);
        },
      );
    });
  }

  /** What a transport failure was, for errorFromTransport. */
  fault(cause: unknown): TransportFault {
    return {
      cause,
      timedOut: this.expired,
      callerAborted: !this.expired && (this.callerSignal?.aborted ?? false),
      timeoutMs: this.timeoutMs,
    };
  }

  private readonly onCallerAbort = () => {
    this.pause();
    this.controller.abort(this.callerSignal?.reason);
  };
}
