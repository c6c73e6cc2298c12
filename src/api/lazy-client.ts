import type { ClientScope } from "./client-config";

/**
 * How each method of a client answers: a promise ("call"), or an async generator ("stream": chat
 * streaming). The type makes a list name every method, each rightly: a client that gains a
 * method fails to compile until its list says how it answers.
 */
export type MethodKinds<Client> = {
  [Name in Exclude<keyof Client, "scope">]: Client[Name] extends (...args: never[]) => AsyncGenerator<unknown> ? "stream" : "call";
};

/**
 * A service client whose code loads on its first call. Its `scope` (what query keys start with) is
 * there at once; each method waits for the code, then calls the real client's.
 *
 * Why: the annotation queue and training clients carry their parts of the wire contract, most of
 * its zod schemas, and building those took ~15 ms of the app's start on the bench machine whether
 * the page used them or not (issue 17: the catalog's cold load uses neither service). Now their
 * files load with the first page that calls them, or when the browser is idle (app/lazy-page.tsx
 * preloads every page, and with them these files).
 *
 * A "stream" method gives its generator at once; the real stream starts on its first `next()`,
 * as it would anyway. A failed download fails that call, and the next call tries again.
 * `eager` gives methods that are there without the download (the sidebar's health check).
 */
export function lazyClient<Client extends { scope: ClientScope }>(
  scope: ClientScope,
  kinds: MethodKinds<Client>,
  load: () => Promise<Client>,
  eager: Partial<Omit<Client, "scope">> = {},
): Client {
  let loading: Promise<Client> | undefined;
  const real = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const client: Record<string, unknown> = { scope };
  for (const [name, kind] of Object.entries(kinds)) {
    client[name] =
      kind === "stream"
        ? async function* (...args: unknown[]) {
            yield* ((await real()) as unknown as Record<string, (...a: unknown[]) => AsyncGenerator<unknown>>)[name]!(...args);
          }
        : async (...args: unknown[]) => ((await real()) as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[name]!(...args);
  }
  return Object.assign(client, eager) as Client;
}
