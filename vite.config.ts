import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { IMPORT_ALIASES } from "./aliases.ts";

// The dashboard is plain static files. In development `npm run dev` starts the local
// services itself and passes their address here, so /api and /config.json are proxied.
const apiTarget = process.env.DEV_API_TARGET;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: IMPORT_ALIASES },
  build: {
    target: "es2022",
    // Source maps would publish the dashboard's whole source: built only when asked (SOURCE_MAPS=1).
    sourcemap: process.env.SOURCE_MAPS === "1",
    // bench/bundle-size.ts reads the manifest to tell what the first page loads from what each route lazy-loads.
    manifest: true,
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
