import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { controlBorder, Field, invalidControlProps, splitFieldProps, type FieldFrameProps } from "./field";
import { inputClasses } from "./text-field";

type TextareaProps = ComponentProps<"textarea"> & {
  /** Marks the box invalid: aria-invalid and a red border. */
  invalid?: boolean;
  /** "form": the text input's padding; "roomy": a little more, for a box that is the page's main input. */
  density?: "form" | "roomy";
};

/**
 * A textarea in the app's look, grown by rows and resizable in height, for a box labelled by its
 * own markup (a hidden label, an aria-labelledby). One with a visible label is a TextareaField.
 */
export function Textarea({ invalid = false, density = "form", className, ...textareaProps }: TextareaProps) {
  return (
    <textarea
      aria-invalid={invalid || undefined}
      className={cn(
        inputClasses,
        "h-auto resize-y",
        density === "form" ? "py-1.5" : "py-2",
        controlBorder(invalid),
        className,
      )}
      {...textareaProps}
    />
  );
}

type TextareaFieldProps = Omit<TextareaProps, "id" | "invalid"> &
  FieldFrameProps & {
    /** Classes for the textarea itself; `className` styles the wrapper. */
    textareaClassName?: string;
  };

/** A labelled textarea whose hint, warning and error are tied to it with aria-describedby. */
export function TextareaField({ textareaClassName, ...props }: TextareaFieldProps) {
  const [frame, textareaProps] = splitFieldProps(props);
  return (
    <Field {...frame}>
      {(control) => <Textarea {...invalidControlProps(control)} className={textareaClassName} {...textareaProps} />}
    </Field>
  );
}
