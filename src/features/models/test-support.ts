import type { QueryClient } from "@tanstack/react-query";
import type { ConnectionSettings } from "@/api/connection";
import { renderApp, urlsOf } from "@/app/test-support";
import { createLocalServer } from "@/test/local-server";
import { API_KEY_STORAGE_KEY, PREFERENCES_STORAGE_KEY } from "@/connection/settings-storage";

/**
 * The real app at `path` against the in-process local services, with a key saved as a user
 * would have (remembered), and optionally an inference project. Test-only.
 */
export function renderWithServices(
  path: string,
  options: { key?: string; settings?: Partial<ConnectionSettings>; queryClient?: QueryClient } = {},
) {
  const server = createLocalServer(options.settings);
  localStorage.setItem(API_KEY_STORAGE_KEY, options.key ?? server.settings.apiKey);
  localStorage.setItem(
    PREFERENCES_STORAGE_KEY,
    JSON.stringify({ annotationProject: "", inferenceProject: server.settings.inferenceProject, keyStorage: "local" }),
  );
  return {
    server,
    ...renderApp({ path, defaults: urlsOf(server.settings), fetch: server.fetch, queryClient: options.queryClient }),
  };
}
