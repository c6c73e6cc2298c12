/**
 * A value axis' tick labels: each tick with the fewest significant digits that give its value
 * (ticks are round numbers: 0.5, 0.55, 1.9e-5), small values in exponent form without trailing
 * zeros, large ones grouped. Called on every redraw of every chart: no formatter is built per call. The
 * formatter is made on first use, not when the module loads: a tab's first Intl object loads the locale data,
 * which a cold load should not wait for when most axes never reach 100,000.
 */
let grouped: Intl.NumberFormat | undefined;
const MAX_DIGITS = 12;
/** Ticks are computed in floating point (0.30000000000000004): this close is the value. */
const TOLERANCE = 1e-9;

export function formatTicks(splits: readonly number[]): string[] {
  return splits.map(tickLabel);
}

function tickLabel(value: number): string {
  if (value === 0) return "0";
  if (!Number.isFinite(value)) return Number.isNaN(value) ? "" : value > 0 ? "∞" : "−∞";
  let rounded = value;
  for (let digits = 1; digits <= MAX_DIGITS; digits += 1) {
    rounded = Number(value.toPrecision(digits));
    if (Math.abs(rounded - value) <= Math.abs(value) * TOLERANCE) break;
  }
  const abs = Math.abs(rounded);
  if (abs < 1e-3) return rounded.toExponential();
  if (abs >= 1e5) return (grouped ??= new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 })).format(rounded);
  return String(rounded);
}
