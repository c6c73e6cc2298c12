import { useSettings } from "@/settings/settings-context";

/** The `<entity>/<project>` whose queues are shown (Settings); "" when none is chosen yet. */
export function useAnnotationProject(): string {
  return useSettings().connection.annotationProject.trim();
}
