import type { MatchRange } from "./model-search";
import { splitByRanges } from "./model-search";
import { UntrustedText } from "@/components/untrusted-text";

/** A model ID with the parts the search matched marked; plain text, never markup. */
export function HighlightedId({ id, match }: { id: string; match: readonly MatchRange[] }) {
  if (match.length === 0) return <UntrustedText text={id} />;
  return (
    <>
      {splitByRanges(id, match).map((piece, index) =>
        piece.matched ? (
          <mark key={index} className="rounded-sm bg-amber-200/70 text-inherit dark:bg-amber-400/25">
            <UntrustedText text={piece.text} />
          </mark>
        ) : (
          <UntrustedText key={index} text={piece.text} />
        ),
      )}
    </>
  );
}
