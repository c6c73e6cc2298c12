import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from "react-router-dom";
import { Button } from "../components/button";
import { ErrorPanel } from "../components/error-panel";
import { PageHeader } from "../components/page-header";
import { NotFoundPage } from "./not-found-page";

function toError(error: unknown): Error {
  if (isRouteErrorResponse(error)) return new Error(`${error.status} ${error.statusText}`.trim());
  return error instanceof Error ? error : new Error("Unknown error");
}

/**
 * A page that crashed or whose code failed to load, shown inside the layout so navigation still
 * works. "Retry" renders the page anew (React Router resets the boundary on a new location).
 */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <div className="space-y-6">
      <PageHeader title="This page failed to load" description="Something went wrong while showing this page. The rest of the dashboard still works." />
      <ErrorPanel
        error={toError(error)}
        title="Page error"
        onRetry={() => navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true })}
      />
      <p className="text-sm text-fg-muted">
        If it keeps failing, the dashboard may have been updated since this tab opened:{" "}
        <Button size="sm" variant="ghost" className="text-link underline" onClick={() => window.location.reload()}>
          reload the page
        </Button>
      </p>
    </div>
  );
}

/** The layout itself failed: nothing else can render, so offer a reload. */
export function RootError() {
  const error = toError(useRouteError());
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col justify-center gap-4 p-8">
      <h1 className="text-lg font-semibold">The dashboard failed to start</h1>
      <p className="text-sm text-fg-muted">
        Details: <span className="font-mono text-xs text-fg">{error.message}</span>
      </p>
      <div>
        <Button variant="primary" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </div>
    </main>
  );
}
