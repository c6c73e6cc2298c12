import * as z from "zod/mini";
import { createStoredValue, useStoredValue } from "@/lib/stored-value";
import { clampSmoothing, DEFAULT_SMOOTHING } from "./smoothing";

export const SMOOTHING_KEY = "wbops.training.smoothing";

const smoothing = createStoredValue(SMOOTHING_KEY, z.number(), {
  fallback: DEFAULT_SMOOTHING,
  normalise: clampSmoothing,
});

/** The chart smoothing weight, remembered in this browser (a preference, like the theme) and the same in every tab. */
export function useSmoothing(): [number, (value: number) => void] {
  return [useStoredValue(smoothing), smoothing.set];
}
