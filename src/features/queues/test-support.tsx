/**
 * Providers for this feature's hook tests: settings (key, addresses, annotation project), the query
 * cache and the API clients over a given fetch (the in-process local services), and a router.
 * Web code only, like src/app/test-support.tsx; the test files bring the server.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import type { ConnectionSettings } from "@/api/connection";
import { shouldRetryQuery } from "@/api/query-client";
import { ApiClientsProvider } from "@/connection/api-clients";
import { urlsOf } from "@/app/test-support";
import { SettingsProvider } from "@/connection/settings-context";
import { createSettingsStore } from "@/connection/settings-store";
import { API_KEY_STORAGE_KEY, PREFERENCES_STORAGE_KEY } from "@/connection/settings-storage";

function memoryStorage(entries: Record<string, string>) {
  const values = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

export function createQueueTestContext(
  settings: ConnectionSettings,
  fetch: typeof globalThis.fetch,
  options: { path?: string } = {},
) {
  const settingsStore = createSettingsStore({
    defaults: urlsOf(settings),
    storage: {
      local: memoryStorage({
        [API_KEY_STORAGE_KEY]: settings.apiKey,
        [PREFERENCES_STORAGE_KEY]: JSON.stringify({
          annotationProject: settings.annotationProject,
          inferenceProject: "",
          keyStorage: "local",
        }),
      }),
      session: memoryStorage({}),
    },
  });
  // No retries with backoff in tests: a failure should show at once.
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: (n, e) => n < 1 && shouldRetryQuery(n, e), staleTime: 15_000 },
      mutations: { retry: false },
    },
  });
  const clientOptions = { fetch };
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={[options.path ?? "/"]}>
        <SettingsProvider store={settingsStore}>
          <QueryClientProvider client={queryClient}>
            <ApiClientsProvider options={clientOptions}>{children}</ApiClientsProvider>
          </QueryClientProvider>
        </SettingsProvider>
      </MemoryRouter>
    );
  }
  return { Wrapper, queryClient, settingsStore };
}
