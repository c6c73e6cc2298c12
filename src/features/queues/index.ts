/**
 * What other features use of the queues feature (the linter allows no deeper import): the
 * review's reading of a spec's schema and its question component (the specs editor previews with
 * them, so the two cannot disagree), the annotation project from Settings and the notice shown
 * without one.
 */
export { isOptional, OPTIONAL_KEYWORD, specKind, type SpecKind } from "./queue-review/annotate/spec-kind";
export { SpecField } from "./queue-review/annotate/spec-field";
export type { SpecAnswers } from "./queue-review/annotate/answers";
export { NoProjectNotice } from "./shared/no-project-notice";
export { useAnnotationProject } from "./shared/use-annotation-project";
// Links to a queue and to the calls name their project (a queue id means nothing in another one).
export { callsHref, queueHref } from "./shared/links";
// The Train page (train-from-queue) reads a queue as the Insights page does, and shows the same progress.
export { readQueueInBatches } from "./insights/load-insights";
export { useQueueRead } from "./insights/use-queue-read";
export { InsightsLoadStatus as QueueReadStatus } from "./insights/insights-load-status";
export { QueueLoadErrors } from "./shared/queue-load-errors";
export { answersByCall, type AnswersOnCall, type GivenAnswer } from "./shared/call-answers";
export { useQueue, useQueueTotals } from "./api/queue";
export { queueIsGone, QueueGone } from "./shared/queue-gone";
// The Calls page's Add to queue makes a queue on the spot in a project that has none.
export { QueueFormDialog } from "./queue-manage/queue-form-dialog";
// The Train page takes a judge version's verdicts as the reward where no one answered, with its
// agreement with the team measured as the judges' pages measure it.
export { useJudgeVersions, useQueueJudges } from "./judges/api/judges";
export type { Judge } from "./judges/model/judge-value";
export { outcomeOf, outcomesByVersion, verdictsOf, versionKey } from "./judges/model/verdicts";
export type { JudgeOutcome, OutcomesByVersion } from "./judges/model/verdicts";
export { judgeAgreementSteps } from "./judges/agreement/judge-agreement";
export { measureOf } from "./insights/spec-levels";
