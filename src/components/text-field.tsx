import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";
import { controlBorder, Field, type FieldFrameProps } from "./field";

type TextFieldProps = Omit<ComponentProps<"input">, "id"> &
  Pick<FieldFrameProps, "label" | "hint" | "error" | "warning" | "id"> & {
    /** Controls placed inside the field's right edge, such as a "Show key" toggle. */
    trailing?: ReactNode;
    /** Classes for the input itself; `className` styles the wrapper. */
    inputClassName?: string;
    /**
     * The value is an identifier or a path typed exactly (an ID, a model name): the browser neither
     * suggests past entries nor marks words as misspelled.
     */
    verbatim?: boolean;
  };

/**
 * `geometricPrecision`: Chromium clips a one-line input's text to the font's ascent and descent
 * rounded to whole pixels, and at 1x the hinted underscore of common monospace fonts (DejaVu Sans
 * Mono at 14 px) sits on the row just below that rounded descent, so "tone_1-5" showed as
 * "tone 1-5". With subpixel positioning Chromium rounds the descent up instead, and the row is kept.
 */
export const inputClasses =
  "h-8 w-full rounded-md border bg-surface px-2.5 text-sm text-fg shadow-xs placeholder:text-fg-muted/70 [text-rendering:geometricPrecision] " +
  "disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-0";

/** A small control in a toolbar or a sentence (a compact select, a short typed confirmation). */
export const compactControlClasses =
  "h-7 rounded-md border border-line-strong bg-surface px-2 text-xs text-fg shadow-xs focus-visible:outline-2 focus-visible:outline-offset-0";

const VERBATIM = { autoComplete: "off", spellCheck: false } as const;

/** A labelled input whose hint, warning and error are tied to it with aria-describedby. */
export function TextField({
  label,
  hint,
  error,
  warning,
  trailing,
  id,
  className,
  inputClassName,
  verbatim = false,
  ...inputProps
}: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} warning={warning} id={id} className={className}>
      {(control) => (
        <div className="flex items-center gap-1.5">
          <input
            id={control.id}
            aria-invalid={control.invalid ? true : undefined}
            aria-describedby={control.describedBy}
            className={cn(inputClasses, controlBorder(control.invalid), inputClassName)}
            {...(verbatim ? VERBATIM : undefined)}
            {...inputProps}
          />
          {trailing}
        </div>
      )}
    </Field>
  );
}
