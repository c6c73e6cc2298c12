import type { IncomingMessage } from "node:http";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { publicTarget, targetPortOf, type Target, type TargetPolicy } from "./public-target";

/** Redirects followed at most; each one's target is checked again. */
export const MAX_REDIRECTS = 3;

export type PublicFetchOptions = TargetPolicy & {
  signal: AbortSignal;
  /** Schemes allowed for the first URL and every redirect: https only, except in tests of a loopback http server. */
  protocols?: readonly string[];
};

/**
 * Why a fetch gave nothing. Deliberately one kind: a refused address, a name that does not
 * resolve, a closed port, a TLS failure, a timeout, an error status and a redirect loop all read
 * the same to the client, so the service cannot be used to map which hosts and ports answer.
 */
export class FetchRefused extends Error {
  constructor(readonly detail: string) {
    super("fetch refused");
    this.name = "FetchRefused";
  }
}

/**
 * GET `url`, following up to MAX_REDIRECTS redirects by hand, each target checked by
 * publicTarget before any connection, and the socket connected to exactly the checked address
 * (the request's DNS lookup is replaced by it, so a second resolution cannot rebind the name).
 * Resolves with a 2xx response whose body the caller reads; anything else is a FetchRefused.
 */
export async function fetchPublic(url: string, options: PublicFetchOptions): Promise<IncomingMessage> {
  const protocols = options.protocols ?? ["https:"];
  let current = new URL(url);
  for (let hop = 0; ; hop += 1) {
    if (!protocols.includes(current.protocol)) throw new FetchRefused(`scheme ${current.protocol} is not allowed`);
    const target = await publicTarget(current.hostname, options, targetPortOf(current)).catch((error: unknown) => {
      throw new FetchRefused(error instanceof Error ? error.message : String(error));
    });
    const response = await get(current, target, options.signal);
    const status = response.statusCode ?? 0;
    if (status >= 200 && status < 300) return response;
    response.destroy();
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      if (hop >= MAX_REDIRECTS) throw new FetchRefused(`more than ${MAX_REDIRECTS} redirects`);
      current = new URL(location, current);
      continue;
    }
    throw new FetchRefused(`HTTP ${status}`);
  }
}

function get(url: URL, target: Target, signal: AbortSignal): Promise<IncomingMessage> {
  // Node calls lookup with `all: true` when it may try several addresses (autoSelectFamily).
  const lookup = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    // No agent: a pooled socket could outlive the check that allowed it.
    const request = send(
      url,
      {
        method: "GET",
        agent: false,
        lookup,
        signal,
        headers: { Accept: "application/jsonl, application/json, text/plain, */*" },
      },
      resolve,
    );
    request.on("error", (error) => reject(signal.aborted ? error : new FetchRefused(error.message)));
    request.end();
  });
}
