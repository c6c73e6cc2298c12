import type { SVGProps } from "react";

/**
 * The frame every line icon (and the spinner) draws in: a 24px grid, 1.75 stroke. Decorative by
 * default: the text next to an icon carries the meaning, so colour and shape are never the only signal.
 */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

export function Svg({ size = 16, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}
