/** A small inline select (toolbars, pickers in a sentence); the full-width form input is inputClasses. */
export const compactSelectClasses =
  "h-7 rounded-md border border-line-strong bg-surface px-2 text-xs text-fg shadow-xs focus-visible:outline-2 focus-visible:outline-offset-0";
