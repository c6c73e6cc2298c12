import { Dialog } from "@/components/dialog";
import { Button } from "@/components/button";

export type Shortcut = { keys: string[]; action: string };

/** The list behind "?": every key of the page and what it does. */
export function ShortcutsDialog({
  open,
  onClose,
  shortcuts,
}: {
  open: boolean;
  onClose: () => void;
  shortcuts: readonly Shortcut[];
}) {
  return (
    <Dialog
      open={open}
      title="Keyboard shortcuts"
      description="They work whenever you are not typing in a field."
      onClose={onClose}
    >
      <dl className="divide-y divide-line text-sm">
        {shortcuts.map((s) => (
          <div key={s.action} className="flex items-center justify-between gap-4 py-1.5">
            <dt className="text-fg-muted">{s.action}</dt>
            <dd className="flex shrink-0 gap-1">
              {s.keys.map((key) => (
                <kbd
                  key={key}
                  className="min-w-6 rounded border border-line-strong bg-subtle px-1.5 py-0.5 text-center font-mono text-xs text-fg"
                >
                  {key}
                </kbd>
              ))}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex justify-end">
        <Button onClick={onClose}>Close</Button>
      </div>
    </Dialog>
  );
}
