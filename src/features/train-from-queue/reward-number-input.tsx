import { useId, useState } from "react";
import { controlBorder } from "@/components/field";
import { inputClasses } from "@/components/text-field";
import { cn } from "@/lib/cn";

/**
 * A reward for one answer. It keeps what is typed until it reads as a number (so "-" or "0." can
 * be typed); meanwhile it says which reward the preview, the downloads and Start still use, since
 * a field showing "-" or nothing would otherwise be sent silently as its last number.
 */
export function RewardNumberInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
}) {
  const [unreadable, setUnreadable] = useState(false);
  const messageId = useId();
  return (
    <div>
      <input
        type="number"
        step="any"
        aria-label={label}
        aria-invalid={unreadable ? true : undefined}
        aria-describedby={unreadable ? messageId : undefined}
        defaultValue={value}
        onChange={(event) => {
          const next = event.target.valueAsNumber;
          setUnreadable(!Number.isFinite(next));
          if (Number.isFinite(next)) onChange(next);
        }}
        className={cn(inputClasses, controlBorder(unreadable), "w-24 tabular-nums")}
      />
      {unreadable ? (
        <p id={messageId} className="mt-0.5 text-xs text-red-700 dark:text-red-400">
          Not a number: the reward stays {value} until then.
        </p>
      ) : null}
    </div>
  );
}
