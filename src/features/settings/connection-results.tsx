import type { ReactNode } from "react";
import type { ConnectionCheckResult, ConnectionCheckStatus } from "@/api/connection-check";
import { SERVICE_LABELS, SERVICES, type ServiceName } from "@/api/connection";
import {
  AlertTriangleIcon,
  BanIcon,
  CheckCircleIcon,
  ExternalLinkIcon,
  UnplugIcon,
  XCircleIcon,
} from "@/components/icons";
import { StatusBadge, type StatusTone } from "@/components/status-badge";
import { PROXY_RECIPE_URL } from "@/lib/docs-links";

const STATUS_DISPLAY: Record<ConnectionCheckStatus, { label: string; tone: StatusTone; icon: ReactNode }> = {
  ok: { label: "OK", tone: "success", icon: <CheckCircleIcon size={12} /> },
  rejected: { label: "Key rejected", tone: "danger", icon: <XCircleIcon size={12} /> },
  forbidden: { label: "Forbidden", tone: "danger", icon: <BanIcon size={12} /> },
  unreachable: { label: "Unreachable", tone: "warning", icon: <UnplugIcon size={12} /> },
  error: { label: "Error", tone: "danger", icon: <AlertTriangleIcon size={12} /> },
};

const BLOCKED_BY_POLICY = {
  label: "Blocked by this page's policy",
  tone: "warning" as StatusTone,
  icon: <BanIcon size={12} />,
};

/** Per service: its name, the outcome in words with an icon, the service's message and any hint. */
export function ConnectionResults({
  results,
  label = "Connection test results",
}: {
  results: Record<ServiceName, ConnectionCheckResult>;
  label?: string;
}) {
  return (
    <ul aria-label={label} className="divide-y divide-line rounded-lg border border-line bg-surface">
      {SERVICES.map((service) => {
        const result = results[service];
        const display = result.blockedBy === "csp" ? BLOCKED_BY_POLICY : STATUS_DISPLAY[result.status];
        return (
          <li key={service} className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-1 px-4 py-3">
            <span className="text-sm font-medium text-fg">{SERVICE_LABELS[service]}</span>
            <div className="min-w-0 space-y-1">
              <StatusBadge tone={display.tone} icon={display.icon}>
                {display.label}
              </StatusBadge>
              <p className="text-sm break-words text-fg">{result.message}</p>
              {result.hint ? <p className="text-xs text-fg-muted">{result.hint}</p> : null}
              {result.status === "unreachable" && result.blockedBy !== "csp" ? (
                <a
                  href={PROXY_RECIPE_URL}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 text-xs font-medium text-link underline underline-offset-2"
                >
                  Same-origin proxy recipe
                  <ExternalLinkIcon size={12} />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
