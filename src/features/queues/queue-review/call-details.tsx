import { useId, useState } from "react";
import type { Call } from "@contract/trace";
import { Button } from "@/components/button";
import { LinesView } from "./lines-view";
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
      <Button
        variant="secondary"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? "Hide the whole call" : "Show the whole call"}
      </Button>
      <div id={panelId} hidden={!open} className="mt-3 space-y-3">
        {open ? parts.map(([name, value]) => <CallPart key={name} name={name} value={value} />) : null}
      </div>
    </div>
  );
}

/**
 * One part of the call, as a tree or as text. The text is the whole value, pretty-printed a slice
 * at a time into a windowed view (lines-view.tsx), so it opens at once at 5 MB.
 */
function CallPart({ name, value }: { name: string; value: unknown }) {
  const [asText, setAsText] = useState(false);
  return (
    <section aria-label={`Call ${name}`} className="min-w-0 rounded-lg border border-line bg-surface">
      <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-1">
        <h3 className="font-mono text-xs font-medium text-fg-muted">{name}</h3>
        <Button
          size="sm"
          variant="ghost"
          className="h-6 px-1.5"
          aria-pressed={asText}
          onClick={() => setAsText((v) => !v)}
        >
          {typeof value === "string" ? "Whole text" : "JSON text"}
        </Button>
      </div>
      {asText ? (
        <LinesView
          value={value}
          as={typeof value === "string" ? "text" : "json"}
          label={`Call ${name} as text`}
          className="px-4 py-3"
        />
      ) : (
        <div className="max-h-[32rem] overflow-auto px-4 py-3">
          <ValueView
            value={value}
            openDepth={name === "inputs" || name === "output" ? 2 : 1}
            label={`the call's ${name}`}
          />
        </div>
      )}
    </section>
  );
}
