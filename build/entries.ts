import { resolve } from "node:path";
import { normalizePath, type Plugin } from "vite";
import type { OutputBundle, OutputChunk } from "rolldown";

const SRC = resolve(import.meta.dirname, "..", "src");

// Module ids as the bundler writes them (forward slashes on every OS).
/** index.html's one script: it starts the first page's code and data, then imports APP_ENTRY. */
export const BOOT_ENTRY = normalizePath(resolve(SRC, "boot.ts"));
/** The app (React, the router, the shell): src/boot.ts imports it once the first request is sent. */
export const APP_ENTRY = normalizePath(resolve(SRC, "main.tsx"));

/**
 * Puts the app's files into index.html as preloads (`modulepreload`, and its stylesheet), so they
 * download from the page's first lines as they would for a <script> tag, while src/boot.ts decides
 * when they run (see boot.ts for why). Without these tags they would only be asked for when boot.ts
 * imports main.tsx, once the deployment config is in. Vite's own preloading at that import finds
 * the tags already there and adds nothing. (Build only: `npm run dev` serves modules one by one.)
 */
export function preloadAppFromHtml(): Plugin {
  let base = "/";
  return {
    name: "preload-app-from-html",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        const bundle = context.bundle;
        const app =
          bundle &&
          Object.values(bundle).find(
            (output): output is OutputChunk => output.type === "chunk" && output.facadeModuleId === APP_ENTRY,
          );
        if (!bundle || !app)
          throw new Error("preloadAppFromHtml: no chunk for src/main.tsx in the build (src/boot.ts must import it)");
        const { scripts, styles } = staticClosure(bundle, app);
        const notInHtml = (file: string) => !html.includes(`${base}${file}"`);
        return [
          ...scripts.filter(notInHtml).map((file) => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `${base}${file}` },
            injectTo: "head" as const,
          })),
          ...styles.filter(notInHtml).map((file) => ({
            tag: "link",
            attrs: { rel: "stylesheet", crossorigin: true, href: `${base}${file}` },
            injectTo: "head" as const,
          })),
        ];
      },
    },
  };
}

/** A chunk's file and every file it imports statically, transitively (imports first), and their CSS. */
function staticClosure(bundle: OutputBundle, root: OutputChunk): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (scripts.includes(chunk.fileName)) return;
    for (const file of chunk.imports) {
      const imported = bundle[file];
      if (imported?.type === "chunk") visit(imported);
    }
    scripts.push(chunk.fileName);
    const css = (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss;
    for (const file of css ?? []) styles.add(file);
  };
  visit(root);
  return { scripts, styles: [...styles] };
}
