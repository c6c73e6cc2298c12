import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import type { ApiClientOptions } from "@/api/clients";
import { SettingsProvider } from "@/settings/settings-context";
import type { SettingsStore } from "@/settings/settings-store";
import { ApiClientsProvider } from "@/settings/api-clients";
import { clearCacheOnConnectionChange } from "./query-identity";
import type { RuntimeConfig } from "@/settings/runtime-config";
import { RuntimeConfigProvider } from "@/settings/runtime-config-context";
import { ThemeProvider } from "@/settings/theme/theme-context";
import type { ThemeStore } from "@/settings/theme/theme-store";

export type AppServices = {
  runtimeConfig: RuntimeConfig;
  settingsStore: SettingsStore;
  themeStore: ThemeStore;
  queryClient: QueryClient;
  /** Tests pass the in-process local services' fetch here. */
  apiClientOptions?: ApiClientOptions;
};

/** Everything a page can rely on: deployment config, settings, API clients, query cache, theme. */
export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  const { runtimeConfig, settingsStore, themeStore, queryClient, apiClientOptions } = services;
  useEffect(() => clearCacheOnConnectionChange(settingsStore, queryClient), [settingsStore, queryClient]);
  return (
    <RuntimeConfigProvider config={runtimeConfig}>
      <ThemeProvider store={themeStore}>
        <SettingsProvider store={settingsStore}>
          <QueryClientProvider client={queryClient}>
            <ApiClientsProvider options={apiClientOptions}>{children}</ApiClientsProvider>
          </QueryClientProvider>
        </SettingsProvider>
      </ThemeProvider>
    </RuntimeConfigProvider>
  );
}
