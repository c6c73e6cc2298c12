import { URL_FIELDS, type ConnectionSettings } from "@/api/connection";
import type { ServiceUrls } from "./settings-storage";

/**
 * True while at least one service is the local reference services' own (config.json said so and
 * the address is still the default it gave): then training is simulated and the demo key works.
 */
export function usesLocalServices(
  localServices: boolean,
  connection: ConnectionSettings,
  defaults: ServiceUrls,
): boolean {
  if (!localServices) return false;
  return URL_FIELDS.some((f) => connection[f] === defaults[f]);
}

/** The demo account the local services are seeded with (README: "Demo credentials"). */
export const LOCAL_DEMO_KEY = "local-demo-key";
export const LOCAL_DEMO_PROJECT = "demo/support-bot";

/** The demo entity's accounts: its lead, and two annotators with keys of their own, to try a team in two browsers. */
export const LOCAL_DEMO_ACCOUNTS = [
  { name: "demo", key: LOCAL_DEMO_KEY, role: "the lead" },
  { name: "maria", key: "local-maria-key", role: "an annotator" },
  { name: "kenji", key: "local-kenji-key", role: "an annotator" },
] as const;
