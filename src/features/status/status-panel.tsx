import type { ReactNode } from "react";
import { Button } from "@/components/button";
import { RefreshIcon } from "@/components/icons";
import { LoadingBar } from "@/components/loading-bar";
import { RelativeTime } from "@/components/relative-time";

/** The frame of one service's panel: title, address, when it was checked, a refresh button. */
export function StatusPanel({
  title,
  address,
  checkedAt,
  fetching,
  onRefresh,
  children,
}: {
  title: string;
  address: string;
  checkedAt: number;
  fetching: boolean;
  onRefresh: () => void;
  children: ReactNode;
}) {
  const id = `panel-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section
      aria-labelledby={id}
      aria-busy={fetching}
      className="overflow-hidden rounded-lg border border-line bg-surface"
    >
      <div className="flex items-center gap-3 border-b border-line px-5 py-3">
        <div className="min-w-0 flex-1">
          <h2 id={id} className="text-sm font-semibold text-fg">
            {title}
          </h2>
          <p className="truncate font-mono text-xs text-fg-muted">{address}</p>
        </div>
        {checkedAt > 0 ? (
          <span className="text-xs text-fg-muted">
            Checked <RelativeTime value={checkedAt} />
          </span>
        ) : null}
        <Button
          size="sm"
          onClick={onRefresh}
          disabled={fetching}
          icon={<RefreshIcon size={13} />}
          aria-label={`Refresh ${title}`}
        >
          Refresh
        </Button>
      </div>
      <LoadingBar active={fetching} label={`Checking ${title}`} />
      <div className="px-5 py-4">{children}</div>
    </section>
  );
}
