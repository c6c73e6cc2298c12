import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { Section } from "@/components/section";
import { formatCount } from "@/lib/number-format";
import { InsightsSummary } from "./insights-summary";
import { AgreementTable } from "./agreement-table";
import { AnnotatorsTable } from "./annotators-table";
import { AnswerDistributionPanel } from "./answer-distribution-panel";
import { CompletedPerDayPanel } from "./completed-per-day-panel";
import { DisagreementTable } from "./disagreement-table";
import type { LoadedInsights } from "./load-insights";

/** The five panels of a computed read, each in its own error boundary (one crash leaves the others). */
export function InsightsPanels({
  project,
  queueId,
  loaded,
  me,
}: {
  project: string;
  queueId: string;
  loaded: LoadedInsights;
  me: string | null;
}) {
  const { insights } = loaded;
  const measured = insights.agreement.filter((row) => row.level !== null);
  return (
    <>
      <InsightsSummary loaded={loaded} />

      <Section title="Completed per annotator per day">
        <PanelErrorBoundary label="Completed per annotator per day">
          <CompletedPerDayPanel data={insights.completedPerDay} me={me} />
        </PanelErrorBoundary>
      </Section>

      <Section title="Who did what">
        <PanelErrorBoundary label="Who did what">
          {insights.annotators.length === 0 ? (
            <p className="text-sm text-fg-muted">Nobody has worked on this queue yet.</p>
          ) : (
            <AnnotatorsTable rows={insights.annotators} me={me} />
          )}
        </PanelErrorBoundary>
      </Section>

      <Section
        title="Agreement between annotators"
        note={measured.length === 0 ? "No question can be measured" : undefined}
      >
        <PanelErrorBoundary label="Agreement between annotators">
          {insights.agreement.length === 0 ? (
            <p className="text-sm text-fg-muted">This queue has no questions.</p>
          ) : (
            <AgreementTable rows={insights.agreement} />
          )}
        </PanelErrorBoundary>
      </Section>

      <Section
        title="Where annotators disagree most"
        note={
          insights.disputedItems > 0 ? `${formatCount(insights.disputedItems)} items with any disagreement` : undefined
        }
      >
        <PanelErrorBoundary label="Where annotators disagree most">
          <DisagreementTable
            project={project}
            queueId={queueId}
            rows={insights.disagreements}
            disputedItems={insights.disputedItems}
            me={me}
          />
        </PanelErrorBoundary>
      </Section>

      <Section title="Answers per question">
        <PanelErrorBoundary label="Answers per question">
          {insights.distributions.length === 0 ? (
            <p className="text-sm text-fg-muted">This queue has no questions.</p>
          ) : (
            <div className="grid grid-cols-1 gap-3 md:grid-cols-2 2xl:grid-cols-3">
              {insights.distributions.map((distribution) => (
                <AnswerDistributionPanel key={distribution.spec.id} distribution={distribution} />
              ))}
            </div>
          )}
        </PanelErrorBoundary>
      </Section>
    </>
  );
}
