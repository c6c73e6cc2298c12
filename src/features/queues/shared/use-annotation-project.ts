import { useSearchParams } from "react-router-dom";
import { ProjectId } from "@contract/common";
import { PROJECT_PARAM } from "@/lib/paths";
import { useSettings } from "@/connection/settings-context";

/**
 * Which project a page works in: the one chosen in Settings, unless its link names another
 * (`annotation_project=`, lib/paths). Then the page works in neither until the user says which: opened in
 * the chosen project, another project's queue reads as "not found", and switching silently would
 * change Settings behind the user's back.
 * - `working`: the chosen project, named by the link or not.
 * - `none`: nothing chosen, nothing named.
 * - `other`: the link names another project (`chosen` is "" when none is chosen).
 * - `unreadable`: the link's value is not an `entity/project`.
 */
export type PageProject =
  | { kind: "working"; project: string }
  | { kind: "none" }
  | { kind: "other"; linked: string; chosen: string }
  | { kind: "unreadable"; linked: string; chosen: string };

/** The project the link names and the one chosen, compared (see PageProject). */
export function pageProject(linkedParam: string | null, chosen: string): PageProject {
  const linked = (linkedParam ?? "").trim();
  if (!linked || linked === chosen) return chosen ? { kind: "working", project: chosen } : { kind: "none" };
  if (!ProjectId.safeParse(linked).success) return { kind: "unreadable", linked, chosen };
  return { kind: "other", linked, chosen };
}

export function usePageProject(): PageProject {
  const [params] = useSearchParams();
  return pageProject(params.get(PROJECT_PARAM), useSettings().connection.annotationProject.trim());
}

/**
 * The `<entity>/<project>` whose queues, specs and calls the page shows; "" while it has none to
 * work in (none chosen, or the link names another): the page then shows NoProjectNotice, which
 * says which of the two it is.
 */
export function useAnnotationProject(): string {
  const page = usePageProject();
  return page.kind === "working" ? page.project : "";
}
