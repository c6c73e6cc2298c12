import { paths } from "@/lib/paths";

/** The playground on a checkpoint (the URL contract shared with the catalog and the playground). */
export const playgroundPathForCheckpoint = (address: string): string =>
  paths.playground({ service: "training", model: address });
