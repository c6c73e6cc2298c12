import { resolve } from "node:path";
import type { Plugin } from "vite";

/** src/boot.ts, built as an entry of its own (not merged into index.html's), and its chunk's name. */
export const BOOT_ENTRY = { boot: resolve(import.meta.dirname, "..", "src", "boot.ts") };

/**
 * Puts src/boot.ts's built file first in index.html. A second <script> written into index.html
 * would not do: Vite merges a page's module scripts into one entry, which would wait for all of
 * main.tsx's imports again. Module scripts run in document order, so boot runs first, as soon as
 * its few bytes have arrived. (Build only: `npm run dev` serves the page without it.)
 */
export function bootScriptFirst(): Plugin {
  let base = "/";
  return {
    name: "boot-script-first",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const boot = Object.values(context.bundle ?? {}).find((output) => output.type === "chunk" && output.isEntry && output.name === "boot");
        if (!boot) throw new Error("bootScriptFirst: the build has no `boot` entry (BOOT_ENTRY in build.rolldownOptions.input)");
        return [{ tag: "script", attrs: { type: "module", crossorigin: true, src: `${base}${boot.fileName}` }, injectTo: "head-prepend" }];
      },
    },
  };
}
