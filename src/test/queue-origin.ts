/**
 * Where a job trained from an annotation queue came from, as the training registry keeps it: the
 * queue (id q1) and its Tone question, whose answers were the reward.
 */
export function queueOrigin(projectId: string, queueName: string, toneVersion: string) {
  return {
    kind: "queue" as const,
    projectId,
    queueId: "q1",
    queueName,
    rewardSpec: { ref: `weave:///${projectId}/object/tone:${toneVersion}`, label: "Tone" },
  };
}
