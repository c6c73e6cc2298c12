import { resolve } from "node:path";
import { BUDGET } from "./bundle-budget";
import { kb, measureBundle } from "./bundle-size";

/**
 * The bundle budget, checked in `npm test` after the build: bytes are deterministic, so this is
 * a test, not a benchmark. The numbers live in bundle-budget.ts (the benchmark shows them too).
 */
export { BUDGET };

const report = measureBundle(resolve(import.meta.dirname, "..", "dist"));
const { js, css } = report.initial;
console.info(`Initial load: JS ${kb(js.gzip)} gzip (${kb(js.raw)} raw), CSS ${kb(css.gzip)} gzip (${kb(css.raw)} raw)`);
for (const route of report.routes) console.info(`  lazy ${route.name}: JS ${kb(route.js.gzip)} gzip, CSS ${kb(route.css.gzip)} gzip`);

const failures: string[] = [];
if (js.gzip > BUDGET.initialJsGzip) failures.push(`initial JavaScript is ${kb(js.gzip)} gzip, over the ${kb(BUDGET.initialJsGzip)} budget`);
if (css.gzip > BUDGET.initialCssGzip) failures.push(`initial CSS is ${kb(css.gzip)} gzip, over the ${kb(BUDGET.initialCssGzip)} budget`);
if (failures.length) {
  console.error(`Bundle budget exceeded:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.info("Bundle budget: 1 passed, 0 failed");
