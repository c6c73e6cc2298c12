import { relative } from "node:path";
import { BUDGET } from "../bundle-budget";
import { kb, measureBundle } from "../bundle-size";
import { ROOT_DIR } from "../lib/paths";
import { against, table, verdictMark, type PartOutput } from "../lib/report";

/** Bytes of what the first page loads and of each lazy route (bundle-size.ts), beside the budget. */
export function bundlePart(distDir: string): PartOutput {
  const report = measureBundle(distDir);
  const { js, css } = report.initial;
  const jsVerdict = against(js.gzip, BUDGET.initialJsGzip);
  const cssVerdict = against(css.gzip, BUDGET.initialCssGzip);
  const largest = report.routes[0];
  const rows = [
    ["first page load (entry + static imports)", kb(js.raw), kb(js.gzip), kb(css.raw), kb(css.gzip)],
    ...report.routes.map((r) => [`lazy: ${r.name}`, kb(r.js.raw), kb(r.js.gzip), kb(r.css.raw), kb(r.css.gzip)]),
  ];
  const markdown = [
    "## Bundle",
    "",
    `Built files in \`${relative(ROOT_DIR, distDir)}\`, gzip level 9. A lazy route counts only what it adds to the first load.`,
    "",
    table(["what", "JS raw", "JS gzip", "CSS raw", "CSS gzip"], rows),
    "",
    `Initial JS ${kb(js.gzip)} gzip: ${verdictMark(jsVerdict)} (budget ${kb(BUDGET.initialJsGzip)}, aim ${kb(BUDGET.initialJsGzipAim)}); initial CSS ${kb(css.gzip)} gzip: ${verdictMark(cssVerdict)} (budget ${kb(BUDGET.initialCssGzip)}).`,
  ].join("\n");
  return {
    summary: [
      {
        benchmark: "Bundle: first page load, JavaScript (gzip)",
        result: `${kb(js.gzip)} (${kb(js.raw)} raw)`,
        budget: `< ${kb(BUDGET.initialJsGzip)} (aim ${kb(BUDGET.initialJsGzipAim)})`,
        verdict: jsVerdict,
      },
      {
        benchmark: "Bundle: first page load, CSS (gzip)",
        result: `${kb(css.gzip)} (${kb(css.raw)} raw)`,
        budget: `< ${kb(BUDGET.initialCssGzip)}`,
        verdict: cssVerdict,
      },
      ...(largest
        ? [
            {
              benchmark: "Bundle: largest lazy route (JS gzip)",
              result: `${kb(largest.js.gzip)} (${largest.name})`,
              budget: "—",
              verdict: "n/a" as const,
            },
          ]
        : []),
    ],
    markdown,
    data: { distDir: relative(ROOT_DIR, distDir), budget: BUDGET, ...report },
  };
}
