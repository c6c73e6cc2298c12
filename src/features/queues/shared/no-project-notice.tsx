import { Link, useLocation } from "react-router-dom";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { SettingsIcon } from "@/components/icons";
import { settingsPathFor } from "@/lib/return-to";
import { ProjectMismatchNotice } from "./project-mismatch-notice";
import { usePageProject } from "./use-annotation-project";

/**
 * Shown instead of a page of the annotation project while it has no project to work in: Settings
 * has none, or the page's link names another one (then ProjectMismatchNotice says whose it is).
 * `pageTitle`: the page's heading, for a page that shows only this (every page needs its h1;
 * found driving the dashboard as a new user with a key but no project).
 */
export function NoProjectNotice({ pageTitle }: { pageTitle?: string }) {
  const page = usePageProject();
  const notice =
    page.kind === "other" || page.kind === "unreadable" ? <ProjectMismatchNotice mismatch={page} /> : <NoneChosen />;
  if (!pageTitle) return notice;
  return (
    <div className="space-y-6">
      <PageHeader title={pageTitle} />
      {notice}
    </div>
  );
}

function NoneChosen() {
  const location = useLocation();
  return (
    <EmptyState
      icon={<SettingsIcon size={20} />}
      title="No annotation project chosen"
      description={
        <>
          Queues belong to a W&B project. Enter its <code className="font-mono text-xs">entity/project</code> as the
          annotation project in Settings, then come back here.
        </>
      }
      action={
        <Link
          to={settingsPathFor(`${location.pathname}${location.search}`)}
          className="text-sm font-medium text-link underline underline-offset-2"
        >
          Choose a project in Settings
        </Link>
      }
    />
  );
}
