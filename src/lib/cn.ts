/** Joins class names, dropping falsy ones, so conditional classes read as one expression. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}
