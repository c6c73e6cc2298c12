import { useState } from "react";
import type { Call } from "@contract/trace";
import { Button } from "@/components/button";
import { UntrustedText } from "@/components/untrusted-text";
import { revealHiddenCharacters } from "@/lib/hidden-characters";
import { formatCount } from "@/lib/number-format";
import { resolvePath } from "./display-fields";
import { VALUE_BUTTON } from "./folded-text";
import { LinesView } from "./lines-view";
import { ValueView } from "./value-view";

/** Paths longer than this show folded: the queue names them, and nothing bounds their length. */
const PATH_FOLD = 120;

const foldedPath = (path: string) =>
  path.length > PATH_FOLD ? `${path.slice(0, PATH_FOLD)}… (${formatCount(path.length)} characters)` : path;

/** The fields the queue asks annotators to look at, first and readable. */
export function DisplayFieldsPanel({ call, paths }: { call: Call; paths: readonly string[] }) {
  if (paths.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-line-strong px-4 py-6 text-sm text-fg-muted">
        This queue names no display fields. The whole call is below: open “Show the whole call”.
      </p>
    );
  }
  return (
    <div className="space-y-3">
      {paths.map((path, index) => {
        const field = resolvePath(call as Call & Record<string, unknown>, path);
        const label = revealHiddenCharacters(foldedPath(path));
        return (
          // A queue may list the same path twice: the place keeps the key unique.
          <section key={index} aria-label={label} className="min-w-0 rounded-lg border border-line bg-surface">
            <FieldPath path={path} />
            <div className="max-h-[min(32rem,40dvh)] overflow-auto px-4 py-3 lg:max-h-[32rem]">
              {field.found ? (
                <ValueView value={field.value} label={label} />
              ) : (
                <p className="text-sm text-fg-muted italic">Not present in this call.</p>
              )}
            </div>
          </section>
        );
      })}
    </div>
  );
}

/** The path as the section's heading; an absurdly long one folded, whole on demand in a windowed view. */
function FieldPath({ path }: { path: string }) {
  const [whole, setWhole] = useState(false);
  const long = path.length > PATH_FOLD;
  return (
    <div className="border-b border-line px-4 py-2">
      <h3 className="font-mono text-xs font-medium break-all text-fg-muted">
        <UntrustedText text={long ? path.slice(0, PATH_FOLD) : path} />
        {long ? "…" : null}
      </h3>
      {long ? (
        <>
          <Button
            size="sm"
            variant="ghost"
            className={VALUE_BUTTON}
            aria-expanded={whole}
            onClick={() => setWhole((v) => !v)}
          >
            {whole ? "Hide the whole path" : `Show the whole path (${formatCount(path.length)} characters)`}
          </Button>
          {whole ? <LinesView value={path} as="text" label="The whole path" className="mt-1" /> : null}
        </>
      ) : null}
    </div>
  );
}
