import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import type { ChunkingContext } from "rolldown";
import { APP_ENTRY, BOOT_ENTRY } from "./entries.ts";

/**
 * The entry modules, kept out of the `app` chunk, as is what src/boot.ts imports: boot.ts must run
 * before that chunk has arrived (it starts the first page's code and data), and main.tsx awaits
 * the first page's code at its top level while that code imports from `app`, which would then
 * wait for itself.
 */
const ENTRY_MODULES = /[\\/](index\.html|src[\\/]main\.tsx|src[\\/]boot\.ts)$/;

/** The feature folders (`src/features/*`), read at build time: a new or renamed one needs no edit here. */
const FEATURES = readdirSync(resolve(import.meta.dirname, "..", "src", "features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The features whose pages make up an area, each area's shared code one group of its own; and the
 * features whose parts count as `shared` (the models feature's: the catalog, the playground and the
 * training pages all use them). Features in neither (the overview, status, settings, help) share nothing
 * today: code they came to share would get a file of the bundler's own (the file-count test would
 * say so). A name that is no folder of src/features stops the build rather than split the code
 * silently some other way.
 */
const AREAS = { annotation: ["queues", "specs", "calls", "train-from-queue"], training: ["training", "playground"] };
const SHARED_FEATURES = ["models"];

for (const name of [...Object.values(AREAS).flat(), ...SHARED_FEATURES]) {
  if (!FEATURES.includes(name))
    throw new Error(`build/chunking.ts names the feature "${name}", which is no folder of src/features`);
}

/** Modules under one of the given feature folders. */
const inFeatures = (names: readonly string[]) =>
  new RegExp(`[\\\\/]src[\\\\/]features[\\\\/](${names.map(escapeRegExp).join("|")})[\\\\/]`);
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A feature's own code, kept out of `shared`; the areas' groups take what their pages share. */
const FEATURE_MODULE = inFeatures(FEATURES.filter((name) => !SHARED_FEATURES.includes(name)));
const PAGE_LIBRARY = /[\\/]node_modules[\\/](uplot|@tanstack[\\/](react-virtual|virtual-core))[\\/]/;

const ANNOTATION_FEATURE = inFeatures(AREAS.annotation);
const TRAINING_FEATURE = inFeatures(AREAS.training);
/** An area's client and contract modules: kept out of `shared`, which the catalog loads. */
const TRACE_API_MODULE =
  /[\\/](contract[\\/](trace|weave-refs)[^\\/]*|src[\\/]api[\\/](trace[^\\/]*|annotation-specs|spec-objects|project-specs|queries[\\/]trace))\.ts$/;
const TRAINING_API_MODULE = /[\\/](contract[\\/]training|src[\\/]api[\\/]training)\.ts$/;
/**
 * The inference client with the chat and model-list contract, which the training client's chat
 * reuses: one file, loaded on the inference client's first call or with a page that chats. In
 * `shared` every page built their zod schemas at its start (the Calls and items pages never chat).
 */
const CHAT_API_MODULE = /[\\/](contract[\\/](chat|inference)|src[\\/]api[\\/](chat|inference))\.ts$/;
const AREA_API_MODULE = {
  test: (id: string) => TRACE_API_MODULE.test(id) || TRAINING_API_MODULE.test(id) || CHAT_API_MODULE.test(id),
};

/**
 * How the build splits the dashboard into files, chosen for the first load (the catalog's first row
 * on a cold load). Left to itself the bundler makes dozens of files for the first page's shell and
 * a dozen more for each page, and a browser fetches at most six at once from one host over
 * HTTP/1.1, so the page's own data request would wait behind its code. These groups instead:
 * - `app`: everything main.tsx imports statically (the shell, React, the HTTP layer and the lazy
 *   service clients) in one file, except the entries and what boot.ts needs. (main.tsx is imported
 *   by boot.ts, not by index.html: build/entries.ts has index.html preload this file.)
 * - `shared`: what two or more pages use that is not one feature's own code (table kit, fields,
 *   formatting, queries, the libraries those need), fetched beside the first page's own file.
 * - `inference-client`: the inference client and the chat contract (CHAT_API_MODULE).
 * - `shared-annotation`, `shared-training`: one area's feature code that several of its pages use,
 *   and the area's service client and wire contract (loaded on the client's first call:
 *   api/lazy-client.ts). In `shared` or `app`, the catalog's first load would parse the queue and
 *   training code it never runs, and build those services' zod schemas.
 * Every page is preloaded once the browser is idle anyway (app/lazy-page.tsx), so this moves bytes
 * earlier rather than adding any. (Preloading `shared` from index.html as well gained nothing
 * measurable.) Libraries only some pages use (uPlot, the virtualizer) stay in their own files.
 * bench/bundle-budget.ts caps how many files the first load and each page fetch.
 */
export const CODE_SPLITTING_GROUPS = [
  { name: bootDependencies, debugName: "boot-dependencies", priority: 2 },
  { name: appModules, debugName: "app", priority: 1 },
  {
    name: "shared",
    minShareCount: 2,
    test: (id: string) => !FEATURE_MODULE.test(id) && !PAGE_LIBRARY.test(id) && !AREA_API_MODULE.test(id),
  },
  {
    name: "shared-annotation",
    minShareCount: 2,
    test: (id: string) => ANNOTATION_FEATURE.test(id) || TRACE_API_MODULE.test(id),
  },
  {
    name: "shared-training",
    minShareCount: 2,
    test: (id: string) => TRAINING_FEATURE.test(id) || TRAINING_API_MODULE.test(id),
  },
  // Last: a group takes the modules its own import, and `shared` must have taken contract/common first.
  { name: "inference-client", test: CHAT_API_MODULE },
];

const staticImportsByBuild = new WeakMap<ChunkingContext, Map<string, Set<string>>>();

/** What `entry` imports statically, directly or not (computed once per build). */
function staticImportsOf(entry: string, context: ChunkingContext): Set<string> {
  let byEntry = staticImportsByBuild.get(context);
  if (!byEntry) staticImportsByBuild.set(context, (byEntry = new Map()));
  let found = byEntry.get(entry);
  if (!found) byEntry.set(entry, (found = staticImports(entry, context)));
  return found;
}

/** `boot-dependencies` for every module boot.ts imports, directly or not. */
function bootDependencies(id: string, context: ChunkingContext): string | null {
  return staticImportsOf(BOOT_ENTRY, context).has(id) && !ENTRY_MODULES.test(id) ? "boot-dependencies" : null;
}

/** `app` for every module main.tsx imports, directly or not (boot's are taken first: higher priority). */
function appModules(id: string, context: ChunkingContext): string | null {
  return staticImportsOf(APP_ENTRY, context).has(id) && !ENTRY_MODULES.test(id) ? "app" : null;
}

function staticImports(entry: string, context: ChunkingContext): Set<string> {
  const found = new Set<string>();
  const queue = [entry];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    queue.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}
