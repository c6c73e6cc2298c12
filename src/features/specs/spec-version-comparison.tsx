import type { SpecObject } from "@/api/spec-objects";
import { UntrustedText } from "@/components/untrusted-text";
import { isOptional } from "@/features/queues";
import { describeSchema } from "./spec-schema";

type Row = { label: string; of: (spec: SpecObject) => string };

const ROWS: Row[] = [
  { label: "Question", of: (spec) => spec.name },
  { label: "Description", of: (spec) => spec.description },
  { label: "Answer", of: (spec) => describeSchema(spec.fieldSchema) },
  { label: "JSON Schema", of: (spec) => JSON.stringify(spec.fieldSchema, null, 2) },
  { label: "Required", of: (spec) => (isOptional(spec.fieldSchema) ? "Optional" : "Required") },
  { label: "Who answers", of: (spec) => (spec.uniqueAmongCreators ? "Each annotator" : "One answer, shared") },
];

const title = (spec: SpecObject, whose: string) => `Version ${spec.versionIndex + 1} (${whose})`;

/** Two versions of one spec side by side, field by field, with the fields that differ marked. */
export function SpecVersionComparison({ left, right }: { left: SpecObject; right: SpecObject }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[28rem] border-collapse text-left text-xs">
        <caption className="sr-only">
          {title(left, "theirs")} and {title(right, "yours")}, field by field
        </caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="py-1 pr-2 font-medium">
              Field
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              {title(left, "theirs")}
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              {title(right, "yours")}
            </th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => {
            const a = row.of(left);
            const b = row.of(right);
            return (
              <tr key={row.label} className="border-b border-line align-top">
                <th scope="row" className="py-1 pr-2 font-medium">
                  {row.label}
                  {a !== b ? <span className="text-amber-800 dark:text-amber-300"> (differs)</span> : null}
                </th>
                {[a, b].map((text, column) => (
                  <td key={column} className="py-1 pr-2 whitespace-pre-wrap break-words font-mono">
                    {text === "" ? <span className="text-fg-muted">(none)</span> : <UntrustedText text={text} />}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
