import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { InferenceModel } from "@contract/inference";
import { buttonClasses } from "@/components/button";
import { CopyButton } from "@/components/copy-button";
import { Dialog } from "@/components/dialog";
import { CloseIcon, ExternalLinkIcon, MessageIcon } from "@/components/icons";
import type { FactSourceId } from "./known-model-facts";
import { FACTS_READ_ON, factsFor, formatParameters, formatUsd, sourceOf } from "./model-facts";
import { providerLabel, providerOf } from "./model-providers";
import { playgroundPathFor } from "./playground-link";
import { SnippetTabs } from "./snippet-tabs";
import { KEY_ENV_VAR } from "./snippets";
import { hasDistinctRoot } from "./catalog-view";

function SourceLink({ source }: { source: FactSourceId }) {
  const { title, url } = sourceOf(source);
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1 text-xs text-link underline-offset-2 hover:underline"
    >
      Source<span className="sr-only">: {title} (opens in a new tab)</span>
      <ExternalLinkIcon size={11} />
    </a>
  );
}

function Fact({ term, children, source }: { term: string; children: ReactNode; source?: FactSourceId }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-b border-line py-1.5 last:border-b-0">
      <dt className="text-fg-muted">{term}</dt>
      <dd className="flex items-baseline gap-2 text-right text-fg">
        {children}
        {source ? <SourceLink source={source} /> : null}
      </dd>
    </div>
  );
}

const notPublished = <span className="text-fg-muted">Not published for this ID</span>;

/**
 * One model in a side sheet: what the service says, the published facts with their sources, and
 * ready-to-run snippets. A modal dialog: focus moves in, Escape or Close closes and focus returns.
 */
export function ModelDetailPanel({
  model,
  baseUrl,
  project,
  onClose,
}: {
  model: InferenceModel | null;
  /** Absolute inference base URL for the snippets. */
  baseUrl: string;
  project: string;
  onClose: () => void;
}) {
  const facts = model ? factsFor(model.id) : undefined;
  return (
    <Dialog
      open={model !== null}
      title={model?.id ?? ""}
      description={model ? `Provider ${providerLabel(providerOf(model.id))}, owned by ${model.owned_by}.` : undefined}
      onClose={onClose}
      placement="side"
      className="font-normal [&>h2]:pr-10 [&>h2]:font-mono [&>h2]:text-sm [&>h2]:break-all"
    >
      {model ? (
        <div className="space-y-6 text-sm">
          <button
            type="button"
            onClick={onClose}
            aria-label="Close details"
            className="absolute top-3 right-3 inline-flex h-8 w-8 items-center justify-center rounded-md text-fg-muted hover:bg-subtle hover:text-fg"
          >
            <CloseIcon size={16} />
          </button>

          <div className="flex flex-wrap gap-2">
            <CopyButton text={model.id} label="Copy model ID" showLabel variant="secondary" />
            <Link to={playgroundPathFor(model.id)} className={buttonClasses("primary", "sm")}>
              <MessageIcon size={14} />
              Try in playground
            </Link>
          </div>

          <section aria-labelledby="detail-facts">
            <h3 id="detail-facts" className="mb-1 text-xs font-semibold tracking-wide text-fg-muted uppercase">
              Facts
            </h3>
            <dl>
              <Fact term="Context window" source={facts?.contextWindow?.source}>
                {facts?.contextWindow ? `${facts.contextWindow.label} tokens` : notPublished}
              </Fact>
              <Fact term="Price per 1M input tokens" source={facts?.pricePerMillion?.source}>
                {facts?.pricePerMillion ? formatUsd(facts.pricePerMillion.input) : notPublished}
              </Fact>
              <Fact term="Price per 1M output tokens" source={facts?.pricePerMillion?.source}>
                {facts?.pricePerMillion ? formatUsd(facts.pricePerMillion.output) : notPublished}
              </Fact>
              <Fact term="Parameters" source={facts?.parameters?.source}>
                {facts?.parameters ? formatParameters(facts.parameters) : notPublished}
              </Fact>
              <Fact term="Owned by">{model.owned_by}</Fact>
              {hasDistinctRoot(model) ? <Fact term="Root">{model.root}</Fact> : null}
              <Fact term="Created">
                {model.created > 0
                  ? new Date(model.created * 1000).toISOString().slice(0, 10)
                  : "Not reported by the service"}
              </Fact>
            </dl>
            <p className="mt-2 text-xs text-fg-muted">
              Published figures as read on {FACTS_READ_ON}; a model not in the sources has none. Nothing is estimated.
            </p>
          </section>

          <section aria-labelledby="detail-snippets" className="space-y-2">
            <h3 id="detail-snippets" className="text-xs font-semibold tracking-wide text-fg-muted uppercase">
              Call it
            </h3>
            <p className="text-xs text-fg-muted">
              Filled in with your inference address{project ? " and project" : ""}. The key is read from the{" "}
              <code className="font-mono">{KEY_ENV_VAR}</code> environment variable: the key saved in this browser is
              never put in a snippet.
            </p>
            <SnippetTabs input={{ baseUrl, modelId: model.id, project }} />
          </section>
        </div>
      ) : null}
    </Dialog>
  );
}
