// Checks that node_modules holds exactly what package-lock.json pins, as `npm ci` would have installed
// it: every package the lock requires is on disk at its locked version, and nothing else is. `.ci/run`
// runs it on a node_modules restored from its cache before trusting it; a damaged or stale copy fails
// here and is replaced by a real `npm ci`. Plain JavaScript: it runs before any dependency is trusted.
//
//   node scripts/installed-modules-match-lock.mjs   (exit 0: matches; exit 1: says what differs)

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = process.cwd();
const readJson = (path) => JSON.parse(readFileSync(join(root, path), "utf8"));

/** Differences between the lock and the tree, as lines a person can read. */
function differences() {
  if (!existsSync(join(root, "node_modules/.package-lock.json"))) return ["node_modules/.package-lock.json is missing"];
  const locked = readJson("package-lock.json").packages;
  // npm's record of the tree it installed (written by `npm ci`), which leaves out the optional packages
  // for other platforms that the lock also lists.
  const installed = readJson("node_modules/.package-lock.json").packages;
  const found = [];
  for (const [path, entry] of Object.entries(locked)) {
    if (path === "") continue;
    const record = installed[path];
    if (!record) {
      if (!entry.optional) found.push(`${path}: locked at ${entry.version}, not installed`);
      continue;
    }
    if (record.version !== entry.version)
      found.push(`${path}: locked at ${entry.version}, npm recorded ${record.version}`);
    if (entry.link) continue;
    const manifest = join(root, path, "package.json");
    const onDisk = existsSync(manifest) ? JSON.parse(readFileSync(manifest, "utf8")).version : "nothing";
    if (onDisk !== entry.version) found.push(`${path}: locked at ${entry.version}, ${onDisk} on disk`);
  }
  for (const path of Object.keys(installed)) if (!(path in locked)) found.push(`${path}: installed, not in the lock`);
  return found;
}

const found = differences();
if (found.length > 0) {
  console.error(`node_modules does not match package-lock.json:\n  ${found.slice(0, 20).join("\n  ")}`);
  process.exit(1);
}
