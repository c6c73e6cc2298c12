import type { HttpBindings } from "@hono/node-server";
import type { Context, MiddlewareHandler } from "hono";
import type { IncomingMessage } from "node:http";
import { minimumBodyRate, SlowBodyError, CHECK_EVERY_MS, type BodyRate } from "./body-rate";
import type { AppEnv } from "./env";
import { ServiceError } from "./errors";

/**
 * What a request's body must keep to while it is read: at most `limit` bytes, and no slower than
 * `rate`. `cut` is set once a read broke a rule, so the answer closes the connection (the rest of
 * the body may still be on its way).
 */
export type BodyRules = { limit: number; rate: BodyRate; cut: boolean };

/** The refusal of a body longer than its limit (a 413, worded by each service in its style). */
export class BodyTooLargeError extends ServiceError {
  constructor(limit: number) {
    super(413, `Request body too large: the limit is ${limit} bytes.`, "request_too_large");
  }
}

export type RequestBodyOptions = {
  rate: BodyRate;
  /** The body limit of a request to `path`. */
  limitOf: (path: string) => number;
  /** The answer to a body over its limit, refused by its Content-Length or cut while read (web path). */
  tooLarge: (c: Context<AppEnv>, limit: number) => Response | Promise<Response>;
  /** The size check of the web path (under `app.fetch`, where there is no Node request). */
  webLimiter: (limit: number) => MiddlewareHandler<AppEnv>;
};

/**
 * Middleware giving every request its body rules. Served by Node, the body is later read straight
 * from the Node request (requestBytes, requestChunks), which checks the rules as the bytes
 * arrive: no web Request or stream is made for it, and a request that sends no body (a GET) costs
 * nothing here. Under `app.fetch` (tests, no Node request) the web body is wrapped instead, as
 * the rate check and Hono's size limit do it. Either way a Content-Length over the limit is
 * refused before a byte is read.
 */
export function requestBodyRules(options: RequestBodyOptions): MiddlewareHandler<AppEnv> {
  const webRate = minimumBodyRate(options.rate);
  return async (c, next) => {
    const limit = options.limitOf(c.req.path);
    const incoming = nodeRequestOf(c);
    if (!incoming) {
      return webRate(c, async () => {
        // A refusal the size check returns (rather than sets) becomes the answer here; `next` returns the context.
        const refusal = await options.webLimiter(limit)(c, next);
        if (refusal instanceof Response) c.res = refusal;
      });
    }
    const declared = c.req.header("content-length");
    if (declared !== undefined && !c.req.header("transfer-encoding") && Number.parseInt(declared, 10) > limit)
      return options.tooLarge(c, limit);
    const rules: BodyRules = { limit, rate: options.rate, cut: false };
    c.set("bodyRules", rules);
    await next();
    if (rules.cut) c.res.headers.set("Connection", "close");
  };
}

function nodeRequestOf(c: Context): IncomingMessage | undefined {
  return (c.env as Partial<HttpBindings> | undefined)?.incoming;
}

/** The whole request body, read under its rules (see requestBodyRules). */
export async function requestBytes(c: Context): Promise<Uint8Array> {
  const incoming = nodeRequestOf(c);
  const rules = (c as Context<AppEnv>).get("bodyRules");
  if (!incoming || !rules) return new Uint8Array(await c.req.arrayBuffer());
  const chunks: Buffer[] = [];
  await readIncoming(incoming, rules, (chunk) => chunks.push(chunk));
  // Joined once; a one-chunk body is not copied at all.
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/** The request body piece by piece as it arrives, read under its rules; undefined when there is none. */
export function requestChunks(c: Context): AsyncIterable<Uint8Array> | undefined {
  const incoming = nodeRequestOf(c);
  const rules = (c as Context<AppEnv>).get("bodyRules");
  if (!incoming || !rules) return c.req.raw.body ?? undefined;
  return incomingChunks(incoming, rules);
}

/** readIncoming as an async iterable: chunks wait in a queue until the consumer takes them. */
async function* incomingChunks(incoming: IncomingMessage, rules: BodyRules): AsyncGenerator<Uint8Array> {
  const queue: Buffer[] = [];
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const reading = readIncoming(incoming, rules, (chunk) => {
    queue.push(chunk);
    wake?.();
  });
  reading.then(
    () => {
      ended = true;
      wake?.();
    },
    (error: unknown) => {
      failure = error ?? new Error("The request body could not be read.");
      wake?.();
    },
  );
  for (;;) {
    if (failure !== undefined) throw failure;
    const chunk = queue.shift();
    if (chunk) {
      yield chunk;
      continue;
    }
    if (ended) return;
    await new Promise<void>((resolve) => (wake = resolve));
    wake = undefined;
  }
}

/**
 * Reads `incoming` to its end, handing each chunk to `onChunk`. Fails with BodyTooLargeError past
 * `rules.limit` (a chunked body declares no length), with SlowBodyError when the body arrives
 * slower than `rules.rate` (timed from this first read, as minimumBodyRate does), and with the
 * stream's error (ECONNRESET) or ERR_STREAM_PREMATURE_CLOSE when the client goes away. On a broken
 * rule reading stops and the rest of the body is left to be discarded once the answer is sent.
 */
function readIncoming(incoming: IncomingMessage, rules: BodyRules, onChunk: (chunk: Buffer) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (incoming.readableEnded) return resolve();
    const startedAt = performance.now();
    let received = 0;
    let timer: NodeJS.Timeout | undefined;
    const cleanup = () => {
      clearInterval(timer);
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("error", onError);
      incoming.off("close", onClose);
    };
    const breakRule = (error: Error) => {
      cleanup();
      rules.cut = true;
      incoming.pause();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received > rules.limit) return breakRule(new BodyTooLargeError(rules.limit));
      onChunk(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve();
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onClose = () => {
      cleanup();
      if (incoming.readableEnded) return resolve();
      const gone = new Error("The client closed the connection before its request body arrived.");
      (gone as NodeJS.ErrnoException).code = "ERR_STREAM_PREMATURE_CLOSE";
      reject(incoming.errored ?? gone);
    };
    const { minBytesPerSecond, graceMs } = rules.rate;
    // A rate of 0 turns the check off (MIN_BODY_BYTES_PER_SECOND=0).
    if (minBytesPerSecond > 0) {
      timer = setInterval(() => {
        const elapsed = performance.now() - startedAt;
        if (elapsed >= graceMs && received < (minBytesPerSecond * elapsed) / 1000)
          breakRule(new SlowBodyError(rules.rate));
      }, CHECK_EVERY_MS);
      timer.unref();
    }
    incoming.on("data", onData);
    incoming.on("end", onEnd);
    incoming.on("error", onError);
    incoming.on("close", onClose);
  });
}
