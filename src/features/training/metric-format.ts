// toLocaleString builds a formatter per call: the charts' axes format every tick of every chart on each redraw.
// Made on first use, not when the module loads: a tab's first Intl object loads the locale data, which a cold
// load should not wait for when most metrics never reach 100,000 (bench/README.md, cold-loads).
let largeFormat: Intl.NumberFormat | undefined;

/** Numbers as an ML engineer reads them: 4 significant digits, scientific for the very small. */
export function formatMetric(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  if (!Number.isFinite(value)) return value > 0 ? "∞" : "−∞";
  if (value === 0) return "0";
  const abs = Math.abs(value);
  if (abs < 1e-3) return value.toExponential(2);
  if (abs >= 1e5) return (largeFormat ??= new Intl.NumberFormat("en-US")).format(Math.round(value));
  return String(Number(value.toPrecision(4)));
}

export function formatPercent(fraction: number): string {
  return `${Math.floor(fraction * 100)}%`;
}
