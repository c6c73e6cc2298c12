import { Section } from "@/components/section";
import type { Fact } from "./job-facts";

/**
 * The job's facts as a description list. Values are plain text (file names, configs and model
 * names are the user's or the service's text: never HTML). What is not known says why.
 */
export function FactsPanel({ facts, actions }: { facts: readonly Fact[]; actions?: React.ReactNode }) {
  return (
    <Section title="Facts" actions={actions}>
      <dl
        className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-lg border border-line bg-surface p-4 text-sm sm:grid-cols-2 xl:grid-cols-4"
        data-testid="job-facts"
      >
        {facts.map((fact) => (
          <div key={fact.key} className="min-w-0">
            <dt className="text-xs text-fg-muted">{fact.label}</dt>
            <dd
              className={
                fact.value === null ? "mt-0.5 text-xs text-fg-muted" : "mt-0.5 font-mono text-xs break-words text-fg"
              }
            >
              {fact.value ?? fact.unknown ?? "not known"}
            </dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
