/**
 * Which points to draw. A chart is a few hundred pixels wide; drawing 100,000 points changes no
 * pixel that drawing the lowest and the highest point of each pixel-wide bucket does not
 * (min/max decimation), so the line looks the same and costs a few hundred points. Every point
 * kept is a real step, so the hover readout shows exact values.
 */

/** First index whose x is >= value (xs ascending). */
export function lowerBound(xs: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose x is > value (xs ascending). */
export function upperBound(xs: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Indices in [start, end) keeping each bucket's first, lowest and highest point (NaN skipped)
 * and the range's last point, ascending. Ranges that fit in 2 points per bucket are kept whole.
 */
export function minMaxIndices(
  ys: ArrayLike<number>,
  start: number,
  end: number,
  buckets: number,
  out: number[] = [],
): number[] {
  const count = end - start;
  if (count <= 0) return out;
  if (buckets < 1 || count <= buckets * 2) {
    for (let i = start; i < end; i += 1) out.push(i);
    return out;
  }
  const size = count / buckets;
  for (let b = 0; b < buckets; b += 1) {
    const from = start + Math.floor(b * size);
    const to = Math.min(end, start + Math.floor((b + 1) * size));
    let minIndex = -1;
    let maxIndex = -1;
    for (let i = from; i < to; i += 1) {
      const y = ys[i]!;
      if (Number.isNaN(y)) continue;
      if (minIndex === -1 || y < ys[minIndex]!) minIndex = i;
      if (maxIndex === -1 || y > ys[maxIndex]!) maxIndex = i;
    }
    // The bucket's first point keeps gaps (NaN) and the line's start in place.
    pushAscending(out, from, minIndex, maxIndex);
  }
  if (out.at(-1) !== end - 1) out.push(end - 1);
  return out;
}

function pushAscending(out: number[], ...indices: number[]) {
  const valid = indices.filter((i) => i >= 0).sort((a, b) => a - b);
  for (const i of valid) if (out.at(-1) !== i) out.push(i);
}

/**
 * Points for a chart `buckets` pixels wide over the whole series, and, when zoomed into
 * [range.min, range.max], as fine a selection inside the range as the width allows, so zooming
 * in shows detail while the whole series stays in the data (zooming out needs no refetch).
 */
export function chartIndices(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  buckets: number,
  range?: { min: number; max: number },
): number[] {
  const n = xs.length;
  if (!range) return minMaxIndices(ys, 0, n, buckets);
  const from = Math.max(0, lowerBound(xs, range.min) - 1);
  const to = Math.min(n, upperBound(xs, range.max) + 1);
  // Outside the range a coarse pass is enough: those points are off screen until zoomed out.
  const coarse = minMaxIndices(ys, 0, n, Math.max(1, Math.floor(buckets / 4)));
  const out = coarse.filter((i) => i < from);
  minMaxIndices(ys, from, to, buckets, out);
  for (const i of coarse) if (i >= to) out.push(i);
  return out;
}

/** uPlot's aligned columns for the chosen indices: x, then each series (NaN becomes a gap). */
export function alignedColumns(
  indices: readonly number[],
  xs: ArrayLike<number>,
  series: ArrayLike<number>[],
): [number[], ...(number | null)[][]] {
  const x: number[] = [];
  const ys = series.map((): (number | null)[] => []);
  for (const i of indices) {
    x.push(xs[i]!);
    for (let s = 0; s < series.length; s += 1) {
      const value = series[s]![i]!;
      ys[s]!.push(Number.isNaN(value) ? null : value);
    }
  }
  return [x, ...ys];
}
