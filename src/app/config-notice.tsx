import { useState } from "react";
import { Link } from "react-router-dom";
import { Button, buttonClasses } from "@/components/button";
import { AlertTriangleIcon, RefreshIcon } from "@/components/icons";
import { paths } from "@/lib/paths";
import { CONFIG_PATH } from "@/connection/runtime-config";
import { useConfigRead } from "@/connection/runtime-config-context";
import { useSettings } from "@/connection/settings-context";
import type { KeyBinding } from "@/connection/settings-store";

/** What a failed config means for the saved key: where it goes meanwhile, or that it is held. */
function keyLine(binding: KeyBinding): string {
  switch (binding.state) {
    case "bound":
      return "Your API key is still sent only to the service addresses saved with it.";
    case "held":
      return "Your saved API key is not being sent: it was stored without the service addresses it belongs to, so the dashboard cannot tell where it may go. Retry, or check the addresses in Settings and save them with the key.";
    default:
      return "Until it is read, the dashboard's built-in default service addresses are in use.";
  }
}

/**
 * Says, on every page, that /config.json could not be read and why, with a Retry that reads it
 * again and applies it in place. Without the config the service addresses are a fallback, so the
 * notice also says what happens to the saved key meanwhile (settings-store.ts, KeyBinding).
 * A deployment that has no config (a 404, a static host's index.html) is not a failure: no notice.
 */
export function ConfigNotice() {
  const { read, retrying, retry } = useConfigRead();
  const { keyBinding } = useSettings();
  const [retries, setRetries] = useState(0);
  if (read.status !== "failed") return null;
  const onRetry = () => void retry().then(() => setRetries((n) => n + 1));
  return (
    <section
      role="alert"
      aria-label="Configuration"
      className="border-b border-red-300 bg-red-50 px-4 py-2.5 text-sm text-fg md:px-8 dark:border-red-500/30 dark:bg-red-500/10"
    >
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <AlertTriangleIcon size={16} className="mt-0.5 shrink-0 text-red-700 dark:text-red-400" />
        <div className="min-w-0 flex-1 basis-64 space-y-1">
          <p>
            <strong className="font-semibold text-red-900 dark:text-red-200">
              Could not read this dashboard's configuration (<code className="font-mono">{CONFIG_PATH}</code>)
            </strong>
            : {read.reason}.{retries > 0 ? ` Tried again ${retries === 1 ? "once" : `${retries} times`}.` : ""}
          </p>
          <p className="text-fg-muted">{keyLine(keyBinding)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" variant="secondary" loading={retrying} onClick={onRetry} icon={<RefreshIcon size={14} />}>
            Retry
          </Button>
          {keyBinding.state === "held" ? (
            <Link to={paths.settings} className={buttonClasses("ghost", "sm")}>
              Review in Settings
            </Link>
          ) : null}
        </div>
      </div>
    </section>
  );
}
