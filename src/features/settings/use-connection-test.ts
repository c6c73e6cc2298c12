import { useCallback, useEffect, useRef, useState } from "react";
import { checkConnection, type ConnectionCheckResult } from "@/api/connection-check";
import { SERVICE_URL_FIELDS, SERVICES, type ConnectionSettings, type ServiceName } from "@/api/connection";
import { useCreateApiClients } from "@/connection/api-clients";
import { cspBlockedMessage, cspBlockedOrigin } from "@/connection/csp-connect";
import { useRuntimeConfig } from "@/connection/runtime-config-context";

export type ConnectionTestState =
  | { phase: "idle" }
  | { phase: "running" }
  | { phase: "done"; results: Record<ServiceName, ConnectionCheckResult>; testedAt: Date; tested: ConnectionSettings };

/**
 * Runs checkConnection for given settings (saved or not). A new run cancels the one in flight,
 * and leaving the page cancels it too, so a late answer never overwrites a newer one.
 */
export function useConnectionTest(): {
  state: ConnectionTestState;
  run: (settings: ConnectionSettings) => Promise<void>;
  reset: () => void;
} {
  const createClients = useCreateApiClients();
  const { cspConnectSrc } = useRuntimeConfig();
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
        const results = blamePolicy(
          await checkConnection(createClients(settings), settings, current.signal),
          settings,
          cspConnectSrc,
        );
        if (!current.signal.aborted) setState({ phase: "done", results, testedAt: new Date(), tested: settings });
      } catch {
        // Only an abort throws: a newer run or unmounting owns the state now.
      }
    },
    [createClients, cspConnectSrc],
  );

  const reset = useCallback(() => {
    controller.current?.abort();
    setState({ phase: "idle" });
  }, []);

  return { state, run, reset };
}

/**
 * An unreachable service whose address the page's own Content-Security-Policy does not allow was
 * never reached by the browser at all: say that, and which setting fixes it, instead of the
 * CORS-or-down hint (the browser reports all three the same way).
 */
function blamePolicy(
  results: Record<ServiceName, ConnectionCheckResult>,
  settings: ConnectionSettings,
  connectSrc: readonly string[] | undefined,
): Record<ServiceName, ConnectionCheckResult> {
  const blamed = { ...results };
  for (const service of SERVICES) {
    const origin = cspBlockedOrigin(settings[SERVICE_URL_FIELDS[service]], window.location.origin, connectSrc);
    if (origin && blamed[service].status === "unreachable")
      blamed[service] = { ...blamed[service], hint: cspBlockedMessage(origin), blockedBy: "csp" };
  }
  return blamed;
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
