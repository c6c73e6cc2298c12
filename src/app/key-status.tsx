import { Link } from "react-router-dom";
import { KeyIcon } from "@/components/icons";
import { useSettings } from "@/connection/settings-context";
import { cn } from "@/lib/cn";
import { useViewer } from "@/connection/use-viewer";
import { paths } from "@/lib/paths";

/**
 * The sidebar's account line: who is signed in (the W&B API's answer for the key) and where the
 * key is kept; without an answer, just whether a key is set. Links to Settings either way.
 */
export function KeyStatus() {
  const { connection, keyStorage, keyBinding } = useSettings();
  const viewer = useViewer({ whenIdle: true });
  const hasKey = connection.apiKey !== "";
  const kept = `Key kept on ${keyStorage === "local" ? "this device" : "this tab only"}`;
  const name = viewer.data ? (viewer.data.username ?? viewer.data.id) : null;
  const held = keyBinding.state === "held";
  const headline = held
    ? "API key not sent"
    : !hasKey
      ? "No API key set"
      : name
        ? `Signed in as ${name}`
        : viewer.data === null
          ? "Key not recognised"
          : "API key set";
  return (
    <Link
      to={paths.settings}
      className="flex min-w-0 items-center gap-2 rounded-md px-2 py-1.5 text-xs text-fg-muted hover:bg-subtle hover:text-fg"
    >
      <KeyIcon
        size={14}
        className={cn(
          "shrink-0",
          hasKey && viewer.data !== null
            ? "text-emerald-700 dark:text-emerald-400"
            : "text-amber-700 dark:text-amber-400",
        )}
      />
      <span className="min-w-0">
        <span className="block truncate font-medium text-fg">{headline}</span>
        {held ? (
          <span className="block truncate">Its addresses are unknown: see Settings</span>
        ) : hasKey ? (
          <span className="block truncate">{kept}</span>
        ) : null}
      </span>
    </Link>
  );
}
