import { createBrowserRouter, type RouteObject } from "react-router-dom";
import { AppLayout } from "./layout";
import { NotFoundPage } from "./not-found-page";
import { KeyRequiredOutlet } from "./require-key";
import { RootError, RouteError } from "./route-error";
import { APP_ROUTES, type AppRoute, type RouteHandle } from "./routes";
import { StartupFallback } from "./startup-fallback";

function toRouteObject(route: AppRoute): RouteObject {
  return {
    path: route.path,
    handle: { title: route.title } satisfies RouteHandle,
    // Each page gets its own boundary: a crash shows inside the layout, navigation keeps working.
    ErrorBoundary: RouteError,
    lazy: async () => ({ Component: await route.load() }),
  };
}

/** The route tree: the layout around every page of routes.tsx, and "not found" for the rest. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      Component: AppLayout,
      ErrorBoundary: RootError,
      HydrateFallback: StartupFallback,
      children: [
        ...APP_ROUTES.filter((r) => !r.requiresKey).map(toRouteObject),
        // Pages that need a key sit under a guard that sends the user to Settings and back.
        { Component: KeyRequiredOutlet, ErrorBoundary: RouteError, children: APP_ROUTES.filter((r) => r.requiresKey).map(toRouteObject) },
        { path: "*", Component: NotFoundPage, ErrorBoundary: RouteError, handle: { title: "Page not found" } satisfies RouteHandle },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
