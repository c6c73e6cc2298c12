import { parseArgs } from "node:util";

export const PARTS = [
  "items",
  "feedback",
  "insights",
  "train-from-queue",
  "judge-agreement",
  "calls-query",
  "bundle",
  "lighthouse",
  "interactions",
  "review-keys",
  "cold-loads",
  "hostile-calls",
  "review-form",
  "work-mode",
  "judge-run",
  "insights-page",
  "load",
  "hostile",
] as const;
export type Part = (typeof PARTS)[number];

export type BenchOptions = {
  parts: Part[];
  quick: boolean;
  /** Build the dashboard into bench/.work/dist first (else measure and serve the existing dist/). */
  build: boolean;
  /** Rebuild the cached databases even when their key matches. */
  rebuild: boolean;
  /** Items-query queue sizes, overriding the profile's. */
  sizes: number[] | undefined;
};

export const USAGE = `npm run bench -- [--only ${PARTS.join(",")}] [--quick] [--no-build] [--rebuild] [--sizes 10k,100k,1m]
  --only      comma-separated parts to run (default: all)
  --quick     smaller sizes and fewer repetitions: a smoke run, not numbers to publish
  --no-build  use the existing dist/ instead of building the dashboard into bench/.work/dist
  --rebuild   rebuild the cached databases under bench/.work/
  --sizes     queue sizes for the items query (k = thousand, m = million)`;

function parseSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.trim());
  if (!match) throw new Error(`--sizes: "${text}" is not a size like 10k, 100000 or 1m`);
  const factor = { "": 1, k: 1_000, m: 1_000_000 }[(match[2] ?? "").toLowerCase() as "" | "k" | "m"];
  return Math.round(Number(match[1]) * factor);
}

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: "string" },
      quick: { type: "boolean", default: false },
      "no-build": { type: "boolean", default: false },
      rebuild: { type: "boolean", default: false },
      sizes: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.info(USAGE);
    process.exit(0);
  }
  const parts =
    values.only === undefined
      ? [...PARTS]
      : values.only
          .split(",")
          .map((p) => p.trim())
          .filter(Boolean);
  const unknown = parts.filter((p) => !(PARTS as readonly string[]).includes(p));
  if (unknown.length || parts.length === 0)
    throw new Error(`--only: unknown part(s) ${unknown.join(", ") || "(none given)"}; use ${PARTS.join(", ")}`);
  return {
    parts: PARTS.filter((p) => parts.includes(p)),
    quick: values.quick,
    build: !values["no-build"],
    rebuild: values.rebuild,
    sizes: values.sizes === undefined ? undefined : values.sizes.split(",").map(parseSize),
  };
}
