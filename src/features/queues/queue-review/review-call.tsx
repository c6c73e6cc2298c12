import { memo } from "react";
import type { Call } from "@contract/trace";
import { ErrorPanel } from "@/components/error-panel";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { CallDetails } from "./call-details";
import { DisplayFieldsPanel } from "./display-fields-panel";

type Props = {
  /** undefined while loading; null when the service no longer has the call. */
  call: Call | null | undefined;
  error: unknown;
  onRetry: () => void;
  displayFields: readonly string[];
};

/**
 * The item's call: its display fields first, the rest on demand. A call the service no longer has
 * (`/call/read` answers `{call: null}` upstream) is said to be gone, not shown as an error.
 * Memoised: the review re-renders on every state change and refresh, the call rarely changes.
 */
export const ReviewCall = memo(function ReviewCall({ call, error, onRetry, displayFields }: Props) {
  return (
    <div className="min-w-0 space-y-4">
      <h2 className="sr-only">Call</h2>
      {error ? (
        <ErrorPanel error={error} title="Could not read the call" onRetry={onRetry} />
      ) : call === undefined ? (
        <p className="py-6 text-sm text-fg-muted">Loading the call…</p>
      ) : call === null ? (
        <p role="note" className="rounded-md bg-subtle px-3 py-2 text-sm text-fg">
          This call no longer exists on the service: it may have been deleted. The item can still be marked.
        </p>
      ) : (
        <PanelErrorBoundary label="The call" resetKeys={[call.id]}>
          <DisplayFieldsPanel call={call} paths={[...displayFields]} />
          <div className="mt-4">
            <CallDetails key={call.id} call={call} />
          </div>
        </PanelErrorBoundary>
      )}
    </div>
  );
});
