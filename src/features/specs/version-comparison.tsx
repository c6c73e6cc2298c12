import { UntrustedText } from "@/components/untrusted-text";

export type ComparedField = { label: string; theirs: string; yours: string };

/**
 * Two versions of one object (someone else's and the person's own) side by side, field by field,
 * with the fields that differ marked. Every value is shown as untrusted text.
 */
export function VersionComparison({
  theirsTitle,
  yoursTitle,
  fields,
}: {
  theirsTitle: string;
  yoursTitle: string;
  fields: readonly ComparedField[];
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[28rem] border-collapse text-left text-xs">
        <caption className="sr-only">
          {theirsTitle} and {yoursTitle}, field by field
        </caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="py-1 pr-2 font-medium">
              Field
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              {theirsTitle}
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              {yoursTitle}
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.label} className="border-b border-line align-top">
              <th scope="row" className="py-1 pr-2 font-medium">
                {field.label}
                {field.theirs !== field.yours ? (
                  <span className="text-amber-800 dark:text-amber-300"> (differs)</span>
                ) : null}
              </th>
              {[field.theirs, field.yours].map((text, column) => (
                <td key={column} className="max-w-[28rem] py-1 pr-2 font-mono break-words whitespace-pre-wrap">
                  {text === "" ? <span className="text-fg-muted">(none)</span> : <UntrustedText text={text} />}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
