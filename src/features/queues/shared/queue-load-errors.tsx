import { ErrorPanel } from "@/components/error-panel";

/** A read a page depends on, as React Query reports it. */
type Read = { isError: boolean; error: unknown; refetch: () => unknown };

/** Why a page about one queue lacks the queue or its questions, each with a retry. */
export function QueueLoadErrors({ queue, specs }: { queue: Read; specs: Read }) {
  return (
    <>
      {queue.isError ? (
        <ErrorPanel error={queue.error} title="Could not load this queue" onRetry={() => void queue.refetch()} />
      ) : null}
      {specs.isError ? (
        <ErrorPanel
          error={specs.error}
          title="Could not read the queue's questions"
          onRetry={() => void specs.refetch()}
        />
      ) : null}
    </>
  );
}
