import type { SVGProps } from "react";

/**
 * The frame every line icon (and the spinner) draws in: a 24px grid, 1.75 stroke. Decorative by
 * default: the text next to an icon carries the meaning, so colour and shape are never the only signal.
 */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function frameProps({ size = 16, ...rest }: IconProps): SVGProps<SVGSVGElement> {
  return {
    width: size,
    height: size,
    viewBox: "0 0 24 24",
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 1.75,
    strokeLinecap: "round",
    strokeLinejoin: "round",
    "aria-hidden": "true",
    focusable: "false",
    ...rest,
  };
}

/** The frame around shapes of its own (the spinner's two strokes differ in opacity). */
export function Svg({ children, ...props }: IconProps) {
  return <svg {...frameProps(props)}>{children}</svg>;
}

/** One line icon: its shapes drawn as one path (`d`) in the frame. */
export function renderLineIcon(d: string, props: IconProps) {
  return (
    <svg {...frameProps(props)}>
      <path d={d} />
    </svg>
  );
}

/**
 * A line icon from its shapes (path data; `circle` and `rect` below give theirs). All of an icon's
 * shapes go into one `<path>`, drawn straight into the `<svg>` with no frame component between: a
 * page shows dozens of icons (the catalog 64), so every React fiber and DOM element an icon
 * needs counts on the catalog's cold load.
 * The strokes look the same: every shape was stroked alike, with no fill.
 */
export function lineIcon(name: string, shapes: readonly string[], frame: Pick<IconProps, "strokeWidth"> = {}) {
  const d = shapes.map(startingAbsolute).join(" ");
  const Icon = (props: IconProps) => renderLineIcon(d, { ...frame, ...props });
  Icon.displayName = name;
  return Icon;
}

const RELATIVE_START = /^m\s*(-?[\d.]+)[\s,]*(-?[\d.]+)[\s,]*/;

/**
 * A shape's path data with its first move made absolute. A path's first `m` is absolute, and the
 * pairs after it are relative lines; once the shape follows another in one path, its `m` would be
 * taken from where that one ended.
 */
export function startingAbsolute(shape: string): string {
  const start = RELATIVE_START.exec(shape);
  if (!start) return shape;
  const rest = shape.slice(start[0].length);
  return `M${start[1]} ${start[2]}${/^[-.\d]/.test(rest) ? "l" : ""}${rest}`;
}

/** A circle as path data: two half arcs, closed. */
export function circle(cx: number, cy: number, r: number): string {
  return `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
}

/** A rectangle with corners of radius `rx` as path data, clockwise from the top-left corner's end. */
export function rect(x: number, y: number, width: number, height: number, rx = 0): string {
  const w = width - 2 * rx;
  const h = height - 2 * rx;
  if (rx === 0) return `M${x} ${y}h${width}v${height}h${-width}Z`;
  const corner = (dx: number, dy: number) => `a${rx} ${rx} 0 0 1 ${dx} ${dy}`;
  return `M${x + rx} ${y}h${w}${corner(rx, rx)}v${h}${corner(-rx, rx)}h${-w}${corner(-rx, -rx)}v${-h}${corner(rx, -rx)}Z`;
}
