import { ErrorPanel } from "@/components/error-panel";

/** Why the queue's calls and verdicts (load-judge-source.ts) could not be read, with Retry: both judges' pages show it. */
export function JudgeSourceError({ source }: { source: { isError: boolean; error: unknown; refetch: () => unknown } }) {
  if (!source.isError) return null;
  return (
    <ErrorPanel
      error={source.error}
      title="Could not read the queue's calls and verdicts"
      onRetry={() => void source.refetch()}
    />
  );
}
