import { useState } from "react";

/**
 * Calls `reset` in the render in which `key` changes (React's pattern for state that follows a prop, set during
 * render): a panel kept in the page from one item to the next starts the new item with its own state in that very
 * render, never showing the item before's for a frame. `reset` may only set this component's state.
 */
export function useResetOnChange(key: string, reset: () => void): void {
  const [seen, setSeen] = useState(key);
  if (seen !== key) {
    setSeen(key);
    reset();
  }
}
