import { errorFromTransport } from "./classify";
import type { ClientScope } from "./client-config";
import { SERVICE_NOUNS } from "./error-messages";
import { ApiError } from "./errors";

type AnyFunction = (...args: never[]) => unknown;

/**
 * What a lazy client's methods must be, derived from the client's own type, so no list of its
 * methods is kept anywhere: a method named `stream…` answers with an async generator (it is given
 * at once and starts on its first `next()`), every other one with a promise (it can wait for the
 * code). A client that gains a method answering neither way, or a stream not named so, fails to
 * compile where it is made lazy (clients.ts).
 */
export type LazyMethods<Client> = {
  [Name in Exclude<keyof Client, "scope">]: Name extends `stream${string}`
    ? (...args: never[]) => AsyncGenerator<unknown>
    : (...args: never[]) => Promise<unknown>;
};

/** Whether a method answers with a generator: the naming rule LazyMethods holds every client to. */
export const isStreamMethod = (name: string): boolean => /^stream(?![a-z])/.test(name);

/**
 * Names a lazy client never answers as a method: asking for them is code probing what the object
 * is (an await looks for `then`, JSON and test printers for `toJSON` and `asymmetricMatch`).
 */
const NOT_METHODS = new Set(["then", "toJSON", "asymmetricMatch", "nodeType", "$$typeof"]);

/**
 * A service client whose code loads on its first call. Its `scope` (what query keys start with) is
 * there at once; each method waits for the code, then calls the real client's. The methods are
 * made on first use from their name (a Proxy), so adding a method to the real client is all it
 * takes; LazyMethods checks each one can wait.
 *
 * Why: the annotation queue and training clients carry their parts of the wire contract, most of
 * its zod schemas, and building those is a noticeable part of the app's start whether the page
 * uses them or not (the catalog's cold load uses neither service).
 * So their files load with the first page that calls them (app/pages.ts loads them beside
 * such a page's code), or when the browser is idle (app/lazy-page.tsx preloads every page).
 *
 * A "stream" method gives its generator at once; the real stream starts on its first `next()`,
 * as it would anyway. A call whose `{signal}` (the last argument, as every method takes it) is
 * aborted while the code loads fails as an aborted request. Code that fails to load fails the
 * call with an ApiError saying to reload the page: browsers remember a failed module download
 * for the page's life, so only a reload fetches it again. `eager` gives methods that are there
 * without the download (the sidebar's health checks).
 */
export function lazyClient<Client extends { scope: ClientScope } & LazyMethods<Client>>(
  scope: ClientScope,
  load: () => Promise<Client>,
  eager: Partial<Omit<Client, "scope">> = {},
): Client {
  const { service } = scope;
  let loading: Promise<Client> | undefined;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw new ApiError({
        kind: "network",
        service,
        message: `The dashboard's code for the ${SERVICE_NOUNS[service]} did not load.`,
        hint: "Check the connection, then reload the page: the browser will not fetch it again until then.",
        retryable: false,
        cause: error,
      });
    }));
  const real = (args: unknown[]): Promise<Record<string, AnyFunction>> => {
    const signal = signalOf(args.at(-1));
    const client = loaded() as unknown as Promise<Record<string, AnyFunction>>;
    if (!signal) return client;
    const aborted = () =>
      errorFromTransport(service, { cause: signal.reason, timedOut: false, callerAborted: true, timeoutMs: 0 });
    if (signal.aborted) return Promise.reject(aborted());
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(aborted());
      signal.addEventListener("abort", onAbort, { once: true });
      client.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
    });
  };
  const method = (name: string) =>
    isStreamMethod(name)
      ? async function* (...args: unknown[]) {
          yield* (await real(args))[name]!(...(args as never[])) as AsyncGenerator<unknown>;
        }
      : async (...args: unknown[]) => (await real(args))[name]!(...(args as never[]));
  // Made once per name, so a method read twice is the same function (as on a plain object).
  const made = new Map<string, unknown>();
  const target: Record<string, unknown> = { ...eager, scope };
  return new Proxy(target, {
    get(object, name, receiver) {
      if (typeof name !== "string" || name in object || NOT_METHODS.has(name))
        return Reflect.get(object, name, receiver);
      if (!made.has(name)) made.set(name, method(name));
      return made.get(name);
    },
  }) as Client;
}

/** The `signal` of a method's options argument ({signal?, timeoutMs?}, always last), if any. */
function signalOf(last: unknown): AbortSignal | undefined {
  if (typeof last !== "object" || last === null || !("signal" in last)) return undefined;
  return last.signal instanceof AbortSignal ? last.signal : undefined;
}
