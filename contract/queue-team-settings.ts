/**
 * Where a queue's team settings live: a Weave object of the project, one per queue (the queue
 * record has no such fields). The dashboard writes and reads it; the local trace service reads it
 * too, to know which answers are kept per annotator (server/trace/feedback/team-queues.ts).
 */
export const teamSettingsObjectId = (queueId: string) => `queue-team-settings-${queueId}`;

/** The stored value's fields that make a queue's answers each annotator's own. */
export type PerAnnotatorFields = { answers_per_item?: unknown; blind_review?: unknown };

/** A queue whose settings ask several answers per item, or blind review, keeps each annotator's answer apart. */
export const asksPerAnnotator = (value: PerAnnotatorFields): boolean =>
  (typeof value.answers_per_item === "number" && value.answers_per_item > 1) || value.blind_review === true;
