import { useId, type ComponentProps, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { AlertTriangleIcon } from "./icons";

type TextFieldProps = Omit<ComponentProps<"input">, "id"> & {
  label: ReactNode;
  /** Guidance shown under the label, always visible. */
  hint?: ReactNode;
  /** Makes the field invalid and says why; read out with the field. */
  error?: string | null;
  /** Advice that does not block (e.g. an unusual but allowed value). */
  warning?: string | null;
  /** Controls placed inside the field's right edge, such as a "Show key" toggle. */
  trailing?: ReactNode;
  id?: string;
  /** Classes for the input itself; `className` styles the wrapper. */
  inputClassName?: string;
};

export const inputClasses =
  "h-8 w-full rounded-md border bg-surface px-2.5 text-sm text-fg shadow-xs placeholder:text-fg-muted/70 " +
  "disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-0";

/** A labelled input whose hint, warning and error are tied to it with aria-describedby. */
export function TextField({ label, hint, error, warning, trailing, id, className, inputClassName, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const messageId = `${inputId}-message`;
  const describedBy = [hint ? hintId : null, error || warning ? messageId : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-fg">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-xs text-fg-muted">
          {hint}
        </p>
      ) : null}
      <div className="flex items-center gap-1.5">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(inputClasses, error ? "border-red-600 dark:border-red-500" : "border-line-strong", inputClassName)}
          {...inputProps}
        />
        {trailing}
      </div>
      {error ? (
        <p id={messageId} className="flex items-start gap-1 text-xs font-medium text-red-700 dark:text-red-400">
          <AlertTriangleIcon size={14} className="mt-px shrink-0" />
          <span>{error}</span>
        </p>
      ) : warning ? (
        <p id={messageId} className="flex items-start gap-1 text-xs text-amber-800 dark:text-amber-300">
          <AlertTriangleIcon size={14} className="mt-px shrink-0" />
          <span>{warning}</span>
        </p>
      ) : null}
    </div>
  );
}
