import { Stat } from "@/components/stat";
import { formatMetric } from "../metric-format";
import { countOf, formatCount } from "@/lib/number-format";
import type { TrajectoryFile, TrajectoryIssue } from "./trajectory-file";
import { placeText } from "./trajectory-place";
import { trajectoryStats } from "./trajectory-stats";
import { TrajectorySamples } from "../trajectory-viewer/trajectory-samples";
import { UntrustedText } from "@/components/untrusted-text";
import { revealHiddenCharacters } from "@/lib/hidden-characters";

const SHOWN_ISSUES = 100;

/** "line 4, column 1227 (group 3)", "line 4 (group 3, trajectory 1)", "group 2, trajectory 1", "file". */
export function issuePlace(issue: TrajectoryIssue): string {
  const inGroup = placeText(issue);
  if (issue.line === null) return inGroup || "file";
  const line = issue.column !== null ? `line ${issue.line}, column ${issue.column}` : `line ${issue.line}`;
  return inGroup ? `${line} (${inGroup})` : line;
}

/**
 * What the file holds and every malformed line. Every figure says what it counts: while some groups
 * have problems, the trajectories and rewards are those of the groups that pass the check (a broken
 * group's trajectories cannot be counted reliably), and the labels say so.
 */
export function TrajectoryPreview({ file, fileName }: { file: TrajectoryFile; fileName: string }) {
  const stats = trajectoryStats(file.groups);
  const problems = file.issues.length;
  const passing = file.groups.length;
  const clean = passing === file.groupCount;
  const ofPassing = clean ? "" : ` in the ${countOf(passing, "group")} that pass`;
  return (
    <div className="space-y-3">
      <dl
        className="grid grid-cols-2 gap-3 rounded-lg border border-line bg-surface p-3 text-sm sm:grid-cols-4"
        aria-label={`Contents of ${revealHiddenCharacters(fileName)}`}
      >
        {clean ? (
          <Stat label="Groups (gradient steps)" value={formatCount(file.groupCount)} />
        ) : (
          <Stat
            label="Groups in the file / passing the check"
            value={`${formatCount(file.groupCount)} / ${formatCount(passing)}`}
          />
        )}
        <Stat label={`Trajectories${ofPassing}`} value={formatCount(stats.trajectories)} />
        <Stat
          label={`Trajectories per group${ofPassing}`}
          value={
            stats.groupSize
              ? stats.groupSize.min === stats.groupSize.max
                ? String(stats.groupSize.min)
                : `${stats.groupSize.min}–${stats.groupSize.max}`
              : "—"
          }
        />
        <Stat
          label={`Reward min / mean / max (std)${ofPassing}`}
          value={
            stats.reward
              ? `${formatMetric(stats.reward.min)} / ${formatMetric(stats.reward.mean)} / ${formatMetric(stats.reward.max)} (${formatMetric(stats.reward.std)})`
              : "—"
          }
        />
      </dl>
      {problems > 0 ? (
        <section
          aria-labelledby="trajectory-problems"
          className="rounded-lg border border-red-300 bg-red-50 p-3 dark:border-red-500/30 dark:bg-red-500/10"
        >
          <h3 id="trajectory-problems" className="text-sm font-semibold text-red-900 dark:text-red-200">
            {problems === 1 ? "1 problem" : `${formatCount(problems)} problems`} in <UntrustedText text={fileName} />:
            nothing will be sent until the file is fixed
          </h3>
          <ol className="mt-2 max-h-64 space-y-0.5 overflow-auto font-mono text-xs text-fg">
            {file.issues.slice(0, SHOWN_ISSUES).map((issue, index) => (
              <li key={index}>
                <span className="font-semibold">{issuePlace(issue)}</span>
                {": "}
                {issue.path ? <span className="text-red-800 dark:text-red-300">{issue.path}</span> : null}
                {issue.path ? " " : ""}
                {issue.text}
              </li>
            ))}
          </ol>
          {problems > SHOWN_ISSUES ? (
            <p className="mt-1 text-xs text-fg-muted">…and {formatCount(problems - SHOWN_ISSUES)} more.</p>
          ) : null}
        </section>
      ) : null}
      {file.groups.length > 0 ? (
        <section aria-labelledby="trajectory-samples" className="space-y-2">
          <h3 id="trajectory-samples" className="text-sm font-semibold text-fg">
            Sample trajectories{clean ? "" : " (of the groups that pass)"}
          </h3>
          <TrajectorySamples groups={file.groups} groupNumbers={file.groupNumbers} headingLevel={4} />
        </section>
      ) : null}
    </div>
  );
}
