/**
 * An answer the service did not store, with what it said, whether it was replacing a row, and
 * whether the row to replace is mine but who "I" am is not known yet (so it cannot be picked).
 */
export class AnswerNotStored extends Error {
  constructor(
    readonly error: unknown,
    readonly replacing: boolean,
    readonly identityUnknown = false,
  ) {
    super(error instanceof Error ? error.message : String(error));
    this.name = "AnswerNotStored";
  }
}
