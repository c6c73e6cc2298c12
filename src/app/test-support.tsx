/**
 * Renders the real app (routes, layout, providers) in a memory router for component tests.
 * Web APIs and Testing Library only, so the app's typecheck accepts it; nothing in the app
 * imports it. Tests pass the in-process local services' fetch from src/test/local-server.ts.
 */
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RouterProvider, createMemoryRouter, type RouteObject } from "react-router-dom";
import { createQueryClient } from "../api/query-client";
import type { ServiceUrls } from "../features/settings/settings-storage";
import { createSettingsStore } from "../features/settings/settings-store";
import { AppProviders } from "./providers";
import { buildRoutes } from "./router";
import type { RuntimeConfig } from "./runtime-config";
import { createThemeStore } from "./theme/theme-store";

export function renderApp(options: {
  path?: string;
  defaults: ServiceUrls;
  fetch?: typeof fetch;
  runtimeConfig?: RuntimeConfig;
  /** Replaces the app's route tree, e.g. to mount a page that crashes on purpose. */
  routes?: RouteObject[];
}) {
  const settingsStore = createSettingsStore({ defaults: options.defaults });
  const themeStore = createThemeStore({ prefersDark: () => false });
  const queryClient = createQueryClient();
  const router = createMemoryRouter(options.routes ?? buildRoutes(), { initialEntries: [options.path ?? "/"] });
  const services = {
    runtimeConfig: options.runtimeConfig ?? { localServices: true },
    settingsStore,
    themeStore,
    queryClient,
    apiClientOptions: options.fetch ? { fetch: options.fetch } : undefined,
  };
  const user = userEvent.setup();
  const view = render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, user, router, settingsStore, themeStore, queryClient };
}

/** The service addresses of a ConnectionSettings-like object, as settings defaults. */
export function urlsOf(settings: ServiceUrls): ServiceUrls {
  return { traceBaseUrl: settings.traceBaseUrl, trainingBaseUrl: settings.trainingBaseUrl, inferenceBaseUrl: settings.inferenceBaseUrl };
}
