import { cn } from "@/lib/cn";
import { Svg } from "./icon-frame";

/** A small spinning ring. Decorative: pair it with text or aria-busy on the region that loads. */
export function Spinner({ size = 16, className }: { size?: number; className?: string }) {
  return (
    <Svg size={size} strokeWidth={3} className={cn("animate-spin motion-reduce:animate-none", className)}>
      <circle cx="12" cy="12" r="9" strokeOpacity="0.25" />
      <path d="M21 12a9 9 0 0 0-9-9" />
    </Svg>
  );
}
