import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The end-to-end accessibility checks scan each page's second theme with axe's colour rules only
// (e2e/fixtures.ts): the dark theme may change what colour things are, never whether they show, where
// they sit or what they are called. These tests hold the styles to that.

// The tests run from the repository root (vitest.config.ts).
const SRC = join(process.cwd(), "src/");

function sourceFiles(directory: string, extensions: readonly string[]): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path, extensions);
    return extensions.some((extension) => entry.name.endsWith(extension)) && !entry.name.includes(".test.")
      ? [path]
      : [];
  });
}

/**
 * Tailwind utilities that set a colour (text, background, border, ring, outline, SVG paint, shadow colour) to a
 * palette colour (`red-400`, `/40` for its opacity), one of the theme's own (`fg-muted`), or an arbitrary value
 * (`[color-mix(…)]`): not `text-sm` or `border-2`, which share the prefixes but change sizes.
 */
const COLOUR_PROPERTIES = [
  "text",
  "bg",
  "border(-[trblxyse])?",
  "ring",
  "ring-offset",
  "outline",
  "fill",
  "stroke",
  "divide",
  "decoration",
  "accent",
  "caret",
  "placeholder",
  "shadow",
  "from",
  "via",
  "to",
];
/** The theme's own colours (src/index.css). */
const THEME_COLOURS = [
  "canvas",
  "surface",
  "subtle",
  "line",
  "line-strong",
  "fg",
  "fg-muted",
  "accent",
  "accent-hover",
  "accent-fg",
  "link",
  "focus",
];
const COLOUR_VALUES = [
  "[a-z]+-\\d{2,3}", // a palette colour: red-400
  "black|white|transparent|current|inherit",
  ...THEME_COLOURS,
  "\\[[^\\]]+\\]", // an arbitrary value: [color-mix(…)]
];
const COLOUR_UTILITY = new RegExp(`^(${COLOUR_PROPERTIES.join("|")})-(${COLOUR_VALUES.join("|")})(\\/\\d+)?$`);

/** A `dark:` class's utility, after any other variants (`dark:hover:bg-…` → `bg-…`). */
function utilityOf(darkClass: string): string {
  const parts = darkClass.slice("dark:".length).split(":");
  return parts[parts.length - 1]!;
}

const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, "");

describe("the dark theme changes colours only", () => {
  it("every dark: class in the components sets a colour", () => {
    const offending = sourceFiles(SRC, [".ts", ".tsx"]).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/\bdark:[^\s"'`}]+/g)]
        .map((match) => match[0])
        .filter((darkClass) => !COLOUR_UTILITY.test(utilityOf(darkClass)))
        .map((darkClass) => `${file.slice(SRC.length)}: ${darkClass}`),
    );
    expect(offending).toEqual([]);
  });

  it("the style sheets' dark rules set colours and colour variables only", () => {
    const offending = sourceFiles(SRC, [".css"]).flatMap((file) =>
      [...withoutComments(readFileSync(file, "utf8")).matchAll(/([^{}]*)\{([^{}]*)\}/g)].flatMap(([, before, body]) => {
        // What comes before a rule's braces may end earlier statements (`@import …;`): the selector follows the last.
        const selector = before!.split(";").pop()!.trim();
        if (!/\bdark\b/.test(selector)) return [];
        return body!
          .split(";")
          .map((declaration) => declaration.split(":")[0]!.trim())
          .filter((property) => property && !/^(--ui-[a-z-]+|color|background-color)$/.test(property))
          .map((property) => `${file.slice(SRC.length)}: ${selector} { ${property} }`);
      }),
    );
    expect(offending).toEqual([]);
  });
});
