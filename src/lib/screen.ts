/** Narrower than Tailwind's `md` breakpoint (768 px), where the layout switches to its phone form. */
export const NARROW_SCREEN_QUERY = "(max-width: 767px)";

/** Whether the window is phone-narrow now (false where there is no window or no matchMedia). */
export const isNarrowScreen = (): boolean =>
  typeof window !== "undefined" && window.matchMedia?.(NARROW_SCREEN_QUERY).matches === true;
