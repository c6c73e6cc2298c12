import { useState } from "react";
import { browserStorage, readItem, writeItem } from "../../../lib/browser-storage";
import { clampSmoothing, DEFAULT_SMOOTHING } from "./smoothing";

export const SMOOTHING_KEY = "wbops.training.smoothing";

/** The chart smoothing weight, remembered in this browser (a preference, like the theme). */
export function useSmoothing(): [number, (value: number) => void] {
  const [value, setValue] = useState(() => {
    const stored = readItem(browserStorage().local, SMOOTHING_KEY);
    return stored === null ? DEFAULT_SMOOTHING : clampSmoothing(Number(stored));
  });
  const update = (next: number) => {
    const clamped = clampSmoothing(next);
    setValue(clamped);
    writeItem(browserStorage().local, SMOOTHING_KEY, String(clamped));
  };
  return [value, update];
}
