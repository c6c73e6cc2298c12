import { KeyIcon } from "@/components/icons";

/** Why the user landed here from another page, and that saving a key takes them back. */
export function KeyRequiredNotice({ returnTo, hasKey }: { returnTo: string; hasKey: boolean }) {
  return (
    <div
      role="note"
      className="flex items-start gap-2 rounded-lg border border-indigo-300 bg-indigo-50 px-4 py-3 text-sm text-indigo-950 dark:border-indigo-400/30 dark:bg-indigo-500/10 dark:text-indigo-100"
    >
      <KeyIcon size={16} className="mt-0.5 shrink-0" />
      <p>
        {hasKey ? "After saving you will return to " : "An API key is needed to open "}
        <code className="font-mono text-xs">{returnTo}</code>.{" "}
        {hasKey ? null : "Enter your key below and save: you will be taken back there."}
      </p>
    </div>
  );
}
