import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

type CheckboxProps = Omit<ComponentProps<"input">, "type" | "onChange"> & {
  onCheckedChange: (checked: boolean) => void;
};

/** A native checkbox in the accent colour, reporting its new state; its label is the caller's markup. */
export function Checkbox({ onCheckedChange, className, ...inputProps }: CheckboxProps) {
  return (
    <input
      type="checkbox"
      onChange={(event) => onCheckedChange(event.target.checked)}
      className={cn("accent-[var(--ui-accent)]", className)}
      {...inputProps}
    />
  );
}
