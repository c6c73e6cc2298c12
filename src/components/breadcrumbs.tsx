import { Fragment, type ReactNode } from "react";
import { Link, type To } from "react-router-dom";

export type Crumb = { label: ReactNode; to: To; state?: unknown };

/** The trail of pages above this one, each a link, ending in a separator before the page's own heading. */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="flex flex-wrap items-center gap-1 text-xs text-fg-muted">
      {trail.map((crumb, index) => (
        <Fragment key={index}>
          <Link to={crumb.to} state={crumb.state} className="hover:text-fg hover:underline">
            {crumb.label}
          </Link>
          <span aria-hidden="true">/</span>
        </Fragment>
      ))}
    </nav>
  );
}
