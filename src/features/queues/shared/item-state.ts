import type { AnnotationState } from "@contract/trace";
import type { StatusTone } from "@/components/status-badge";

export const STATE_LABELS: Record<AnnotationState, string> = {
  unstarted: "Unstarted",
  in_progress: "In progress",
  completed: "Completed",
  skipped: "Skipped",
};

export const STATE_TONES: Record<AnnotationState, StatusTone> = {
  unstarted: "neutral",
  in_progress: "info",
  completed: "success",
  skipped: "warning",
};
