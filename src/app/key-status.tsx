import { Link } from "react-router-dom";
import { KeyIcon } from "../components/icons";
import { useSettings } from "../features/settings/settings-context";
import { cn } from "../lib/cn";

/** One line in the sidebar: is a key set, and where is it kept. Links to Settings either way. */
export function KeyStatus() {
  const { connection, keyStorage } = useSettings();
  const hasKey = connection.apiKey !== "";
  return (
    <Link
      to="/settings"
      className="flex items-center gap-2 rounded-md px-2 py-1.5 text-xs text-fg-muted hover:bg-subtle hover:text-fg"
    >
      <KeyIcon size={14} className={cn("shrink-0", hasKey ? "text-emerald-700 dark:text-emerald-400" : "text-amber-700 dark:text-amber-400")} />
      <span>{hasKey ? `API key set (${keyStorage === "local" ? "this device" : "this tab"})` : "No API key set"}</span>
    </Link>
  );
}
