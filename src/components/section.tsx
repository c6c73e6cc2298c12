import { useId, type ReactNode, type Ref } from "react";
import { cn } from "@/lib/cn";

/**
 * A part of a page under its own h2, so screen-reader users can jump between parts. Beside the
 * title: an optional short note (a count, a hint) and actions pushed to the right edge.
 */
export function Section({
  title,
  note,
  actions,
  hideTitle = false,
  className,
  children,
  ref,
}: {
  title: ReactNode;
  note?: ReactNode;
  actions?: ReactNode;
  /** The heading is read out but not shown (the page's own header already says it). */
  hideTitle?: boolean;
  className?: string;
  children: ReactNode;
  ref?: Ref<HTMLElement>;
}) {
  const headingId = useId();
  return (
    <section ref={ref} aria-labelledby={headingId} className={cn("space-y-3", className)}>
      <div className={cn("flex flex-wrap items-center gap-3", hideTitle && !note && !actions && "contents")}>
        <h2 id={headingId} className={hideTitle ? "sr-only" : "text-sm font-semibold text-fg"}>
          {title}
        </h2>
        {note ? <span className="text-xs text-fg-muted tabular-nums">{note}</span> : null}
        {actions ? <div className="ml-auto flex flex-wrap items-center gap-3">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
