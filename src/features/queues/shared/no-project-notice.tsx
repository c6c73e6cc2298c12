import { Link, useLocation } from "react-router-dom";
import { EmptyState } from "@/components/empty-state";
import { SettingsIcon } from "@/components/icons";
import { settingsPathFor } from "@/lib/return-to";

/** Shown instead of a queue page while Settings has no annotation project. */
export function NoProjectNotice() {
  const location = useLocation();
  return (
    <EmptyState
      icon={<SettingsIcon size={20} />}
      title="No annotation project chosen"
      description={
        <>
          Queues belong to a W&B project. Enter its <code className="font-mono text-xs">entity/project</code> as the annotation project in
          Settings, then come back here.
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
