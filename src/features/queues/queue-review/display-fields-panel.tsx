import type { Call } from "../../../../contract/trace";
import { resolvePath } from "./display-fields";
import { ValueView } from "./value-view";

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
      {paths.map((path) => {
        const field = resolvePath(call as Call & Record<string, unknown>, path);
        return (
          <section key={path} aria-label={path} className="rounded-lg border border-line bg-surface">
            <h3 className="border-b border-line px-4 py-2 font-mono text-xs font-medium text-fg-muted">{path}</h3>
            <div className="max-h-[32rem] overflow-auto px-4 py-3">
              {field.found ? <ValueView value={field.value} /> : <p className="text-sm text-fg-muted italic">Not present in this call.</p>}
            </div>
          </section>
        );
      })}
    </div>
  );
}
