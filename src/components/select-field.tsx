import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { controlBorder, Field, invalidControlProps, splitFieldProps, type FieldFrameProps } from "./field";
import { compactControlClasses, inputClasses } from "./text-field";

type SelectProps = ComponentProps<"select"> & {
  /** Marks the select invalid: aria-invalid and a red border. */
  invalid?: boolean;
  /** "form": full width, as tall as a text input; "compact": small, for toolbars and pickers in a sentence. */
  density?: "form" | "compact";
};

/**
 * A native select in the app's look, for a select labelled by its own markup (a label in a
 * sentence, a visually hidden one). A select with a visible label above or beside it is a SelectField.
 */
export function Select({ invalid = false, density = "form", className, ...selectProps }: SelectProps) {
  const look = density === "form" ? cn(inputClasses, controlBorder(invalid)) : compactControlClasses;
  return <select aria-invalid={invalid || undefined} className={cn(look, className)} {...selectProps} />;
}

type SelectFieldProps = Omit<SelectProps, "id" | "invalid"> &
  FieldFrameProps & {
    /** Classes for the select itself; `className` styles the wrapper. */
    selectClassName?: string;
  };

/** A labelled select whose hint, warning and error are tied to it with aria-describedby. */
export function SelectField({ selectClassName, ...props }: SelectFieldProps) {
  const [frame, selectProps] = splitFieldProps(props);
  return (
    <Field {...frame}>
      {(control) => <Select {...invalidControlProps(control)} className={selectClassName} {...selectProps} />}
    </Field>
  );
}
