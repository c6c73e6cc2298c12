/** The playground with a catalog model preselected (the URL contract shared with checkpoints). */
export function playgroundPathFor(modelId: string): string {
  return `/playground?${new URLSearchParams({ service: "inference", model: modelId }).toString()}`;
}
