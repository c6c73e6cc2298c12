import { fileURLToPath } from "node:url";

/**
 * The import aliases, for Vite and Vitest (TypeScript reads the same from tsconfig.base.json):
 * `@/` is the dashboard's src, `@contract/` the wire contract shared with the local services,
 * `@server/` the local services (for tests only: the dashboard never imports them).
 */
export const IMPORT_ALIASES = {
  "@/": fileURLToPath(new URL("./src/", import.meta.url)),
  "@contract/": fileURLToPath(new URL("./contract/", import.meta.url)),
  "@server/": fileURLToPath(new URL("./server/", import.meta.url)),
};
