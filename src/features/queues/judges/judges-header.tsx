import type { ReactNode } from "react";
import type { AnnotationQueue } from "@contract/trace";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { UntrustedText } from "@/components/untrusted-text";
import { paths } from "@/lib/paths";
import { judgesHref, queueHref } from "../shared/links";

/** The judges' pages' header: where the page sits (queues › queue › judges), its title and actions. */
export function JudgesHeader({
  project,
  queueId,
  queue,
  title,
  titleId,
  intro,
  actions,
  inJudges = false,
}: {
  project: string;
  queueId: string;
  queue: AnnotationQueue | undefined;
  title: ReactNode;
  titleId: string;
  intro?: ReactNode;
  actions?: ReactNode;
  /** The page is one judge's: the trail goes on to the queue's judges. */
  inJudges?: boolean;
}) {
  const trail = [
    { label: "Annotation queues", to: paths.queues },
    {
      label: queue ? <UntrustedText text={queue.name} className="wrap-anywhere" /> : "Queue",
      to: queueHref(project, queueId),
    },
    ...(inJudges ? [{ label: "Judges", to: judgesHref(project, queueId) }] : []),
  ];
  return (
    <header className="space-y-2 border-b border-line pb-4">
      <Breadcrumbs trail={trail} />
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="max-w-full min-w-0">
          <h1 id={titleId} className="text-lg font-semibold tracking-tight wrap-anywhere text-fg">
            {title}
          </h1>
          {intro ? <div className="mt-1 max-w-3xl text-sm text-fg-muted">{intro}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}
