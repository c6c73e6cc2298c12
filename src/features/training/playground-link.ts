/** The playground on a checkpoint (the URL contract shared with the catalog and the playground). */
export function playgroundPathForCheckpoint(address: string): string {
  return `/playground?${new URLSearchParams({ service: "training", model: address }).toString()}`;
}
