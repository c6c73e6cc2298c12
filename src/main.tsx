import "@/index.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { followBrowserOnline } from "@/api/browser-online";
import { createQueryClient } from "@/api/query-client";
import { createApiClients } from "@/api/clients";
import { preloadAllPagesWhenIdle, prefetchPageDataAt, preloadPageAt } from "@/app/lazy-page";
import { AppProviders } from "@/app/providers";
import { RootError } from "@/app/route-error";
import { AppRoutes } from "@/app/router";
import { loadRuntimeConfigOnce, readRuntimeConfig } from "@/connection/runtime-config";
import { createRuntimeConfigStore } from "@/connection/runtime-config-store";
import { createThemeStore } from "@/components/theme/theme-store";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { resolveDefaultUrls } from "@/connection/settings-defaults";
import { createSettingsStore } from "@/connection/settings-store";

// The stored theme on <html>, kept there and followed (boot.ts put it there first: no inline
// script can, the CSP forbids them).
const themeStore = createThemeStore();

/** How long the first render waits for the first page's data (see below). */
const FIRST_DATA_WAIT_MS = 150;

// The first page's code loads beside the config, so the first render shows the page, not a loading bar.
// (boot.ts asked for it already, before this module's imports had arrived: this joins that download.)
const firstPageCode = preloadPageAt(window.location.pathname);
const configRead = await loadRuntimeConfigOnce();
const defaultsFrom = (read: typeof configRead) =>
  resolveDefaultUrls(read.config, import.meta.env, window.location.origin);
const settingsStore = createSettingsStore({ defaults: defaultsFrom(configRead), configStatus: configRead.status });
// A config that could not be read is said so, with a Retry that reads it again and applies it here.
const configStore = createRuntimeConfigStore(configRead, {
  reload: () => readRuntimeConfig(),
  onRead: (read) => settingsStore.applyConfig(defaultsFrom(read), read.status),
});
// Before the first read: a page loaded offline (Back, from the browser's cache) waits for the connection, says so.
followBrowserOnline();
const queryClient = createQueryClient();
// For the first page's prefetch; the app's own clients take the timeout from the config store (providers.tsx), a Retry's too.
const apiClientOptions = configRead.config.requestTimeoutMs
  ? { timeoutMs: configRead.config.requestTimeoutMs }
  : undefined;
// And its first data into the cache, before the page renders (the catalog's first row). boot.ts,
// which imported this module, sent the request already (a page's `firstRequest` in app/pages.ts)
// and the client takes its answer; a page whose request boot.ts does not know starts it here.
const { connection } = settingsStore.getSnapshot();
const firstPageData = prefetchPageDataAt(window.location.pathname, {
  clients: createApiClients(connection, apiClientOptions),
  queryClient,
  params: new URLSearchParams(window.location.search),
  annotationProject: connection.annotationProject,
  hasKey: connection.apiKey.trim() !== "",
});
await firstPageCode;
// Draw the page once, with its data, rather than a loading state a moment before the data: wait
// for the first page's data, but never longer than FIRST_DATA_WAIT_MS (a slow service shows the
// page and its loading state as before).
if (firstPageData)
  await Promise.race([firstPageData, new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS))]);

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element.");

createRoot(root).render(
  <StrictMode>
    <AppProviders
      services={{
        configStore,
        settingsStore,
        themeStore,
        queryClient,
      }}
    >
      <BrowserRouter>
        <PanelErrorBoundary label="The dashboard" Fallback={RootError}>
          <AppRoutes />
        </PanelErrorBoundary>
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);

// Once the first page has its data: before, the other pages' code would compete with it for the CPU.
preloadAllPagesWhenIdle(() => queryClient.isFetching() > 0);
