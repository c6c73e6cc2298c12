import { ExternalLinkIcon } from "@/components/icons";
import { FACTS_READ_ON, usedSources } from "./model-facts";

/** Where the context, price and parameter figures come from, and what a dash means. */
export function FactsNote() {
  return (
    <section aria-labelledby="facts-note-heading" className="space-y-1 text-xs text-fg-muted">
      <h2 id="facts-note-heading" className="font-medium text-fg">
        About context, prices and parameters
      </h2>
      <p>
        The service's model list does not carry these. They come from W&amp;B's published pages, read on{" "}
        <time dateTime={FACTS_READ_ON}>{FACTS_READ_ON}</time>, and are shown only where the model ID matches exactly. A
        dash means the sources give no figure for that ID: nothing is estimated. Prices are US dollars per million
        tokens, input / output; they may have changed since.
      </p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {usedSources().map((source) => (
          <li key={source.url}>
            <a
              href={source.url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex min-h-6 items-center gap-1 text-link underline-offset-2 hover:underline"
            >
              {source.title}
              <ExternalLinkIcon size={12} />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
