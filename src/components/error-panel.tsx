import { QueryClientContext } from "@tanstack/react-query";
import { useContext } from "react";
import { isApiError } from "@/api/errors";
import { SERVICE_LABELS } from "@/api/connection";
import { cn } from "@/lib/cn";
import { Button } from "./button";
import { UntrustedText } from "./untrusted-text";
import { CopyButton } from "./copy-button";
import { AlertTriangleIcon, RefreshIcon } from "./icons";

/**
 * Shows why something failed: the sentence, the hint, each rejected field, and the request id
 * (to quote in a bug report). "Retry" appears whenever the caller can retry; it is quieter when
 * the error says the request itself must change (a 4xx), since repeating it will likely fail again.
 * Everything from the service is rendered as text.
 */
export function ErrorPanel({
  error,
  title,
  onRetry,
  className,
}: {
  error: unknown;
  /** What failed, e.g. "Could not load queue items". */
  title?: string;
  onRetry?: () => void;
  className?: string;
}) {
  const api = isApiError(error) ? error : null;
  const retryAll = useRetryEverythingThatFailed(onRetry);
  const message = api?.message ?? (error instanceof Error ? error.message : "Something went wrong.");

  return (
    <div
      role="alert"
      className={cn(
        "rounded-lg border border-red-300 bg-red-50 p-4 text-sm dark:border-red-500/30 dark:bg-red-500/10",
        className,
      )}
    >
      <div className="flex items-start gap-2">
        <AlertTriangleIcon size={16} className="mt-0.5 shrink-0 text-red-700 dark:text-red-400" />
        <div className="min-w-0 flex-1 space-y-2">
          <p className="font-medium text-red-900 dark:text-red-200">
            {title ?? (api ? `${SERVICE_LABELS[api.service]}: request failed` : "Something went wrong")}
          </p>
          <p className="text-fg break-words">
            <UntrustedText text={message} />
          </p>
          {api?.hint ? <p className="text-fg-muted">{api.hint}</p> : null}
          {api && api.fieldErrors.length > 0 ? (
            <ul className="list-disc space-y-0.5 pl-5 text-fg">
              {api.fieldErrors.map((field, index) => (
                <li key={`${field.path}-${index}`}>
                  <UntrustedText text={field.path || field.loc.join(".")} className="font-mono text-xs" />:{" "}
                  <UntrustedText text={field.message} />
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            {onRetry ? (
              <Button
                size="sm"
                variant={api && !api.retryable ? "ghost" : "secondary"}
                onClick={retryAll}
                icon={<RefreshIcon size={14} />}
              >
                Retry
              </Button>
            ) : null}
            {api?.requestId ? (
              <span className="inline-flex items-center gap-1 text-xs text-fg-muted">
                Request id <code className="font-mono text-fg">{api.requestId}</code>
                <CopyButton text={api.requestId} label="Copy request id" />
              </span>
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * Retry means "try again now" for the whole page, not only for this panel: when a service comes
 * back (or a rejected key is accepted again), every panel that failed with it would otherwise need
 * its own click. Runs the panel's retry, then refetches every other query on screen that failed.
 */
function useRetryEverythingThatFailed(onRetry: (() => void) | undefined): (() => void) | undefined {
  const queryClient = useContext(QueryClientContext);
  if (!onRetry) return undefined;
  return () => {
    onRetry();
    // cancelRefetch: false joins a refetch the panel just started instead of sending it again.
    void queryClient?.refetchQueries(
      { type: "active", predicate: (query) => query.state.status === "error" },
      { cancelRefetch: false },
    );
  };
}
