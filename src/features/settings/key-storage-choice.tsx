import { cn } from "@/lib/cn";
import type { KeyStorageMode } from "@/connection/settings-storage";

const CHOICES: Array<{ value: KeyStorageMode; label: string; description: string }> = [
  {
    value: "local",
    label: "Remember on this device",
    description: "Kept in this browser's local storage until you forget it.",
  },
  { value: "session", label: "This tab only", description: "Kept in session storage: gone when this tab closes." },
];

/** Where the key is kept once saved. Switching moves it: the other copy is deleted on save. */
export function KeyStorageChoice({
  value,
  onChange,
}: {
  value: KeyStorageMode;
  onChange: (value: KeyStorageMode) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-fg">Where to keep the key</legend>
      <div className="mt-1.5 grid grid-cols-2 gap-2">
        {CHOICES.map((choice) => {
          const id = `key-storage-${choice.value}`;
          return (
            <div
              key={choice.value}
              className={cn(
                "relative flex gap-2 rounded-md border px-3 py-2 text-sm",
                value === choice.value ? "border-accent bg-subtle" : "border-line-strong hover:bg-subtle",
              )}
            >
              <input
                id={id}
                type="radio"
                name="keyStorage"
                value={choice.value}
                checked={value === choice.value}
                onChange={() => onChange(choice.value)}
                aria-describedby={`${id}-description`}
                className="relative z-10 mt-0.5 cursor-pointer accent-accent"
              />
              <div>
                {/* The label's ::after covers the whole card, so a click anywhere selects it. */}
                <label htmlFor={id} className="block cursor-pointer font-medium text-fg after:absolute after:inset-0">
                  {choice.label}
                </label>
                <p id={`${id}-description`} className="text-xs text-fg-muted">
                  {choice.description}
                </p>
              </div>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
