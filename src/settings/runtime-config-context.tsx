import { createContext, useContext, type ReactNode } from "react";
import { EMPTY_RUNTIME_CONFIG, type RuntimeConfig } from "./runtime-config";

const RuntimeConfigContext = createContext<RuntimeConfig>(EMPTY_RUNTIME_CONFIG);

export function RuntimeConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext value={config}>{children}</RuntimeConfigContext>;
}

/** The deployment facts from /config.json, such as whether these are the local reference services. */
export function useRuntimeConfig(): RuntimeConfig {
  return useContext(RuntimeConfigContext);
}
