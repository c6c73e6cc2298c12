import type { ReactNode } from "react";

/**
 * The table kit's frame (components/table's TableFrame) as a named region the keyboard can reach,
 * so a table wider than the screen (a phone, the side-by-side columns) can be scrolled without a
 * mouse (axe: scrollable-region-focusable), as the training compare page's facts table does.
 */
export function ScrollFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={`${label} (scrolls sideways when narrow)`}
      // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border border-line bg-surface focus-visible:outline-2 focus-visible:outline-focus"
    >
      {children}
    </section>
  );
}
