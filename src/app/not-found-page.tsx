import { Link, useLocation } from "react-router-dom";
import { buttonClasses } from "@/components/button";
import { PageHeader } from "@/components/page-header";

export function NotFoundPage() {
  const location = useLocation();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Page not found"
        description="There is no page at this address. It may have moved, or the link may be mistyped."
      />
      <p className="text-sm text-fg-muted">
        Address: <code className="rounded bg-subtle px-1.5 py-0.5 font-mono text-xs text-fg">{location.pathname}</code>
      </p>
      <Link to="/" className={buttonClasses("primary")}>
        Go to the overview
      </Link>
    </div>
  );
}
