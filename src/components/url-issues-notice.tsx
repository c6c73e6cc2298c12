import { Button } from "./button";
import { InfoIcon } from "./icons";
import type { UrlIssue } from "@/lib/url-state/url-issue";

/** Says which parts of the address were ignored and why (the table shows the rest). */
export function UrlIssuesNotice({ issues, onDismiss }: { issues: readonly UrlIssue[]; onDismiss: () => void }) {
  if (issues.length === 0) return null;
  return (
    <output className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-400/30 dark:bg-amber-500/10 dark:text-amber-100">
      <InfoIcon size={16} className="mt-0.5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">Part of the link was not understood and was ignored:</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {issues.map((issue, index) => (
            <li key={`${issue.param}-${index}`}>
              <code className="font-mono text-xs">
                {issue.param}={issue.value}
              </code>
              : {issue.reason}.
            </li>
          ))}
        </ul>
      </div>
      <Button size="sm" variant="ghost" onClick={onDismiss}>
        Dismiss
      </Button>
    </output>
  );
}
