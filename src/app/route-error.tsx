import { useLocation, useNavigate } from "react-router-dom";
import { Button } from "@/components/button";
import { ErrorPanel } from "@/components/error-panel";
import { PageHeader } from "@/components/page-header";

/**
 * A page that crashed or whose code failed to load, shown inside the layout so navigation still
 * works. "Retry" navigates to the same address, which clears the page's boundary (see RoutePage)
 * and, for code that failed to load, loads it again.
 */
export function RouteError({ error }: { error: Error }) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="space-y-6">
      <PageHeader
        title="This page failed to load"
        description="Something went wrong while showing this page. The rest of the dashboard still works."
      />
      <ErrorPanel
        error={error}
        title="Page error"
        onRetry={() =>
          navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: location.state })
        }
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
export function RootError({ error }: { error: Error }) {
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
