import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { AlertTriangleIcon, CheckCircleIcon, InfoIcon, XCircleIcon } from "./icons";

export type StatusTone = "success" | "danger" | "warning" | "info" | "neutral";

const TONES: Record<StatusTone, string> = {
  success:
    "bg-emerald-50 text-emerald-800 ring-emerald-600/25 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/25",
  danger: "bg-red-50 text-red-800 ring-red-600/25 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/25",
  warning:
    "bg-amber-50 text-amber-900 ring-amber-600/30 dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-400/25",
  info: "bg-indigo-50 text-indigo-800 ring-indigo-600/25 dark:bg-indigo-500/10 dark:text-indigo-200 dark:ring-indigo-400/25",
  neutral: "bg-subtle text-fg-muted ring-line-strong",
};

const DEFAULT_ICONS: Record<StatusTone, ReactNode> = {
  success: <CheckCircleIcon size={12} />,
  danger: <XCircleIcon size={12} />,
  warning: <AlertTriangleIcon size={12} />,
  info: <InfoIcon size={12} />,
  neutral: null,
};

/** A compact status label: icon plus words, so the colour is never the only signal. */
export function StatusBadge({
  tone,
  children,
  icon,
  className,
}: {
  tone: StatusTone;
  children: ReactNode;
  /** Replaces the tone's default icon; pass null for none. */
  icon?: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        TONES[tone],
        className,
      )}
    >
      {icon === undefined ? DEFAULT_ICONS[tone] : icon}
      {children}
    </span>
  );
}
