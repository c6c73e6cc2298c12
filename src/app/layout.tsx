import { lazy, Suspense, useEffect, useRef, type RefObject } from "react";
import { Link, Outlet, useLocation } from "react-router-dom";
import { Button } from "@/components/button";
import { LogoMark, MenuIcon } from "@/components/icons";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { usePopover } from "@/components/use-popover";
import { cn } from "@/lib/cn";
import { ConfigNotice } from "./config-notice";
import { KeyStatus } from "./key-status";
import { LocalServicesBanner } from "./local-services-banner";
import { OfflineBanner } from "./offline-banner";
import { APP_NAME } from "./routes";
import { SideNav } from "./side-nav";
import { SkipLink } from "./skip-link";
import { ThemeSwitch } from "@/components/theme/theme-switch";
import { scrollPageToTop } from "@/lib/scroll-page-to-top";

// Feature code, so loaded lazily: it never weighs on the shell's first bundle.
const TrainingHealthIndicator = lazy(() =>
  import("@/features/training/health/training-health-indicator").then((m) => ({ default: m.TrainingHealthIndicator })),
);

/**
 * After a client-side navigation, focus the new page so screen readers start reading it, unless
 * the page has already put focus somewhere inside itself (the table focuses the row a review came
 * back from; its effect runs before this one). A component of its own, so that only it, not the
 * whole layout, renders again when the address changes (every item of the review changes it).
 */
function FocusMainOnNavigate({ main }: { main: RefObject<HTMLElement | null> }) {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const focused = document.activeElement;
    if (focused && focused !== main.current && main.current?.contains(focused)) return;
    main.current?.focus({ preventScroll: true });
    scrollPageToTop();
  }, [pathname, main]);
  return null;
}

/**
 * The navigation and the service status: a sidebar from 768 px up; below, a top bar whose Menu
 * button discloses them, so a phone gets its whole width for the page. Escape closes the menu and
 * returns the focus to its button, as following one of its links does (a new page then takes the
 * focus itself); a click outside closes it.
 */
export function AppLayout() {
  const main = useRef<HTMLElement>(null);
  const { open, close, toggle, panelId, rootRef, buttonRef } = usePopover();
  // The link's own page may be the current one: the focus must not stay on a link that folds away.
  const closeAfterLink = () => {
    close();
    buttonRef.current?.focus();
  };

  return (
    <div className="flex min-h-screen flex-col bg-canvas text-fg md:flex-row">
      <SkipLink />
      <header className="z-30 border-b border-line bg-surface md:sticky md:top-0 md:h-screen md:w-56 md:shrink-0 md:border-r md:border-b-0">
        <div ref={rootRef} className="flex max-h-screen flex-col gap-3 px-3 py-2 md:h-full md:gap-4 md:py-4">
          <div className="flex items-center justify-between gap-2">
            <Link to="/" className="flex items-center gap-2 rounded-md px-2 py-1 text-sm font-semibold tracking-tight">
              <span className="flex h-6 w-6 items-center justify-center rounded-md bg-accent text-accent-fg">
                <LogoMark size={14} />
              </span>
              {APP_NAME}
            </Link>
            <Button
              ref={buttonRef}
              variant="ghost"
              className="md:hidden"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={toggle}
              icon={<MenuIcon size={16} />}
            >
              Menu
            </Button>
          </div>
          <div
            id={panelId}
            className={cn(
              "min-h-0 flex-1 flex-col gap-4 overflow-y-auto md:flex md:overflow-visible",
              open ? "flex pb-2" : "hidden",
            )}
          >
            <SideNav onNavigate={closeAfterLink} />
            <div className="space-y-3 border-t border-line pt-3">
              <PanelErrorBoundary label="Training service status">
                <Suspense fallback={<TrainingHealthPending />}>
                  <TrainingHealthIndicator />
                </Suspense>
              </PanelErrorBoundary>
              <KeyStatus />
              <ThemeSwitch className="px-2" />
            </div>
          </div>
        </div>
      </header>
      <div className="flex min-w-0 flex-1 flex-col">
        <ConfigNotice />
        <LocalServicesBanner />
        <OfflineBanner />
        <main id="main" ref={main} tabIndex={-1} className="w-full flex-1 px-4 py-4 outline-none md:px-8 md:py-6">
          <Outlet />
        </main>
      </div>
      {/* Last: its effect must run after the page's own (which may have put the focus inside itself). */}
      <FocusMainOnNavigate main={main} />
    </div>
  );
}

/**
 * The training status's "checking" line while its code loads: at the indicator's height, so the
 * sidebar's links do not jump 40 px when it arrives on every full load. Same classes and words as
 * the indicator's own checking state (training-health-indicator.tsx, health-state.ts); the e2e
 * test in first-load.spec.ts fails if the two differ in height.
 */
function TrainingHealthPending() {
  return (
    <div className="flex items-center gap-2 px-2 py-1.5 text-xs text-fg-muted">
      <span className="h-2 w-2 shrink-0 rounded-full bg-zinc-400 dark:bg-zinc-500" aria-hidden="true" />
      <span className="truncate">Checking training service…</span>
    </div>
  );
}
