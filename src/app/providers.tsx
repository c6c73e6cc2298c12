import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, type ReactNode } from "react";
import type { ApiClientOptions } from "@/api/clients";
import { SettingsProvider } from "@/connection/settings-context";
import type { SettingsStore } from "@/connection/settings-store";
import { ApiClientsProvider } from "@/connection/api-clients";
import { clearCacheOnConnectionChange } from "./query-identity";
import { RuntimeConfigProvider, useRuntimeConfig } from "@/connection/runtime-config-context";
import type { RuntimeConfigStore } from "@/connection/runtime-config-store";
import { ThemeProvider } from "@/components/theme/theme-context";
import type { ThemeStore } from "@/components/theme/theme-store";

export type AppServices = {
  /** /config.json as read, and its Retry. */
  configStore: RuntimeConfigStore;
  settingsStore: SettingsStore;
  themeStore: ThemeStore;
  queryClient: QueryClient;
  /** Tests pass the in-process local services' fetch here. */
  apiClientOptions?: ApiClientOptions;
};

/** Everything a page can rely on: deployment config, settings, API clients, query cache, theme. */
export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  const { configStore, settingsStore, themeStore, queryClient, apiClientOptions } = services;
  useEffect(() => clearCacheOnConnectionChange(settingsStore, queryClient), [settingsStore, queryClient]);
  return (
    <RuntimeConfigProvider store={configStore}>
      <ThemeProvider store={themeStore}>
        <SettingsProvider store={settingsStore}>
          <QueryClientProvider client={queryClient}>
            <ClientsForConfig options={apiClientOptions}>{children}</ClientsForConfig>
          </QueryClientProvider>
        </SettingsProvider>
      </ThemeProvider>
    </RuntimeConfigProvider>
  );
}

/** The API clients, with the request timeout /config.json sets (it may arrive on a Retry). */
function ClientsForConfig({ options, children }: { options?: ApiClientOptions; children: ReactNode }) {
  const { requestTimeoutMs } = useRuntimeConfig();
  const merged = useMemo(
    () => (requestTimeoutMs ? { ...options, timeoutMs: requestTimeoutMs } : options),
    [options, requestTimeoutMs],
  );
  return <ApiClientsProvider options={merged}>{children}</ApiClientsProvider>;
}
