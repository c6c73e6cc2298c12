import { InfoIcon, KeyIcon } from "@/components/icons";
import type { KeyBinding } from "@/connection/settings-store";
import { SERVICE_LABELS, SERVICE_URL_FIELDS, SERVICES } from "@/api/connection";
import { cn } from "@/lib/cn";

const LABELS = SERVICES.map((service) => [SERVICE_URL_FIELDS[service], SERVICE_LABELS[service]] as const);

/**
 * Where the saved key may go (settings-store.ts, KeyBinding): the addresses saved with it, or why
 * it is held. Saving this form is what binds the key to the addresses on it.
 */
export function KeyBindingNote({ binding }: { binding: KeyBinding }) {
  const held = binding.state === "held";
  return (
    <div
      role={held ? "alert" : "group"}
      aria-label="Where the key is sent"
      className={cn(
        "flex items-start gap-2 rounded-md border px-3 py-2.5 text-sm",
        held
          ? "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100"
          : "border-line bg-subtle text-fg",
      )}
    >
      {held ? (
        <KeyIcon size={16} className="mt-0.5 shrink-0" />
      ) : (
        <InfoIcon size={16} className="mt-0.5 shrink-0 text-fg-muted" />
      )}
      <div className="min-w-0 space-y-1.5">
        <BindingText binding={binding} />
      </div>
    </div>
  );
}

function BindingText({ binding }: { binding: KeyBinding }) {
  switch (binding.state) {
    case "bound":
      return (
        <>
          <p>Your key is sent only to these addresses, saved with it:</p>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs">
            {LABELS.map(([field, label]) => (
              <div key={field} className="contents">
                <dt className="text-fg-muted">{label}</dt>
                <dd className="font-mono break-all">{binding.addresses[field]}</dd>
              </div>
            ))}
          </dl>
          <p className="text-xs text-fg-muted">
            Saving other addresses below sends it to those instead, and nowhere else.
          </p>
        </>
      );
    case "held":
      return (
        <p>
          <strong className="font-semibold">Your saved key is not being sent.</strong> It was saved by an earlier
          version without its service addresses, and this dashboard's configuration (/config.json) could not be read, so
          the addresses below are a fallback, not necessarily where the key belongs. Check them and press Save: the key
          will then be sent to these addresses only.
        </p>
      );
    case "unbound":
      return (
        <p>
          Your key was saved by an earlier version without its addresses: it goes to the addresses below. Save to keep
          them with it.
        </p>
      );
    default:
      return <p>A key you save is kept with the addresses below and sent to no other.</p>;
  }
}
