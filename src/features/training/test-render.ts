import { renderApp, urlsOf } from "../../app/test-support";
import { createApiClients } from "../../api/clients";
import { createLocalServer } from "../../test/local-server";
import { API_KEY_STORAGE_KEY, PREFERENCES_STORAGE_KEY } from "../../settings/settings-storage";

/**
 * The real app at `path` against the in-process local services, with the demo key saved, plus
 * API clients on the same services to create data as another program would. Test-only.
 */
export function renderTraining(path: string, server = createLocalServer()) {
  localStorage.setItem(API_KEY_STORAGE_KEY, server.settings.apiKey);
  localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ annotationProject: "", inferenceProject: "", keyStorage: "local" }));
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  return { server, clients, ...renderApp({ path, defaults: urlsOf(server.settings), fetch: server.fetch }) };
}

/** The requests that created jobs, to prove that nothing was sent. */
export function jobCreations(server: ReturnType<typeof createLocalServer>): Request[] {
  return server.requests.filter((r) => r.method === "POST" && /\/preview\/(sft-)?training-jobs$/.test(new URL(r.url).pathname));
}
