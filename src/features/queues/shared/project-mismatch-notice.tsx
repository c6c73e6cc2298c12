import { useId } from "react";
import { Link, useLocation, useParams } from "react-router-dom";
import { Button } from "@/components/button";
import { InfoIcon } from "@/components/icons";
import { UntrustedText } from "@/components/untrusted-text";
import { PROJECT_PARAM } from "@/lib/paths";
import { settingsPathFor } from "@/lib/return-to";
import { useSettings } from "@/connection/settings-context";
import type { PageProject } from "./use-annotation-project";

type Mismatch = Extract<PageProject, { kind: "other" | "unreadable" }>;

/**
 * Where staying in the chosen project leads: the same page without the link's project, unless
 * the address names something of that project (a queue, an item, a spec) that the chosen one
 * does not have: then the list of that area (`/queues`, `/specs`), whose entries are yours.
 */
function stayHref(pathname: string, search: string, namesSomething: boolean): string {
  if (namesSomething) return `/${pathname.split("/")[1] ?? ""}`;
  const params = new URLSearchParams(search);
  params.delete(PROJECT_PARAM);
  const rest = params.toString();
  return `${pathname}${rest ? `?${rest}` : ""}`;
}

/**
 * A page whose link names a project other than the one chosen in Settings: says whose link it is
 * and where the user works, and offers both ways on (switching changes Settings' annotation
 * project, for every page; staying leaves it). Nothing of either project is read meanwhile.
 */
export function ProjectMismatchNotice({ mismatch }: { mismatch: Mismatch }) {
  const titleId = useId();
  const location = useLocation();
  const namesSomething = Object.keys(useParams()).length > 0;
  const settings = useSettings();
  const { linked, chosen } = mismatch;

  // Pages of a project render only with a key in the connection (RequireKey), so saving it as it
  // is keeps the key and its addresses: only the project changes, as in Settings.
  const switchProject = () => settings.save({ ...settings.connection, annotationProject: linked }, settings.keyStorage);

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col items-center gap-2 rounded-lg border border-line-strong bg-surface px-4 py-8 text-center sm:px-6"
    >
      <InfoIcon size={20} className="text-fg-muted" />
      <h2 id={titleId} className="max-w-full text-sm font-semibold wrap-anywhere text-fg">
        {mismatch.kind === "other" ? (
          <>
            This link is for project <UntrustedText text={linked} className="font-mono" />
          </>
        ) : (
          "This link's project is not a project"
        )}
      </h2>
      <div className="max-w-md space-y-1 text-sm wrap-anywhere text-fg-muted">
        {mismatch.kind === "unreadable" ? (
          <p>
            “<UntrustedText text={linked} className="font-mono" />” is not of the form{" "}
            <code className="font-mono text-xs">entity/project</code>, so the link does not say whose page it is.
          </p>
        ) : null}
        {chosen ? (
          <p>
            You are working in <UntrustedText text={chosen} className="font-mono text-fg" />.
            {mismatch.kind === "other" ? " What this link opens belongs to the other project." : ""}
          </p>
        ) : (
          <p>No annotation project is chosen in Settings.</p>
        )}
        {mismatch.kind === "other" ? (
          <p>Switching makes it the annotation project in Settings, for every page.</p>
        ) : null}
      </div>
      <div className="mt-2 flex max-w-full flex-wrap items-center justify-center gap-x-4 gap-y-2">
        {mismatch.kind === "other" ? (
          <Button variant="primary" onClick={switchProject} className="max-w-full">
            <span className="truncate">
              Switch to <UntrustedText text={linked} />
            </span>
          </Button>
        ) : null}
        {chosen ? (
          <Link
            to={stayHref(location.pathname, location.search, namesSomething)}
            className="text-sm font-medium wrap-anywhere text-link underline underline-offset-2"
          >
            Stay in <UntrustedText text={chosen} />
          </Link>
        ) : (
          <Link
            to={settingsPathFor(`${location.pathname}${location.search}`)}
            className="text-sm font-medium text-link underline underline-offset-2"
          >
            Choose a project in Settings
          </Link>
        )}
      </div>
    </section>
  );
}
