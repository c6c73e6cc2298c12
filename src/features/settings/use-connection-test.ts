import { useCallback, useEffect, useRef, useState } from "react";
import { checkConnection, type ConnectionCheckResult } from "@/api/connection-check";
import type { ConnectionSettings, ServiceName } from "@/api/connection";
import { useCreateApiClients } from "@/settings/api-clients";

export type ConnectionTestState =
  | { phase: "idle" }
  | { phase: "running" }
  | { phase: "done"; results: Record<ServiceName, ConnectionCheckResult>; testedAt: Date };

/**
 * Runs checkConnection for given settings (saved or not). A new run cancels the one in flight,
 * and leaving the page cancels it too, so a late answer never overwrites a newer one.
 */
export function useConnectionTest(): { state: ConnectionTestState; run: (settings: ConnectionSettings) => Promise<void>; reset: () => void } {
  const createClients = useCreateApiClients();
  const [state, setState] = useState<ConnectionTestState>({ phase: "idle" });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (settings: ConnectionSettings) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ phase: "running" });
      try {
        const results = await checkConnection(createClients(settings), settings, current.signal);
        if (!current.signal.aborted) setState({ phase: "done", results, testedAt: new Date() });
      } catch {
        // Only an abort throws: a newer run or unmounting owns the state now.
      }
    },
    [createClients],
  );

  const reset = useCallback(() => {
    controller.current?.abort();
    setState({ phase: "idle" });
  }, []);

  return { state, run, reset };
}
