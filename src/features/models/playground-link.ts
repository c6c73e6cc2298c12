import { paths } from "@/lib/paths";

/** The playground with a catalog model preselected (the URL contract shared with checkpoints). */
export const playgroundPathFor = (modelId: string): string =>
  paths.playground({ service: "inference", model: modelId });
