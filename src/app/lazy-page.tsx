import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { useLocation } from "react-router-dom";
import type { AppRoute } from "./routes";

type LazyPage = LazyExoticComponent<ComponentType>;
type Entry = { page: LazyPage; failed: boolean; locationKey: string };

const pages = new Map<AppRoute, Entry>();

/**
 * The route's page as a lazy component, made once per route. React.lazy keeps a failed load for
 * good, so a failed one is made anew on the next navigation (the error page's Retry is one), and
 * only then: React re-renders once after an error, and loading again right away would retry
 * without end while the network is down.
 */
function lazyPageFor(route: AppRoute, locationKey: string): LazyPage {
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
  const Page = lazyPageFor(route, useLocation().key);
  // The component is cached per route, not made per render: it changes only to retry a failed load.
  // oxlint-disable-next-line react/static-components
  return <Page />;
}

/**
 * Starts loading a page's code before the user gets there (a pointer over or focus on its link),
 * so the click rarely waits. The module cache makes a second call free; a failure here is left to
 * the real navigation to report.
 */
export function preloadPage(route: AppRoute): void {
  route.load().catch(() => {});
}
