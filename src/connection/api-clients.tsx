import { createContext, useContext, useMemo, type ReactNode } from "react";
import { createApiClients, type ApiClientOptions, type ApiClients } from "@/api/clients";
import type { ConnectionSettings } from "@/api/connection";
import { useSettings } from "./settings-context";

type ApiClientsValue = {
  clients: ApiClients;
  /** Clients for other settings than the saved ones, e.g. to test what a form holds. */
  createFor: (settings: ConnectionSettings) => ApiClients;
};

const ApiClientsContext = createContext<ApiClientsValue | null>(null);

/**
 * One set of API clients for the current settings, rebuilt only when the settings change (each
 * client captures its key and address; their scope keys the query cache).
 */
export function ApiClientsProvider({ options, children }: { options?: ApiClientOptions; children: ReactNode }) {
  const { connection } = useSettings();
  const value = useMemo<ApiClientsValue>(
    () => ({
      clients: createApiClients(connection, options),
      createFor: (settings) => createApiClients(settings, options),
    }),
    [connection, options],
  );
  return <ApiClientsContext value={value}>{children}</ApiClientsContext>;
}

function useApiClientsValue(): ApiClientsValue {
  const value = useContext(ApiClientsContext);
  if (!value) throw new Error("useApiClients must be used inside <ApiClientsProvider>.");
  return value;
}

/** The trace, training and inference clients for pages' queries and mutations. */
export function useApiClients(): ApiClients {
  return useApiClientsValue().clients;
}

/** Makes clients for settings that are not saved yet (the settings form's "Test connection"). */
export function useCreateApiClients(): (settings: ConnectionSettings) => ApiClients {
  return useApiClientsValue().createFor;
}
