import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";
import { ServiceError } from "./errors";

/**
 * The slowest a request body may arrive: after `graceMs` of reading, at least `minBytesPerSecond`
 * on average since the reading began (MIN_BODY_BYTES_PER_SECOND, BODY_RATE_GRACE_MS). A body
 * that small arrives whole within the grace whatever the link; a large one sent at a trickle would
 * otherwise hold its connection, its memory and (for an upload) one of the entity's two upload
 * slots until the request timeout.
 */
export type BodyRate = { minBytesPerSecond: number; graceMs: number };

export const DEFAULT_BODY_RATE: BodyRate = { minBytesPerSecond: 16 * 1024, graceMs: 10_000 };

/** How often a body being read is checked against the rate. */
export const CHECK_EVERY_MS = 250;

/** The refusal of a body that arrived too slowly (a 408, worded by each service in its style). */
export class SlowBodyError extends ServiceError {
  constructor(rate: BodyRate) {
    super(
      408,
      `The request body arrived too slowly: after ${rate.graceMs / 1000} s it must arrive at ` +
        `${Math.round(rate.minBytesPerSecond / 1024)} KiB/s or faster. Retry on a faster connection.`,
      "request_timeout",
    );
  }
}

/**
 * Middleware that watches every request body as it is read and cuts one arriving slower than
 * `rate` (the read fails with SlowBodyError). The answer then closes the connection: the rest of
 * the body may still be on its way.
 */
export function minimumBodyRate(rate: BodyRate): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const body = c.req.raw.body;
    // A rate of 0 turns the check off (MIN_BODY_BYTES_PER_SECOND=0).
    if (!body || rate.minBytesPerSecond <= 0) return next();
    let cut = false;
    c.req.raw = new Request(c.req.raw, {
      body: watchedBody(body, rate, () => (cut = true)),
      duplex: "half",
    } as RequestInit);
    await next();
    if (cut) c.res.headers.set("Connection", "close");
  };
}

/**
 * `source` passed through, timed from the first read: once `graceMs` have passed, a check every
 * CHECK_EVERY_MS fails the stream when fewer than `minBytesPerSecond` per second have arrived on
 * average. The clock starts at the first read, not at the request, so time the server spent
 * before reading never counts against the client.
 */
function watchedBody(
  source: ReadableStream<Uint8Array>,
  rate: BodyRate,
  onCut: () => void,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let startedAt: number | undefined;
  let received = 0;
  let timer: NodeJS.Timeout | undefined;
  let finished = false;
  const stop = () => {
    finished = true;
    clearInterval(timer);
  };
  return new ReadableStream<Uint8Array>(
    {
      pull: async (controller) => {
        if (startedAt === undefined) {
          startedAt = performance.now();
          timer = setInterval(() => {
            const elapsed = performance.now() - startedAt!;
            if (finished || elapsed < rate.graceMs || received >= (rate.minBytesPerSecond * elapsed) / 1000) return;
            stop();
            onCut();
            controller.error(new SlowBodyError(rate));
            reader.cancel().catch(() => undefined);
          }, CHECK_EVERY_MS);
          timer.unref();
        }
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          stop();
          throw error;
        }
        const { done, value } = chunk;
        if (finished) return;
        if (done) {
          stop();
          controller.close();
          return;
        }
        received += value.byteLength;
        controller.enqueue(value);
      },
      cancel: (reason) => {
        stop();
        return reader.cancel(reason);
      },
    },
    // Nothing is read ahead: a handler that refuses the request by its headers reads not one byte.
    { highWaterMark: 0 },
  );
}
