import { Suspense, type ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { LoadingBar } from "@/components/loading-bar";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { useDocumentTitle } from "./document-title";
import { RouteError } from "./route-error";

/**
 * What every page is wrapped in: the tab title, an error boundary that keeps a crash (or code that
 * failed to load) inside the layout, and a quiet loading bar while the page's code arrives.
 * The boundary clears on every navigation, Retry's included. Pages keep a readable width, centred
 * on a wide screen, unless `wide` (tables with many columns use the whole window).
 */
export function RoutePage({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  useDocumentTitle(title);
  const { key } = useLocation();
  return (
    <div className={wide ? undefined : "mx-auto max-w-6xl"}>
      <PanelErrorBoundary label={title} resetKeys={[key]} Fallback={RouteError}>
        <Suspense fallback={<LoadingBar active label="Loading page" />}>{children}</Suspense>
      </PanelErrorBoundary>
    </div>
  );
}
