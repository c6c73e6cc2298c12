import { whoSaved } from "@/api/saved-version-check";
import { RelativeTime } from "@/components/relative-time";
import { BodyRow, Cell, HeaderCell, RowHeaderCell, Table, TableFrame, TableHead } from "@/components/table";
import { UntrustedText } from "@/components/untrusted-text";
import { Button } from "@/components/button";
import { formatCount } from "@/lib/number-format";
import type { JudgeSource } from "./load-judge-source";
import type { Judge } from "./model/judge-value";
import { versionKey } from "./model/verdicts";

const firstLine = (text: string) =>
  text
    .split("\n")
    .find((line) => line.trim() !== "")
    ?.trim() ?? "";

/** Every saved version of the judge, newest first; one chosen shows its prompt and its outcomes. */
export function JudgeVersions({
  versions,
  source,
  chosen,
  onChoose,
  me,
}: {
  versions: readonly Judge[];
  source: JudgeSource | undefined;
  chosen: string | null;
  onChoose: (digest: string | null) => void;
  /** The signed-in user's id, so their own versions read "by you"; null while unknown. */
  me: string | null;
}) {
  const picked = versions.find((version) => version.digest === chosen);
  const outcomes = picked ? source?.outcomes.get(versionKey(picked.id, picked.digest)) : undefined;
  let verdicts = 0;
  for (const outcome of outcomes?.values() ?? []) if (outcome.kind === "verdict") verdicts += 1;
  return (
    <div className="space-y-3">
      <TableFrame>
        <Table caption="The judge's versions" density="compact" className="min-w-[32rem]">
          <TableHead>
            <HeaderCell>Version</HeaderCell>
            <HeaderCell>Saved</HeaderCell>
            <HeaderCell>Prompt</HeaderCell>
            <HeaderCell>
              <span className="sr-only">Show</span>
            </HeaderCell>
          </TableHead>
          <tbody>
            {versions.map((version) => (
              <BodyRow key={version.digest}>
                <RowHeaderCell>v{version.versionIndex}</RowHeaderCell>
                <Cell>
                  <RelativeTime value={version.createdAt} />
                  {version.savedBy ? (
                    <>
                      {" by "}
                      <UntrustedText text={version.savedBy === me ? "you" : whoSaved(version.savedBy, me)} />
                    </>
                  ) : null}
                </Cell>
                <Cell className="max-w-80 truncate">
                  <UntrustedText text={firstLine(version.prompt)} />
                </Cell>
                <Cell>
                  <Button
                    size="sm"
                    aria-pressed={chosen === version.digest}
                    onClick={() => onChoose(chosen === version.digest ? null : version.digest)}
                    aria-label={`Show version ${version.versionIndex}`}
                  >
                    Show
                  </Button>
                </Cell>
              </BodyRow>
            ))}
          </tbody>
        </Table>
      </TableFrame>
      {picked ? (
        <div className="space-y-2 rounded-lg border border-line p-3">
          <p className="text-sm text-fg">
            Version {picked.versionIndex} ({picked.model}):{" "}
            {source
              ? `${formatCount(verdicts)} verdicts and ${formatCount((outcomes?.size ?? 0) - verdicts)} failures on the queue's calls.`
              : "reading its outcomes…"}
          </p>
          {/* A scrolling frame is a stop in the tab order, so keyboard users can scroll it (axe). */}
          <section
            aria-label={`Prompt of version ${picked.versionIndex}`}
            // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            className="max-h-64 overflow-auto rounded-md bg-subtle p-2 text-xs whitespace-pre-wrap text-fg focus-visible:outline-2"
          >
            <UntrustedText text={picked.prompt} />
          </section>
        </div>
      ) : null}
    </div>
  );
}
