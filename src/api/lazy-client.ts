import { errorFromTransport } from "./classify";
import type { ClientScope } from "./client-config";
import { SERVICE_NOUNS } from "./error-messages";
import { ApiError } from "./errors";

type AnyFunction = (...args: never[]) => unknown;

/**
 * How each method of a client answers: a promise ("call"), or an async generator ("stream": chat
 * streaming). The type makes a list name every method, each rightly, and refuses a member that
 * answers neither way (it could not wait for the code): a client that gains a method fails to
 * compile until its list says how it answers.
 */
export type MethodKinds<Client> = {
  [Name in Exclude<keyof Client, "scope">]: Client[Name] extends (...args: never[]) => AsyncGenerator<unknown>
    ? "stream"
    : Client[Name] extends (...args: never[]) => Promise<unknown>
      ? "call"
      : never;
};

/**
 * A service client whose code loads on its first call. Its `scope` (what query keys start with) is
 * there at once; each method waits for the code, then calls the real client's.
 *
 * Why: the annotation queue and training clients carry their parts of the wire contract, most of
 * its zod schemas, and building those is a noticeable part of the app's start
 * whether the page uses them or not (the catalog's cold load uses neither service).
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
export function lazyClient<Client extends { scope: ClientScope }>(
  scope: ClientScope,
  kinds: MethodKinds<Client>,
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
    const aborted = () => errorFromTransport(service, { cause: signal.reason, timedOut: false, callerAborted: true, timeoutMs: 0 });
    if (signal.aborted) return Promise.reject(aborted());
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(aborted());
      signal.addEventListener("abort", onAbort, { once: true });
      client.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
    });
  };
  const client: Record<string, unknown> = { scope };
  for (const [name, kind] of Object.entries(kinds)) {
    client[name] =
      kind === "stream"
        ? async function* (...args: unknown[]) {
            yield* (await real(args))[name]!(...(args as never[])) as AsyncGenerator<unknown>;
          }
        : async (...args: unknown[]) => (await real(args))[name]!(...(args as never[]));
  }
  return Object.assign(client, eager) as Client;
}

/** The `signal` of a method's options argument ({signal?, timeoutMs?}, always last), if any. */
function signalOf(last: unknown): AbortSignal | undefined {
  if (typeof last !== "object" || last === null || !("signal" in last)) return undefined;
  return last.signal instanceof AbortSignal ? last.signal : undefined;
}
