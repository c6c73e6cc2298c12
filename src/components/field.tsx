import { useId, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { AlertTriangleIcon } from "./icons";

/** What a field hands its control so the label, hint and message are tied to it. */
export type FieldControl = { id: string; describedBy: string | undefined; invalid: boolean };

/** What every labelled field takes besides its control: the label, the texts tied to it, its layout. */
export type FieldFrameProps = {
  label: ReactNode;
  /** Guidance shown under the label, always visible. */
  hint?: ReactNode;
  /** Makes the field invalid and says why; read out with the control. */
  error?: string | null;
  /** Advice that does not block (e.g. an unusual but allowed value). */
  warning?: string | null;
  /** "stacked": label above (forms); "inline": a small label beside the control (toolbars). */
  layout?: "stacked" | "inline";
  /** Muted labels for secondary controls ("Rows per page"). */
  quiet?: boolean;
  id?: string;
  className?: string;
  /** Shown under the field's message (a retry panel for the control's options). */
  after?: ReactNode;
};

/** Splits a field's props: the frame's (label, texts, layout) for its Field, the rest for its control. */
export function splitFieldProps<P extends FieldFrameProps>({
  label,
  hint,
  error,
  warning,
  layout,
  quiet,
  id,
  className,
  after,
  ...control
}: P) {
  return [{ label, hint, error, warning, layout, quiet, id, className, after }, control] as const;
}

/** What a control that marks itself invalid (Select, Textarea) takes from its field. */
export const invalidControlProps = (control: FieldControl) => ({
  id: control.id,
  "aria-describedby": control.describedBy,
  invalid: control.invalid,
});

type FieldProps = FieldFrameProps & {
  children: (control: FieldControl) => ReactNode;
};

/**
 * A label and the one control it names (input, select, textarea, range), with its hint and
 * error or warning tied to it through aria-describedby. Every labelled control in the app is one.
 */
export function Field({
  label,
  hint,
  error,
  warning,
  layout = "stacked",
  quiet = false,
  id,
  className,
  after,
  children,
}: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const messageId = `${controlId}-message`;
  const describedBy =
    [hint ? hintId : null, error || warning ? messageId : null].filter(Boolean).join(" ") || undefined;
  const control = children({ id: controlId, describedBy, invalid: Boolean(error) });
  const labelClasses = quiet
    ? "text-fg-muted"
    : layout === "inline"
      ? "text-xs font-medium text-fg"
      : "text-sm font-medium text-fg";
  const labelElement = (
    <label htmlFor={controlId} className={labelClasses}>
      {label}
    </label>
  );
  const hintLine = hint ? (
    <p id={hintId} className="text-xs text-fg-muted">
      {hint}
    </p>
  ) : null;
  const message = error ? (
    <p id={messageId} className="flex items-start gap-1 text-xs font-medium text-red-700 dark:text-red-400">
      <AlertTriangleIcon size={14} className="mt-px shrink-0" />
      <span>{error}</span>
    </p>
  ) : warning ? (
    <p id={messageId} className="flex items-start gap-1 text-xs text-amber-800 dark:text-amber-300">
      <AlertTriangleIcon size={14} className="mt-px shrink-0" />
      <span>{warning}</span>
    </p>
  ) : null;

  if (layout === "inline") {
    const row = (
      <div className={cn("flex items-center gap-2", hintLine || message || after ? undefined : className)}>
        {labelElement}
        {control}
      </div>
    );
    if (!hintLine && !message && !after) return row;
    return (
      <div className={cn("flex flex-col gap-1", className)}>
        {row}
        {hintLine}
        {message}
        {after}
      </div>
    );
  }
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      {labelElement}
      {hintLine}
      {control}
      {message}
      {after}
    </div>
  );
}

/** The border of a control in a field: red while it is invalid. */
export const controlBorder = (invalid: boolean) =>
  invalid ? "border-red-600 dark:border-red-500" : "border-line-strong";
