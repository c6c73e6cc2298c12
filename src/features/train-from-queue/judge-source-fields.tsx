import { Link } from "react-router-dom";
import { ErrorPanel } from "@/components/error-panel";
import { SelectField } from "@/components/select-field";
import { Stat } from "@/components/stat";
import type { Judge } from "@/features/queues";
import { cn } from "@/lib/cn";
import { revealHiddenCharacters } from "@/lib/hidden-characters";
import { formatCount } from "@/lib/number-format";
import { paths } from "@/lib/paths";
import type { JudgeChoice } from "./train-url-state";

/** A judge version's figures against the team's majority on the calls people answered. */
export type AgreementWithTeam = {
  n: number;
  accuracy: number | null;
  kappa: number | null;
  mae: number | null;
  spearman: number | null;
};

export type AgreementView =
  | { status: "computing" }
  /** `numeric`: the question takes numbers or ratings, so the error and the rank correlation are shown too. */
  | { status: "ready"; figures: AgreementWithTeam; numeric: boolean; warning: string | null }
  | { status: "failed"; error: unknown };

const figure = (value: number | null, digits = 2) => (value === null ? "—" : value.toFixed(digits));
const percent = (value: number | null) => (value === null ? "—" : `${(value * 100).toFixed(1)}%`);

export const versionLabel = (version: Pick<Judge, "versionIndex">) => `v${version.versionIndex}`;

/**
 * Where the reward comes from: the annotators only, or the annotators and, where none of them
 * answered, one of the queue's judges of this question (a chosen version, the latest by default),
 * with that version's agreement with the team beside the choice.
 */
export function JudgeSourceFields({
  queueId,
  judges,
  judgesError,
  versionsError,
  onRetry,
  choice,
  onChoice,
  versions,
  agreement,
}: {
  queueId: string;
  /** The queue's judges of the chosen question, latest versions; undefined while they are read. */
  judges: readonly Judge[] | undefined;
  judgesError: unknown;
  versionsError: unknown;
  onRetry: () => void;
  choice: JudgeChoice | null;
  onChoice: (choice: JudgeChoice | null) => void;
  /** The chosen judge's versions, newest first; undefined while they are read. */
  versions: readonly Judge[] | undefined;
  agreement: AgreementView | null;
}) {
  const available = judges ?? [];
  const latest = choice ? available.find((judge) => judge.id === choice.id) : undefined;
  const noJudge = judges !== undefined && available.length === 0;
  return (
    <fieldset className="space-y-3 rounded-lg border border-line p-3">
      <legend className="px-1 text-sm font-medium text-fg">Reward source</legend>
      <div className="space-y-1 text-sm">
        <label className="flex items-center gap-2">
          <input type="radio" name="reward-source" checked={choice === null} onChange={() => onChoice(null)} />
          Annotators' answers
        </label>
        <label className={cn("flex items-center gap-2", noJudge && "text-fg-muted")}>
          <input
            type="radio"
            name="reward-source"
            checked={choice !== null}
            disabled={available.length === 0}
            onChange={() => {
              const first = available[0];
              if (first) onChoice({ id: first.id, digest: null });
            }}
          />
          Annotators, and a judge where no one answered
        </label>
      </div>
      {judgesError && judges === undefined ? (
        <ErrorPanel error={judgesError} title="Could not read the queue's judges" onRetry={onRetry} />
      ) : judges === undefined ? (
        <output className="block text-xs text-fg-muted">Reading the queue's judges…</output>
      ) : noJudge ? (
        <p className="text-xs text-fg-muted">
          No judge of this queue answers this question:{" "}
          <Link to={paths.queueJudges(queueId)} className="text-link underline underline-offset-2">
            make one on the queue's Judges page
          </Link>
          .
        </p>
      ) : null}
      {choice ? (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label="Judge"
              hint="Its verdicts are the reward for calls the chosen annotators did not answer."
              value={choice.id}
              onChange={(event) => onChoice({ id: event.target.value, digest: null })}
            >
              {latest ? null : <option value={choice.id}>{revealHiddenCharacters(choice.id)}</option>}
              {available.map((judge) => (
                <option key={judge.id} value={judge.id}>
                  {revealHiddenCharacters(judge.name)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Judge version"
              value={choice.digest ?? latest?.digest ?? ""}
              onChange={(event) =>
                onChoice({ id: choice.id, digest: event.target.value === latest?.digest ? null : event.target.value })
              }
            >
              {versions === undefined ? (
                <option value={choice.digest ?? latest?.digest ?? ""}>
                  {latest && !choice.digest ? `${versionLabel(latest)} (latest)` : "Reading the versions…"}
                </option>
              ) : (
                versions.map((version) => (
                  <option key={version.digest} value={version.digest}>
                    {versionLabel(version)}
                    {version.digest === latest?.digest ? " (latest)" : ""} · {version.createdAt.slice(0, 10)}
                  </option>
                ))
              )}
            </SelectField>
          </div>
          {versionsError && versions === undefined ? (
            <ErrorPanel error={versionsError} title="Could not read the judge's versions" onRetry={onRetry} />
          ) : null}
          {agreement ? <AgreementFigures agreement={agreement} /> : null}
        </>
      ) : null}
    </fieldset>
  );
}

function AgreementFigures({ agreement }: { agreement: AgreementView }) {
  if (agreement.status === "computing")
    return <output className="block text-xs text-fg-muted">Measuring the judge's agreement with the team…</output>;
  if (agreement.status === "failed")
    return <ErrorPanel error={agreement.error} title="Could not measure the judge's agreement with the team" />;
  const { figures, numeric, warning } = agreement;
  return (
    <div className="space-y-2">
      <section aria-label="The judge's agreement with the team">
        <h3 className="text-xs text-fg-muted">
          Agreement with the team's majority on the calls people answered (ties left out)
        </h3>
        <dl className="mt-1 grid grid-cols-3 gap-3 text-sm">
          <Stat label="Calls" value={formatCount(figures.n)} />
          <Stat label="Accuracy" value={percent(figures.accuracy)} />
          <Stat label="Cohen's κ" value={figure(figures.kappa)} />
          {numeric ? <Stat label="Mean abs. error" value={figure(figures.mae)} /> : null}
          {numeric ? <Stat label="Spearman's ρ" value={figure(figures.spearman)} /> : null}
        </dl>
      </section>
      {warning ? (
        <p role="note" className="text-sm font-medium text-amber-800 dark:text-amber-200">
          {warning}
        </p>
      ) : null}
    </div>
  );
}
