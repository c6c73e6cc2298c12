import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** One chunk of Vite's manifest (dist/.vite/manifest.json). */
type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

/** The app's entry, as the manifest names its source: loaded by boot.ts, preloaded by index.html. */
const APP_ENTRY_SOURCE = "src/main.tsx";

export type Bytes = { raw: number; gzip: number };
export type BundleReport = {
  initial: { js: Bytes; css: Bytes; files: string[]; hasApp: boolean };
  /** src/boot.ts and what it imports: the first script to run (part of `initial`). */
  boot: { js: Bytes; files: string[] };
  routes: { name: string; js: Bytes; css: Bytes; files: string[] }[];
};

/** Bytes of a set of built files, raw and gzipped (level 9, as a CDN would serve them). */
function measure(distDir: string, files: Iterable<string>): Bytes {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const content = readFileSync(join(distDir, file));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  return { raw, gzip };
}

/** Every file a chunk loads statically: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

function filesOf(manifest: Manifest, keys: Iterable<string>) {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  return { js, css };
}

/**
 * What the first page load costs (the entry, the app it imports, and everything those import
 * statically) and what each
 * lazy route adds on top of that (its dynamic entry's static closure minus what is already loaded).
 */
export function measureBundle(distDir: string): BundleReport {
  const manifest = JSON.parse(readFileSync(join(distDir, ".vite", "manifest.json"), "utf8")) as Manifest;
  // index.html's entry is src/boot.ts; it imports src/main.tsx, whose files index.html preloads
  // (build/entries.ts): the first load is both, and everything they import statically.
  const bootKey = Object.keys(manifest).find((key) => key === "index.html" && manifest[key]?.isEntry);
  if (!bootKey) throw new Error("No entry chunk in the Vite manifest: was dist/ built by `npm run build`?");
  const appKey = Object.keys(manifest).find((key) => manifest[key]?.src === APP_ENTRY_SOURCE);
  const initialKeys = new Set(
    [bootKey, ...(appKey ? [appKey] : [])].flatMap((key) => [...staticClosure(manifest, key)]),
  );
  const boot = filesOf(manifest, staticClosure(manifest, bootKey));
  const initial = filesOf(manifest, initialKeys);
  const routes = Object.keys(manifest)
    .filter((key) => manifest[key]?.isDynamicEntry && key !== appKey)
    .map((key) => {
      const own = [...staticClosure(manifest, key)].filter((k) => !initialKeys.has(k));
      const files = filesOf(manifest, own);
      return {
        name: manifest[key]?.src ?? key,
        js: measure(distDir, files.js),
        css: measure(distDir, files.css),
        files: [...files.js],
      };
    })
    .sort((a, b) => b.js.gzip - a.js.gzip);

  return {
    initial: {
      js: measure(distDir, initial.js),
      css: measure(distDir, initial.css),
      files: [...initial.js, ...initial.css],
      hasApp: appKey !== undefined,
    },
    boot: { js: measure(distDir, boot.js), files: [...boot.js] },
    routes,
  };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
