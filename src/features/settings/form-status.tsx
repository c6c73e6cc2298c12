import { CheckCircleIcon, AlertTriangleIcon, InfoIcon } from "@/components/icons";
import { cn } from "@/lib/cn";
import type { FormStatus } from "./use-settings-form";

/**
 * The outcome of the last action, in a live region that exists from the start (regions added
 * together with their text are often not announced).
 */
export function FormStatusMessage({ status }: { status: FormStatus }) {
  return (
    <output
      className={cn(
        "flex min-h-5 items-center gap-1.5 text-sm",
        status?.tone === "success" && "text-emerald-800 dark:text-emerald-300",
        status?.tone === "error" && "text-red-700 dark:text-red-400",
        status?.tone === "info" && "text-fg-muted",
      )}
    >
      {status?.tone === "success" ? <CheckCircleIcon size={15} /> : null}
      {status?.tone === "error" ? <AlertTriangleIcon size={15} /> : null}
      {status?.tone === "info" ? <InfoIcon size={15} /> : null}
      {status?.text}
    </output>
  );
}
