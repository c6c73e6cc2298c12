import type { PublishedFacts } from "./known-model-facts";
import { formatParameters, formatUsd } from "./model-facts";

/** The dash of a fact no source gives for this ID; the note under the table says why. */
export function UnknownFact() {
  return (
    <span className="text-fg-muted">
      <span aria-hidden="true">—</span>
      <span className="sr-only">not published</span>
    </span>
  );
}

export function ContextCell({ facts }: { facts: PublishedFacts | undefined }) {
  return facts?.contextWindow ? <>{facts.contextWindow.label}</> : <UnknownFact />;
}

export function PriceCell({ facts }: { facts: PublishedFacts | undefined }) {
  const price = facts?.pricePerMillion;
  if (!price) return <UnknownFact />;
  return (
    <span>
      {formatUsd(price.input)}
      <span className="text-fg-muted"> / </span>
      {formatUsd(price.output)}
    </span>
  );
}

/** "235B (22B)" under a "total (active)" header; the panel spells it out. */
export function ParametersCell({ facts }: { facts: PublishedFacts | undefined }) {
  const parameters = facts?.parameters;
  if (!parameters) return <UnknownFact />;
  return (
    <span title={formatParameters(parameters)}>
      {parameters.total}
      {parameters.active ? <span className="text-fg-muted"> ({parameters.active})</span> : null}
    </span>
  );
}

/** "Aug 5, 2025" in a <time>, or a dash when the service sends 0 (the real one always does). */
export function CreatedCell({ created }: { created: number }) {
  if (!(created > 0)) {
    return (
      <span className="text-fg-muted">
        <span aria-hidden="true">—</span>
        <span className="sr-only">not reported</span>
      </span>
    );
  }
  const date = new Date(created * 1000);
  return (
    <time dateTime={date.toISOString()}>
      {new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(date)}
    </time>
  );
}
