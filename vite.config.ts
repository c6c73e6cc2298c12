import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { IMPORT_ALIASES } from "./aliases.ts";
import { preloadAppFromHtml } from "./build/entries.ts";
import { CODE_SPLITTING_GROUPS } from "./build/chunking.ts";
import { writeInlineScriptHashes } from "./build/inline-scripts.ts";

// The dashboard is plain static files. In development `npm run dev` starts the local
// services itself and passes their address here, so /api and /config.json are proxied.
const apiTarget = process.env.DEV_API_TARGET;

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadAppFromHtml(), writeInlineScriptHashes()],
  resolve: { alias: IMPORT_ALIASES },
  build: {
    target: "es2022",
    // Source maps would publish the dashboard's whole source: built only when asked (SOURCE_MAPS=1).
    sourcemap: process.env.SOURCE_MAPS === "1",
    // bench/bundle-size.ts reads the manifest to tell what the first page loads from what each route lazy-loads.
    manifest: true,
    // Every browser the dashboard supports (ES2022) preloads modules natively: the polyfill would
    // only scan the page for <link rel="modulepreload"> on every load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: { codeSplitting: { groups: CODE_SPLITTING_GROUPS } },
    },
  },
  server: apiTarget
    ? {
        proxy: {
          "/api": { target: apiTarget, changeOrigin: false },
          "/config.json": { target: apiTarget, changeOrigin: false },
        },
      }
    : {},
});
