/** Numbers as an ML engineer reads them: 4 significant digits, scientific for the very small. */
export function formatMetric(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  if (!Number.isFinite(value)) return value > 0 ? "∞" : "−∞";
  if (value === 0) return "0";
  const abs = Math.abs(value);
  if (abs < 1e-3) return value.toExponential(2);
  if (abs >= 1e5) return Math.round(value).toLocaleString("en-US");
  return String(Number(value.toPrecision(4)));
}

export function formatCount(value: number): string {
  return value.toLocaleString("en-US");
}

export function formatPercent(fraction: number): string {
  return `${Math.floor(fraction * 100)}%`;
}

/** "45 s", "3 min", "1 h 20 min": for an ETA, where more precision would be false. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}
