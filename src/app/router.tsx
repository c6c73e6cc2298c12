import { Navigate, Route, Routes, useLocation } from "react-router-dom";
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

/**
 * Addresses with no page of their own, one step below a page that lists what they would: a job's
 * address shortened to its collection ("/training/jobs") meant the jobs list, not "not found".
 */
const SHORTENED_ADDRESSES = ["/training/jobs", "/queues/:queueId/items"] as const;

/** Goes one path segment up, keeping the query (a filter in it still applies there). */
function ToParentPage() {
  const { pathname, search } = useLocation();
  return <Navigate replace to={{ pathname: pathname.replace(/\/[^/]+\/?$/, "") || "/", search }} />;
}

// The overview's cards: every page with a summary and a place in the navigation.
const AREAS: readonly AppArea[] = APP_ROUTES.flatMap((route) =>
  route.summary && route.nav
    ? [{ path: route.path, label: route.nav.label, icon: route.nav.icon, summary: route.summary }]
    : [],
);

/** The route tree: the layout around every page of routes.tsx, and "not found" for the rest. */
export function AppRoutes() {
  return (
    <AppAreasProvider areas={AREAS}>
      <Routes>
        <Route element={<AppLayout />}>
          {APP_ROUTES.filter((r) => !r.requiresKey).map(pageRoute)}
          {/* Pages that need a key sit under a guard that sends the user to Settings and back. */}
          <Route element={<KeyRequiredOutlet />}>{APP_ROUTES.filter((r) => r.requiresKey).map(pageRoute)}</Route>
          {SHORTENED_ADDRESSES.map((path) => (
            <Route key={path} path={path} element={<ToParentPage />} />
          ))}
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
