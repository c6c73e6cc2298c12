/**
 * Series colours of a comparison: Okabe and Ito's palette, told apart with the common kinds of
 * colour blindness. Its yellow and black do not read on every background, so each theme swaps in
 * a neighbour (dark yellow on light, grey-white on dark). Up to eight jobs: one colour each.
 */
const LIGHT = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#8C7A00", "#000000"];
const DARK = ["#56B4E9", "#E69F00", "#2BC48E", "#E69BC4", "#F0E442", "#7FB2FF", "#FF8A4C", "#E4E4E7"];

export function seriesColor(index: number, theme: "light" | "dark"): string {
  const palette = theme === "light" ? LIGHT : DARK;
  return palette[index % palette.length]!;
}

/** The same colour, faint: the raw line under a job's smoothed one. */
export function fainter(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}
