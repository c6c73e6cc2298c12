import { build } from "esbuild";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

// Booting the child server through tsx compiles every server module again in each child: 5-10 s
// per boot on a busy CI machine, and the kill loop boots 21 of them. Bundled once per test worker
// (esbuild, which tsx already brings), a child starts on plain node in 2-3 s. Native modules stay
// outside the bundle, imported by their absolute path so the bundle can live in a temporary folder,
// and each source file keeps its own import.meta.url and dirname (the upload worker is found by them).

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

let bundled: Promise<string> | undefined;

async function bundleChildServer(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "child-server-bundle-"));
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  const outfile = join(dir, "child-server.mjs");
  await build({
    entryPoints: [CHILD_SCRIPT],
    outfile,
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
  return outfile;
}

/** The node arguments that start the child server: its bundle, built on first use. */
export async function childServerArgs(): Promise<string[]> {
  bundled ??= bundleChildServer().catch((error: unknown) => {
    bundled = undefined;
    throw error;
  });
  return [await bundled];
}
