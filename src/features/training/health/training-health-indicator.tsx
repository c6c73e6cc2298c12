import { Link } from "react-router-dom";
import { useTrainingHealth, useTrainingSystemCheck } from "../api/health";
import { useApiClients } from "@/connection/api-clients";
import { useSettings } from "@/connection/settings-context";
import { usePopover } from "@/components/use-popover";
import { cn } from "@/lib/cn";
import { paths } from "@/lib/paths";
import { deriveTrainingHealth, type HealthLevel } from "./health-state";

const POLL_MS = 30_000;

const DOT: Record<HealthLevel, string> = {
  checking: "bg-zinc-400 dark:bg-zinc-500",
  ok: "bg-emerald-600 dark:bg-emerald-400",
  degraded: "bg-amber-500 dark:bg-amber-400",
  down: "bg-red-600 dark:bg-red-500",
  unknown: "bg-zinc-400 dark:bg-zinc-500",
};

/**
 * The training service's status in the sidebar: OK, degraded (which check failed) or down, from
 * /health and /system-check every 30 s while the tab is visible. The detail opens on click; the
 * full picture is the /status page.
 */
export function TrainingHealthIndicator() {
  const { training } = useApiClients();
  const { connection } = useSettings();
  const hasKey = connection.apiKey.trim() !== "";
  const health = useTrainingHealth(POLL_MS);
  const check = useTrainingSystemCheck(POLL_MS, hasKey && health.isSuccess);
  const state = deriveTrainingHealth(health, {
    data: check.data,
    error: check.error,
    isPending: check.isPending,
    enabled: hasKey,
  });
  const { open, close, toggle, panelId, rootRef, buttonRef } = usePopover();

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-xs text-fg-muted hover:bg-subtle hover:text-fg"
      >
        <span className={cn("h-2 w-2 shrink-0 rounded-full", DOT[state.level])} aria-hidden="true" />
        <span className="truncate">{state.label}</span>
      </button>
      <output className="sr-only">{state.level === "checking" ? "" : state.label}</output>
      {open ? (
        <div
          id={panelId}
          className="absolute bottom-full left-0 z-30 mb-1 w-64 rounded-lg border border-line bg-surface p-3 text-xs shadow-lg"
        >
          <p className="font-medium text-fg">{state.label}</p>
          <ul className="mt-1.5 space-y-1 text-fg-muted">
            {state.details.map((detail) => (
              <li key={detail} className="break-words">
                {detail}
              </li>
            ))}
          </ul>
          <p className="mt-2 truncate font-mono text-[11px] text-fg-muted">{training.scope.baseUrl}</p>
          <Link to={paths.status} onClick={close} className="mt-2 inline-block font-medium text-link hover:underline">
            All service checks
          </Link>
        </div>
      ) : null}
    </div>
  );
}
