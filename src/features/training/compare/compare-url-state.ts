import { readText, writeParam } from "@/lib/url-state/params";
import type { UrlIssue } from "@/lib/url-state/url-issue";
import type { UrlViewCodec } from "@/lib/url-state/use-url-table";
import { clampSmoothing, SMOOTHING_MAX, SMOOTHING_MIN } from "../charts/smoothing";
import type { StepRange } from "../charts/zoom-sync";

/**
 * How a comparison is viewed, beside its jobs in the URL, so a reload or a shared link shows the
 * same: the smoothing (`smooth=0.8`; absent: this browser's preference), the zoom in job steps
 * (`zoom=10-40`), the charts left out (`charts=-loss,-entropy`: named by what is hidden, so a
 * metric that appears later shows) and whether the facts table keeps only the facts that differ
 * (`facts=differ`).
 */
export type CompareView = {
  smoothing: number | null;
  zoom: StepRange | null;
  hidden: string[];
  onlyDiffering: boolean;
};

export const COMPARE_VIEW_PARAMS = ["smooth", "zoom", "charts", "facts"] as const;

function readSmoothing(params: URLSearchParams, issues: UrlIssue[]): number | null {
  const raw = readText(params, "smooth");
  if (raw === "") return null;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < SMOOTHING_MIN || value > SMOOTHING_MAX) {
    issues.push({
      param: "smooth",
      value: raw,
      reason: `is not a smoothing weight (${SMOOTHING_MIN} to ${SMOOTHING_MAX})`,
    });
    return null;
  }
  return clampSmoothing(value);
}

function readZoom(params: URLSearchParams, issues: UrlIssue[]): StepRange | null {
  const raw = readText(params, "zoom");
  if (raw === "") return null;
  const match = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(raw);
  const min = Number(match?.[1]);
  const max = Number(match?.[2]);
  if (!match || !(max > min)) {
    issues.push({ param: "zoom", value: raw, reason: "is not a range of job steps (from-to, as 10-40)" });
    return null;
  }
  return { min, max };
}

/** A zoom's ends to two decimals: a dragged range is in fractions of a step, which no one reads. */
const roundEnd = (value: number) => String(Math.round(value * 100) / 100);

export const COMPARE_VIEW_CODEC: UrlViewCodec<CompareView> = {
  params: COMPARE_VIEW_PARAMS,
  read: (params, issues) => ({
    smoothing: readSmoothing(params, issues),
    zoom: readZoom(params, issues),
    hidden: [
      ...new Set(
        readText(params, "charts")
          .split(",")
          .map((part) => part.trim().replace(/^-/, ""))
          .filter(Boolean),
      ),
    ],
    onlyDiffering: readText(params, "facts") === "differ",
  }),
  write: (view, params) => {
    writeParam(params, "smooth", view.smoothing === null ? "" : String(view.smoothing));
    writeParam(params, "zoom", view.zoom ? `${roundEnd(view.zoom.min)}-${roundEnd(view.zoom.max)}` : "");
    writeParam(params, "charts", view.hidden.map((name) => `-${name}`).join(","));
    writeParam(params, "facts", view.onlyDiffering ? "differ" : "");
  },
};

/** The zoom as the URL keeps it (ends rounded), to tell a range already written from a new one. */
export function zoomAsWritten(zoom: StepRange | null): StepRange | null {
  return zoom ? { min: Number(roundEnd(zoom.min)), max: Number(roundEnd(zoom.max)) } : null;
}
