import type { ReactNode } from "react";

/** A titled group of settings, as a card. */
export function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-lg border border-line bg-surface">
      <div className="border-b border-line px-5 py-3">
        <h2 id={id} className="text-sm font-semibold text-fg">
          {title}
        </h2>
        {description ? <p className="mt-0.5 text-xs text-fg-muted">{description}</p> : null}
      </div>
      <div className="space-y-4 px-5 py-4">{children}</div>
    </section>
  );
}
