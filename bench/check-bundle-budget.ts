import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { BUDGET } from "./bundle-budget";
import { kb, measureBundle } from "./bundle-size";

/**
 * The bundle budget, checked in `npm test` after the build: bytes are deterministic, so this is
 * a test, not a benchmark. The numbers live in bundle-budget.ts (the benchmark shows them too).
 */
export { BUDGET };

const distDir = resolve(import.meta.dirname, "..", "dist");
const report = measureBundle(distDir);
const { js, css } = report.initial;
console.info(
  `Initial load: JS ${kb(js.gzip)} gzip (${kb(js.raw)} raw), CSS ${kb(css.gzip)} gzip (${kb(css.raw)} raw); of it boot.ts's ${kb(report.boot.js.gzip)} gzip`,
);
for (const route of report.routes)
  console.info(`  lazy ${route.name}: JS ${kb(route.js.gzip)} gzip, CSS ${kb(route.css.gzip)} gzip`);

const failures: string[] = [];
if (js.gzip > BUDGET.initialJsGzip)
  failures.push(`initial JavaScript is ${kb(js.gzip)} gzip, over the ${kb(BUDGET.initialJsGzip)} budget`);
if (css.gzip > BUDGET.initialCssGzip)
  failures.push(`initial CSS is ${kb(css.gzip)} gzip, over the ${kb(BUDGET.initialCssGzip)} budget`);
if (!report.initial.hasApp)
  failures.push("no chunk for src/main.tsx in the build's manifest: src/boot.ts must import it (build/entries.ts)");
if (report.boot.js.gzip > BUDGET.bootJsGzip)
  failures.push(
    `src/boot.ts and its imports are ${kb(report.boot.js.gzip)} gzip, over the ${kb(BUDGET.bootJsGzip)} budget: ${report.boot.files.join(", ")}`,
  );
// Every file of the first load must be asked for by index.html itself (script, modulepreload or
// stylesheet): main.tsx's files are otherwise fetched only once boot.ts imports it, after the config.
const html = readFileSync(join(distDir, "index.html"), "utf8");
const notInHtml = report.initial.files.filter((file) => !html.includes(`/${file}"`));
if (notInHtml.length)
  failures.push(
    `index.html does not ask for these first-load files, so they would download late (build/entries.ts): ${notInHtml.join(", ")}`,
  );
// Every file the page names (its scripts, styles and icon), except the deployment's config, must be one the
// browser may keep for good: content-hashed under /assets/, served as immutable. Chrome asks for the page's icon
// again at every address the page writes (each item a review moves to): an icon that must be checked again was
// one HTTP request per item.
const revalidated = [...html.matchAll(/\b(?:href|src)="(\/[^"]*)"/g)]
  .map(([, path]) => path!)
  .filter((path) => path !== "/config.json" && !/^\/assets\/[^/]+-[\w-]{8}\.\w+$/.test(path));
if (revalidated.length)
  failures.push(
    `index.html names files without a content hash under /assets/, which the browser must ask for again: ${revalidated.join(", ")}`,
  );
const initialJsFiles = report.initial.files.filter((file) => file.endsWith(".js"));
if (initialJsFiles.length > BUDGET.initialJsFiles)
  failures.push(
    `the first load fetches ${initialJsFiles.length} JavaScript files, over the budget of ${BUDGET.initialJsFiles}: ${initialJsFiles.join(", ")}`,
  );
for (const route of report.routes) {
  if (route.files.length > BUDGET.routeJsFiles)
    failures.push(
      `${route.name} fetches ${route.files.length} JavaScript files of its own, over the budget of ${BUDGET.routeJsFiles}: ${route.files.join(", ")}`,
    );
}
if (failures.length) {
  console.error(`Bundle budget exceeded:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.info("Bundle budget: bytes and file counts within budget");
