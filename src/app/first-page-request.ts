import { bearerAuth } from "@/api/auth";
import type { ConnectionSettings } from "@/api/connection";
import { preloadResponse } from "@/api/preloaded-responses";
import { buildUrl, usableBaseUrl } from "@/api/url";
import { INFERENCE_PROJECT_HEADER } from "@contract/headers";
import { browserStorage } from "@/lib/browser-storage";
import { loadRuntimeConfigOnce } from "@/connection/runtime-config";
import { resolveDefaultUrls } from "@/connection/settings-defaults";
import { readSettingsState } from "@/connection/settings-store";

type FirstRequest = { url: string; headers: Headers };

/**
 * The request a page's data starts with, as its API client sends it (address and headers), for
 * a page's `firstRequest` in pages.ts. Written out here rather than taken from the clients because
 * those need the contract's schemas, and the script that uses this (boot.ts) must not wait for
 * them. Should the clients' request change and this not follow, the page still works: the client
 * adopts only an identical request (preloaded-responses.ts), and first-page-request.test.ts fails.
 */
export type FirstRequestOf = (connection: ConnectionSettings) => FirstRequest | undefined;

/** The catalog's model list, as the inference client asks for it. */
export const inferenceModelsRequest: FirstRequestOf = (connection) => {
  // No usable address: the client sends nothing either (and the key goes nowhere).
  const base = usableBaseUrl(connection.inferenceBaseUrl);
  if (!base) return undefined;
  const project = connection.inferenceProject.trim();
  const headers = new Headers({
    Accept: "application/json",
    ...(project ? { [INFERENCE_PROJECT_HEADER]: project } : {}),
  });
  for (const [name, value] of Object.entries(bearerAuth(connection.apiKey.trim()))) headers.set(name, value);
  return { url: buildUrl(base, "/models"), headers };
};

/**
 * Starts the data request of the page at the address (its entry in pages.ts) as soon as the
 * deployment config is in, before the app's code (React, the shell, the API clients) has arrived
 * and run: that code takes long enough to run that a request waiting for it would reach the first
 * row noticeably later. Only with a key: every page with a first request needs one.
 */
export function preloadFirstPageRequest(page: { firstRequest?: FirstRequestOf } | undefined): Promise<void> {
  const firstRequest = page?.firstRequest;
  if (!firstRequest) return Promise.resolve();
  // boot-sequence.ts runs the app only once this has settled, so the request is on its way (and
  // preloaded-responses.ts holds it) when main.tsx's prefetch asks.
  return loadRuntimeConfigOnce().then((read) => {
    // With the config's status: a key stored without addresses is not sent when it failed.
    const { connection } = readSettingsState(
      browserStorage(),
      resolveDefaultUrls(read.config, import.meta.env, window.location.origin),
      read.status,
    );
    if (!connection.apiKey.trim()) return;
    try {
      const request = firstRequest(connection);
      if (request) preloadResponse(request.url, request.headers);
    } catch {
      // An address or header value the browser refuses: the client reports it when it asks.
    }
  });
}
