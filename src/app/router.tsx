import { Route, Routes } from "react-router-dom";
import { AppLayout } from "./layout";
import { LazyRoutePage } from "./lazy-page";
import { NotFoundPage } from "./not-found-page";
import { KeyRequiredOutlet } from "./require-key";
import { RoutePage } from "./route-page";
import { APP_ROUTES, type AppRoute } from "./routes";
import { AppAreasProvider, type AppArea } from "@/components/app-areas";

// Declarative routes, not a data router: the dashboard uses no loaders or actions (React Query
// fetches), and the data router's machinery weighed on the first page load (the bundle budget test measures it).

function pageRoute(route: AppRoute) {
  return (
    <Route
      key={route.path}
      path={route.path}
      // Keyed by path so a different page gets a fresh Suspense boundary, which shows the loading bar
      // while its code loads (a boundary already on screen would keep showing the old page instead).
      element={
        <RoutePage key={route.path} title={route.title} wide={route.wide}>
          <LazyRoutePage route={route} />
        </RoutePage>
      }
    />
  );
}

// The overview's cards: every page with a summary and a place in the navigation.
const AREAS: readonly AppArea[] = APP_ROUTES.flatMap((route) => (route.summary && route.nav ? [{ path: route.path, label: route.nav.label, icon: route.nav.icon, summary: route.summary }] : []));

/** The route tree: the layout around every page of routes.tsx, and "not found" for the rest. */
export function AppRoutes() {
  return (
    <AppAreasProvider areas={AREAS}>
      <Routes>
        <Route element={<AppLayout />}>
          {APP_ROUTES.filter((r) => !r.requiresKey).map(pageRoute)}
          {/* Pages that need a key sit under a guard that sends the user to Settings and back. */}
          <Route element={<KeyRequiredOutlet />}>{APP_ROUTES.filter((r) => r.requiresKey).map(pageRoute)}</Route>
          <Route
            path="*"
            element={
              <RoutePage key="*" title="Page not found">
                <NotFoundPage />
              </RoutePage>
            }
          />
        </Route>
      </Routes>
    </AppAreasProvider>
  );
}
