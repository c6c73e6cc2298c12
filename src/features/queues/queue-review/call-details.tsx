import { useId, useState } from "react";
import type { Call } from "../../../../contract/trace";
import { Button } from "../../../components/button";
import { ValueView } from "./value-view";

/** The rest of the call (inputs, output, exception, attributes, summary), behind a toggle. */
export function CallDetails({ call }: { call: Call }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const parts: [string, unknown][] = [
    ["inputs", call.inputs ?? {}],
    ["output", call.output ?? null],
    ...(call.exception ? ([["exception", call.exception]] as [string, unknown][]) : []),
    ["attributes", call.attributes ?? {}],
    ["summary", call.summary ?? {}],
  ];
  return (
    <div>
      <Button variant="secondary" size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((v) => !v)}>
        {open ? "Hide the whole call" : "Show the whole call"}
      </Button>
      <div id={panelId} hidden={!open} className="mt-3 space-y-3">
        {open
          ? parts.map(([name, value]) => (
              <section key={name} aria-label={`Call ${name}`} className="rounded-lg border border-line bg-surface">
                <h3 className="border-b border-line px-4 py-2 font-mono text-xs font-medium text-fg-muted">{name}</h3>
                <div className="max-h-[32rem] overflow-auto px-4 py-3">
                  <ValueView value={value} openDepth={name === "inputs" || name === "output" ? 2 : 1} />
                </div>
              </section>
            ))
          : null}
      </div>
    </div>
  );
}
