import { Link } from "react-router-dom";
import { SERVICE_LABELS, SERVICE_URL_FIELDS, SERVICES } from "@/api/connection";
import { buttonClasses } from "@/components/button";
import { StatusBadge } from "@/components/status-badge";
import { useSettings } from "@/connection/settings-context";
import { paths } from "@/lib/paths";

/** What the dashboard is set to talk to: key or not, where it is kept, each service's address. */
export function ConnectionSummary() {
  const { connection, keyStorage } = useSettings();
  const hasKey = connection.apiKey !== "";
  return (
    <section aria-labelledby="connection-heading" className="rounded-lg border border-line bg-surface">
      <div className="flex items-center justify-between gap-4 border-b border-line px-5 py-3">
        <h2 id="connection-heading" className="text-sm font-semibold text-fg">
          Connection
        </h2>
        <Link to={paths.settings} className={buttonClasses("secondary", "sm")}>
          {hasKey ? "Change settings" : "Add API key"}
        </Link>
      </div>
      <dl className="grid grid-cols-[minmax(0,1fr)] gap-x-4 gap-y-1 px-5 py-4 text-sm sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-y-2.5">
        <dt className="text-fg-muted">API key</dt>
        <dd>
          {hasKey ? (
            <StatusBadge tone="success">
              Set · kept {keyStorage === "local" ? "on this device" : "for this tab only"}
            </StatusBadge>
          ) : (
            <StatusBadge tone="warning">Not set</StatusBadge>
          )}
        </dd>
        {SERVICES.map((service) => (
          <div key={service} className="contents">
            <dt className="text-fg-muted">{SERVICE_LABELS[service]}</dt>
            <dd className="truncate font-mono text-xs leading-5 text-fg">{connection[SERVICE_URL_FIELDS[service]]}</dd>
          </div>
        ))}
        <dt className="text-fg-muted">Annotation project</dt>
        <dd className="text-fg">{connection.annotationProject || <span className="text-fg-muted">Not chosen</span>}</dd>
      </dl>
    </section>
  );
}
