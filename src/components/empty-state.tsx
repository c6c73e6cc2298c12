import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** What a list shows when it has nothing: why, and what to do next. */
export function EmptyState({
  title,
  description,
  icon,
  action,
  className,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "flex flex-col items-center gap-2 rounded-lg border border-dashed border-line-strong px-6 py-10 text-center",
        className,
      )}
    >
      {icon ? <div className="text-fg-muted">{icon}</div> : null}
      <p className="text-sm font-medium text-fg">{title}</p>
      {description ? <div className="max-w-md text-sm text-fg-muted">{description}</div> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
