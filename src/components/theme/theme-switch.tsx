import { MonitorIcon, MoonIcon, SunIcon } from "@/components/icons";
import { cn } from "@/lib/cn";
import { useTheme } from "./theme-context";
import type { ThemePreference } from "./theme-preference";

const OPTIONS: Array<{ value: ThemePreference; label: string; Icon: typeof SunIcon }> = [
  { value: "light", label: "Light", Icon: SunIcon },
  { value: "dark", label: "Dark", Icon: MoonIcon },
  { value: "system", label: "System", Icon: MonitorIcon },
];

/** Light / Dark / System as a radio group: arrow keys move between them, as for any radio group. */
export function ThemeSwitch({ className }: { className?: string }) {
  const { preference, setPreference } = useTheme();
  return (
    <fieldset className={cn("min-w-0", className)}>
      <legend className="mb-1.5 text-xs font-medium text-fg-muted">Theme</legend>
      <div className="grid grid-cols-3 gap-0.5 rounded-md border border-line bg-subtle p-0.5">
        {OPTIONS.map(({ value, label, Icon }) => (
          <label
            key={value}
            className={cn(
              "relative flex cursor-pointer items-center justify-center gap-1 rounded px-1.5 py-1 text-xs font-medium",
              "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus",
              preference === value ? "bg-surface text-fg shadow-sm" : "text-fg-muted hover:text-fg",
            )}
          >
            <input
              type="radio"
              name="theme"
              value={value}
              checked={preference === value}
              onChange={() => setPreference(value)}
              // Invisible but covering the whole segment, so a click anywhere lands on the radio itself.
              className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0"
            />
            <Icon size={13} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
