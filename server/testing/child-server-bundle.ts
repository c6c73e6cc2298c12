import { build } from "esbuild";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

// Booting the child server through tsx compiles every server module again in each child: 5-10 s
// per boot on a busy CI machine, and the kill loop boots 21 of them. Bundled once per test worker
// (esbuild, which tsx already brings), a child starts on plain node in 2-3 s. Native modules stay
// outside the bundle, imported by their absolute path so the bundle can live in a temporary folder,
// and each source file keeps its own import.meta.url and dirname (the upload worker is found by them).
//
// The bundle is kept under its content's hash in one shared folder, not in a folder per worker: a
// test worker ends without an exit event (vitest terminates it), so nothing would remove its own
// folder. Workers that bundle the same sources write the same file, a changed source writes a new
// one, and bundles no run has written for a day are removed.

const CHILD_SCRIPT = join(import.meta.dirname, "child-server.ts");
const NATIVE_MODULES = /^better-sqlite3$/;
const requireFromHere = createRequire(import.meta.url);
const TYPESCRIPT = /\.ts$/;

/** The file's text with import.meta's location fields replaced by the file's own. */
function withOwnLocation(path: string): string {
  return readFileSync(path, "utf8")
    .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(path).href))
    .replaceAll("import.meta.dirname", JSON.stringify(dirname(path)))
    .replaceAll("import.meta.filename", JSON.stringify(path));
}

const BUNDLES_DIR = join(tmpdir(), "wbops-child-server-bundles");
const UNUSED_FOR_MS = 24 * 3600_000;

/** Removes the bundles of earlier sources that no run has used for a day. */
function removeUnusedBundles(keep: string): void {
  for (const name of readdirSync(BUNDLES_DIR)) {
    const path = join(BUNDLES_DIR, name);
    if (path === keep) continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > UNUSED_FOR_MS) rmSync(path, { force: true });
    } catch {
      // Removed meanwhile by another worker.
    }
  }
}

async function bundleChildServer(): Promise<string> {
  const result = await build({
    entryPoints: [CHILD_SCRIPT],
    write: false,
    outfile: "child-server.mjs",
    bundle: true,
    platform: "node",
    format: "esm",
    target: `node${process.versions.node.split(".")[0]}`,
    // Bundled CommonJS packages call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
    },
    plugins: [
      {
        name: "native-modules-outside",
        setup(esbuild) {
          esbuild.onResolve({ filter: NATIVE_MODULES }, ({ path }) => ({
            path: requireFromHere.resolve(path),
            external: true,
          }));
        },
      },
      {
        name: "own-import-meta",
        setup(esbuild) {
          esbuild.onLoad({ filter: TYPESCRIPT }, ({ path }) =>
            /[\\/]node_modules[\\/]/.test(path) ? undefined : { contents: withOwnLocation(path), loader: "ts" },
          );
        },
      },
    ],
    logLevel: "error",
  });
  const code = result.outputFiles[0]!.contents;
  const hash = createHash("sha256").update(code).digest("hex").slice(0, 16);
  mkdirSync(BUNDLES_DIR, { recursive: true });
  const outfile = join(BUNDLES_DIR, `child-server-${hash}.mjs`);
  // Written beside it and renamed: a worker starting a child never reads another's half-written file.
  const partial = `${outfile}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
  writeFileSync(partial, code);
  renameSync(partial, outfile);
  removeUnusedBundles(outfile);
  return outfile;
}

let bundled: Promise<string> | undefined;

/** The node arguments that start the child server: its bundle, built on first use. */
export async function childServerArgs(): Promise<string[]> {
  bundled ??= bundleChildServer().catch((error: unknown) => {
    bundled = undefined;
    throw error;
  });
  return [await bundled];
}
