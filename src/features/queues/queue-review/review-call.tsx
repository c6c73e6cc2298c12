import type { UseQueryResult } from "@tanstack/react-query";
import type { Call } from "../../../../contract/trace";
import { ErrorPanel } from "../../../components/error-panel";
import { PanelErrorBoundary } from "../../../components/panel-error-boundary";
import { CallDetails } from "./call-details";
import { DisplayFieldsPanel } from "./display-fields-panel";

/**
 * The item's call: its display fields first, the rest on demand. A call the service no longer has
 * (`/call/read` answers `{call: null}` upstream) is said to be gone, not shown as an error.
 */
export function ReviewCall({ call, displayFields }: { call: UseQueryResult<Call | null>; displayFields: readonly string[] }) {
  return (
    <div className="min-w-0 space-y-4">
      <h2 className="sr-only">Call</h2>
      {call.isError ? (
        <ErrorPanel error={call.error} title="Could not read the call" onRetry={() => void call.refetch()} />
      ) : call.data === undefined ? (
        <p className="py-6 text-sm text-fg-muted">Loading the call…</p>
      ) : call.data === null ? (
        <p role="note" className="rounded-md bg-subtle px-3 py-2 text-sm text-fg">
          This call no longer exists on the service: it may have been deleted. The item can still be marked.
        </p>
      ) : (
        <PanelErrorBoundary label="The call" resetKeys={[call.data.id]}>
          <DisplayFieldsPanel call={call.data} paths={[...displayFields]} />
          <div className="mt-4">
            <CallDetails key={call.data.id} call={call.data} />
          </div>
        </PanelErrorBoundary>
      )}
    </div>
  );
}
