import { lazy, Suspense, useEffect, useRef, type RefObject } from "react";
import { Link, Outlet, useLocation } from "react-router-dom";
import { LogoMark } from "@/components/icons";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { KeyStatus } from "./key-status";
import { LocalServicesBanner } from "./local-services-banner";
import { OfflineBanner } from "./offline-banner";
import { APP_NAME } from "./routes";
import { SideNav } from "./side-nav";
import { SkipLink } from "./skip-link";
import { ThemeSwitch } from "@/settings/theme/theme-switch";

// Feature code, so loaded lazily: it never weighs on the shell's first bundle.
const TrainingHealthIndicator = lazy(() =>
  import("@/features/training/health/training-health-indicator").then((m) => ({ default: m.TrainingHealthIndicator })),
);

/**
 * After a client-side navigation, focus the new page so screen readers start reading it, unless
 * the page has already put focus somewhere inside itself (the table focuses the row a review came
 * back from; its effect runs before this one).
 */
function useFocusMainOnNavigate(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const focused = document.activeElement;
    if (focused && focused !== main.current && main.current?.contains(focused)) return;
    main.current?.focus({ preventScroll: true });
    // The page scrolls, not an inner box; Element#scrollTo is absent in jsdom, hence the `?.`.
    document.scrollingElement?.scrollTo?.(0, 0);
  }, [pathname, main]);
}

export function AppLayout() {
  const main = useRef<HTMLElement>(null);
  useFocusMainOnNavigate(main);

  return (
    <div className="flex min-h-screen bg-canvas text-fg">
      <SkipLink />
      <header className="sticky top-0 flex h-screen w-56 shrink-0 flex-col gap-4 border-r border-line bg-surface px-3 py-4">
        <Link to="/" className="flex items-center gap-2 rounded-md px-2 py-1 text-sm font-semibold tracking-tight">
          <span className="flex h-6 w-6 items-center justify-center rounded-md bg-accent text-accent-fg">
            <LogoMark size={14} />
          </span>
          {APP_NAME}
        </Link>
        <SideNav />
        <div className="space-y-3 border-t border-line pt-3">
          <PanelErrorBoundary label="Training service status">
            <Suspense fallback={null}>
              <TrainingHealthIndicator />
            </Suspense>
          </PanelErrorBoundary>
          <KeyStatus />
          <ThemeSwitch className="px-2" />
        </div>
      </header>
      <div className="flex min-w-0 flex-1 flex-col">
        <LocalServicesBanner />
        <OfflineBanner />
        <main id="main" ref={main} tabIndex={-1} className="w-full flex-1 px-8 py-6 outline-none">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
