import { cn } from "@/lib/cn";

/**
 * A thin determinate bar. A native <progress> carries the semantics (hidden visually, since
 * progress elements cannot be styled alike across browsers); the drawn bar is for the eye.
 */
export function ProgressBar({ value, label, className }: { value: number | null; label: string; className?: string }) {
  const percent = value === null ? 0 : Math.round(value * 100);
  return (
    <div
      className={cn(
        "relative h-1.5 w-full overflow-hidden rounded-full bg-subtle ring-1 ring-line ring-inset",
        className,
      )}
    >
      <progress
        aria-label={label}
        max={100}
        value={percent}
        aria-valuetext={value === null ? "not known yet" : `${percent}%`}
        className="sr-only"
      />
      <div
        aria-hidden="true"
        className="h-full rounded-full bg-accent transition-[width] duration-300"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
