import type { ReactNode } from "react";
import type { AnnotationQueue } from "@contract/trace";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { UntrustedText } from "@/components/untrusted-text";
import { paths } from "@/lib/paths";
import { TeamSettingsSummary } from "../team/team-settings-summary";

/** The queue's name and description, with the page's controls beside them on wide screens. */
export function QueueItemsHeader({
  titleId,
  queue,
  failed,
  controls,
}: {
  titleId: string;
  queue: AnnotationQueue | undefined;
  failed: boolean;
  controls: ReactNode;
}) {
  return (
    <header className="space-y-2 border-b border-line pb-4">
      <Breadcrumbs trail={[{ label: "Annotation queues", to: paths.queues }]} />
      {/* On wide screens the controls keep their place beside the title whatever its length; the
          title keeps room for a few words, and the controls wrap onto a second line rather than
          squeezing it to a letter per line. */}
      <div className="flex flex-col items-start gap-4 lg:flex-row lg:justify-between">
        <div className="min-w-0 lg:min-w-64 lg:flex-1">
          <h1 id={titleId} className="text-lg font-semibold tracking-tight text-fg">
            {queue ? <UntrustedText text={queue.name} className="break-words" /> : failed ? "Queue" : "Loading queue…"}
          </h1>
          {queue ? <TeamSettingsSummary projectId={queue.project_id} queueId={queue.id} className="mt-1" /> : null}
          {queue?.description ? (
            <p className="mt-1 max-w-3xl text-sm break-words text-fg-muted">
              <UntrustedText text={queue.description} mode="controls" />
            </p>
          ) : null}
        </div>
        <div className="flex max-w-full flex-wrap items-center gap-2 lg:justify-end">{controls}</div>
      </div>
    </header>
  );
}
