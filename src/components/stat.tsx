/** One figure of a summary list (`<dl>`): its label above its value. */
export function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="mt-0.5 font-medium text-fg tabular-nums">{value}</dd>
    </div>
  );
}
