import { useCallback, useEffect, useRef, useState } from "react";
import { checkConnection, type ConnectionCheckResult } from "@/api/connection-check";
import type { ConnectionSettings, ServiceName } from "@/api/connection";
import { useCreateApiClients } from "@/settings/api-clients";

export type ConnectionTestState =
  | { phase: "idle" }
  | { phase: "running" }
  | { phase: "done"; results: Record<ServiceName, ConnectionCheckResult>; testedAt: Date; tested: ConnectionSettings };

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
        if (!current.signal.aborted) setState({ phase: "done", results, testedAt: new Date(), tested: settings });
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

/**
 * Whether a finished test was of other settings than the form holds now (an address or the key
 * changed since): its results then describe the old ones and must say so.
 */
export function isTestOutdated(state: ConnectionTestState, current: ConnectionSettings): boolean {
  if (state.phase !== "done") return false;
  const keys = Object.keys(state.tested) as (keyof ConnectionSettings)[];
  return keys.some((key) => state.tested[key] !== current[key]);
}
