import { resolve } from "node:path";
import { sourceMapTraces } from "./source-maps";

/** Checked in `npm test` after the build: dist/ holds no source map unless SOURCE_MAPS=1 asked for them. */
const traces = process.env.SOURCE_MAPS === "1" ? [] : sourceMapTraces(resolve(import.meta.dirname, "..", "dist"));
if (traces.length > 0) {
  console.error(`The production build gives its sources away:\n  ${traces.join("\n  ")}`);
  process.exit(1);
}
console.info("Source maps: 1 passed, 0 failed");
