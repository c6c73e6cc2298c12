import { useSettings } from "./settings-context";
import { usesLocalServices } from "./local-services";
import { useRuntimeConfig } from "./runtime-config-context";

/** Whether the dashboard currently talks to the local reference services. */
export function useLocalServices(): boolean {
  const { localServices } = useRuntimeConfig();
  const { connection, defaults } = useSettings();
  return usesLocalServices(localServices, connection, defaults);
}
