import { setTimeout as sleep } from "node:timers/promises";

export type SseOptions = {
  /** Pause before every event after the first (the simulated time per token). */
  delayMs: number;
  /** The request's signal: aborted when the client goes away. */
  signal?: AbortSignal;
  /** Called once when the stream ends for any reason: finished, cancelled or aborted. */
  onEnd?: () => void;
};

/**
 * A text/event-stream body of `data: <event>\n\n` lines. Events are produced only when the
 * consumer reads (highWaterMark 0), and production stops as soon as the client disconnects,
 * whether the server sees that as a cancelled body or an aborted request.
 */
export function sseStream(events: readonly string[], options: SseOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const halt = new AbortController();
  let index = 0;
  const end = () => {
    if (halt.signal.aborted) return;
    halt.abort();
    options.signal?.removeEventListener("abort", end);
    options.onEnd?.();
  };
  if (options.signal?.aborted) end();
  else options.signal?.addEventListener("abort", end, { once: true });

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (index > 0 && options.delayMs > 0 && !halt.signal.aborted) {
          await sleep(options.delayMs, undefined, { signal: halt.signal }).catch(() => undefined);
        }
        if (halt.signal.aborted) {
          closeQuietly(controller);
          return;
        }
        controller.enqueue(encoder.encode(`data: ${events[index]}\n\n`));
        index += 1;
        if (index >= events.length) {
          end();
          closeQuietly(controller);
        }
      },
      cancel() {
        end();
      },
    },
    { highWaterMark: 0 },
  );
}

function closeQuietly(controller: ReadableStreamDefaultController<Uint8Array>): void {
  try {
    controller.close();
  } catch {
    // already closed or cancelled by the consumer
  }
}
