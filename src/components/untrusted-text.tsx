import {
  hasHiddenCharacters,
  markerText,
  splitHiddenCharacters,
  type HiddenCharacter,
  type RevealMode,
} from "@/lib/hidden-characters";
import { cn } from "@/lib/cn";

/**
 * Text from a service or a file (a name, an id, a path, a message): isolated from what is around
 * it (`<bdi>`, direction from its own first strong character, so Arabic and Hebrew read right to
 * left without reordering the page around them) and with its hidden bidirectional and zero-width
 * characters shown as markers instead of acting. Rendered as text only, never as HTML.
 */
export function UntrustedText({
  text,
  mode = "all",
  className,
}: {
  text: string;
  mode?: RevealMode;
  className?: string;
}) {
  // Most text has nothing hidden: one element, no splitting (tables render hundreds of these).
  if (!hasHiddenCharacters(text, mode)) {
    return (
      <bdi dir="auto" className={className}>
        {text}
      </bdi>
    );
  }
  return (
    <bdi dir="auto" className={className}>
      {splitHiddenCharacters(text, mode).map((part, index) =>
        typeof part === "string" ? part : <HiddenCharacterMarker key={index} hidden={part} />,
      )}
    </bdi>
  );
}

/**
 * Prose from a service (a model's answer, a note): a block whose every paragraph takes the
 * direction of its own first strong character and aligns to its own start, so an Arabic paragraph
 * after an English one reads and aligns right to left. (An inline <bdi> inside a `dir="auto"`
 * block would not do: the block's own direction skips <bdi> content and stays left to right.)
 */
export function UntrustedProse({
  text,
  mode = "all",
  as: Tag = "p",
  className,
}: {
  text: string;
  mode?: RevealMode;
  as?: "p" | "div";
  className?: string;
}) {
  return (
    <Tag dir="auto" className={cn("text-start [unicode-bidi:plaintext]", className)}>
      {hasHiddenCharacters(text, mode)
        ? splitHiddenCharacters(text, mode).map((part, index) =>
            typeof part === "string" ? part : <HiddenCharacterMarker key={index} hidden={part} />,
          )
        : text}
    </Tag>
  );
}

/** `⟨U+202E⟩`, boxed, always left to right, named for screen readers. */
export function HiddenCharacterMarker({ hidden, className }: { hidden: HiddenCharacter; className?: string }) {
  const label = `hidden character ${hidden.code}, ${hidden.name}`;
  return (
    <span
      // role="img" names the marker for screen readers ("hidden character U+202E, …") while the
      // page shows `⟨U+202E⟩`; an <img> cannot hold text.
      // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
      role="img"
      dir="ltr"
      aria-label={label}
      title={label}
      className={cn(
        "mx-px rounded-sm bg-amber-100 px-0.5 font-mono text-[0.85em] text-amber-900 ring-1 ring-amber-400 ring-inset dark:bg-amber-400/15 dark:text-amber-200 dark:ring-amber-400/50",
        className,
      )}
    >
      {markerText(hidden)}
    </span>
  );
}
