import type { ReactNode } from "react";

/** The title row of a page: one h1, a short description, and the page's main actions. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-4 border-b border-line pb-4">
      <div className="min-w-0">
        <h1 className="text-lg font-semibold tracking-tight text-fg">{title}</h1>
        {description ? <div className="mt-1 max-w-3xl text-sm text-fg-muted">{description}</div> : null}
      </div>
      {/* Wraps: a page with several actions (the playground has three) must not push a phone sideways. */}
      {actions ? <div className="flex max-w-full flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}
