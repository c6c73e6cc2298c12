import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { matchPath, matchRoutes, useLocation } from "react-router-dom";
import { APP_ROUTES, type AppRoute, type PrefetchContext } from "./routes";
import { trackPreload } from "./page-preloads";
import { whenIdle } from "@/lib/when-idle";

type Entry = { page: ComponentType | LazyExoticComponent<ComponentType>; failed: boolean; locationKey: string };

const pages = new Map<AppRoute, Entry>();

/**
 * The route's page component, made once per route and then kept, so a page never remounts because
 * its code arrived. Code preloaded before the first visit gives the component itself: the page
 * renders at once. Otherwise a lazy component loads it; React keeps a lazy's failure for good, so a
 * failed one is made anew on the next navigation (the error page's Retry is one), and only then:
 * React re-renders once after an error, and loading again right away would retry without end
 * while the network is down.
 */
function pageFor(route: AppRoute, locationKey: string): Entry["page"] {
  const cached = pages.get(route);
  if (cached && !(cached.failed && cached.locationKey !== locationKey)) return cached.page;
  const entry: Entry = {
    locationKey,
    failed: false,
    page: lazy(() =>
      route.load().then(
        (Component) => ({ default: Component }),
        (error: unknown) => {
          entry.failed = true;
          throw error;
        },
      ),
    ),
  };
  pages.set(route, entry);
  return entry.page;
}

/** Renders the route's page, loading its code on first use. */
export function LazyRoutePage({ route }: { route: AppRoute }) {
  const Page = pageFor(route, useLocation().key);
  // The component is cached per route, not made per render: it changes only to retry a failed load.
  // oxlint-disable-next-line react/static-components
  return <Page />;
}

/**
 * Loads a page's code before the user gets there. Worth it because a page that has to wait shows
 * its loading bar for at least 300 ms (React holds a shown fallback that long to avoid flicker),
 * while preloaded code renders at once. A failure here is left to the real visit to report.
 */
export async function preloadPage(route: AppRoute): Promise<void> {
  // Loaded, loading or failed on a visit already: hovering a link again costs nothing.
  if (pages.has(route)) return;
  try {
    const Component = await trackPreload(route.load());
    if (!pages.has(route)) pages.set(route, { page: Component, failed: false, locationKey: "" });
  } catch {
    // The visit loads it again and says what went wrong.
  }
}

/** Preloads the page at `pathname` (the first page, before the app renders). */
export function preloadPageAt(pathname: string, routes: readonly AppRoute[] = APP_ROUTES): Promise<void> {
  const route = routes.find((r) => matchPath({ path: r.path, end: true }, pathname));
  return route ? preloadPage(route) : Promise.resolve();
}

/**
 * Starts the first page's data request (its route's `prefetch`), when the page would be shown:
 * a page that needs a key is not, without one (the guard sends the user to Settings). Gives the
 * request's promise (it settles, never rejects: a failure is the page's to show), or undefined.
 */
export function prefetchPageDataAt(
  pathname: string,
  context: Omit<PrefetchContext, "path"> & { hasKey: boolean },
  routes: readonly AppRoute[] = APP_ROUTES,
): Promise<unknown> | undefined {
  const route = routes.find((r) => matchPath({ path: r.path, end: true }, pathname));
  if (!route?.prefetch || (route.requiresKey && !context.hasKey)) return undefined;
  // The page's own parameters, as it reads them (useParams): the router decodes them the same way.
  const path = matchRoutes([{ path: route.path }], pathname)?.[0]?.params ?? {};
  return route.prefetch({ ...context, path });
}

/** Past this, every page is preloaded even if the first page's requests never settle (a page that polls). */
const FIRST_PAGE_WAIT_MS = 5000;

/**
 * Preloads every page once the browser has nothing else to do, so moving around the dashboard
 * never waits for code (cached by the browser across visits). Not while `busy()` says the first
 * page still waits for its data: the browser is idle between a page's requests, and some twenty
 * files fetched and compiled there, on two cores, delayed the page's next request and its first
 * rows (the Calls and review pages' cold loads, bench/cold-loads).
 */
export function preloadAllPagesWhenIdle(
  busy: () => boolean = () => false,
  routes: readonly AppRoute[] = APP_ROUTES,
): void {
  const start = performance.now();
  const attempt = () =>
    whenIdle(
      () => {
        if (busy() && performance.now() - start < FIRST_PAGE_WAIT_MS) attempt();
        else for (const route of routes) void preloadPage(route);
      },
      { timeoutMs: 5000, fallbackMs: 2000 },
    );
  attempt();
}
