/**
 * Renders the real app (routes, layout, providers) in a memory router for component tests.
 * Web APIs and Testing Library only, so the app's typecheck accepts it; nothing in the app
 * imports it. Tests pass the in-process local services' fetch from src/test/local-server.ts.
 */
import { render } from "@testing-library/react";
import type { QueryClient } from "@tanstack/react-query";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter, Routes, useLocation, useNavigate, type Location, type NavigateFunction } from "react-router-dom";
import { URL_FIELDS } from "@/api/connection";
import { createTestQueryClient } from "@/test/query-client";
import type { ServiceUrls } from "@/connection/settings-storage";
import { createSettingsStore } from "@/connection/settings-store";
import { AppProviders } from "./providers";
import { AppRoutes } from "./router";
import type { ConfigRead, RuntimeConfig } from "@/connection/runtime-config";
import { createRuntimeConfigStore } from "@/connection/runtime-config-store";
import { createThemeStore } from "@/components/theme/theme-store";

export function renderApp(options: {
  path?: string;
  /** Earlier entries of the history, before `path` (Back goes to the last of them). */
  history?: string[];
  defaults: ServiceUrls;
  fetch?: typeof fetch;
  runtimeConfig?: RuntimeConfig;
  /** How reading /config.json went (default: read, with `runtimeConfig`), and what a Retry reads. */
  configRead?: ConfigRead;
  reloadConfig?: () => Promise<ConfigRead>;
  /** Replaces the app's route tree (<Route> elements), e.g. to mount a page that crashes on purpose. */
  routes?: ReactNode;
  /** A client set up beforehand, e.g. without retries. */
  queryClient?: QueryClient;
}) {
  const configRead = options.configRead ?? { status: "read", config: options.runtimeConfig ?? { localServices: true } };
  const settingsStore = createSettingsStore({ defaults: options.defaults, configStatus: configRead.status });
  const configStore = createRuntimeConfigStore(configRead, {
    reload: options.reloadConfig,
    onRead: (read) => settingsStore.applyConfig(options.defaults, read.status),
  });
  const themeStore = createThemeStore({ prefersDark: () => false });
  const queryClient = options.queryClient ?? createTestQueryClient();
  const router = new TestRouter();
  const services = {
    configStore,
    settingsStore,
    themeStore,
    queryClient,
    apiClientOptions: options.fetch ? { fetch: options.fetch } : undefined,
  };
  const user = userEvent.setup();
  const view = render(
    <AppProviders services={services}>
      <MemoryRouter
        initialEntries={[...(options.history ?? []), options.path ?? "/"]}
        initialIndex={options.history?.length ?? 0}
      >
        <RouterProbe into={router} />
        {options.routes ? <Routes>{options.routes}</Routes> : <AppRoutes />}
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, user, router, settingsStore, themeStore, queryClient, configStore };
}

/** What a test can see of and do with the memory router: the current location, and navigate. */
class TestRouter {
  private current: { location: Location; navigate: NavigateFunction } | null = null;

  record(location: Location, navigate: NavigateFunction): void {
    this.current = { location, navigate };
  }

  get location(): Location {
    if (!this.current) throw new Error("The app has not rendered yet.");
    return this.current.location;
  }

  navigate(to: string | number): void {
    if (!this.current) throw new Error("The app has not rendered yet.");
    // Two calls because NavigateFunction has one overload for a history step, one for an address.
    if (typeof to === "number") void this.current.navigate(to);
    else void this.current.navigate(to);
  }
}

/** Rendered inside the router: hands the location and navigate function to the test on every render. */
function RouterProbe({ into }: { into: TestRouter }) {
  into.record(useLocation(), useNavigate());
  return null;
}

/** The service addresses of a ConnectionSettings-like object, as settings defaults. */
export function urlsOf(settings: ServiceUrls): ServiceUrls {
  return Object.fromEntries(URL_FIELDS.map((field) => [field, settings[field]])) as ServiceUrls;
}
