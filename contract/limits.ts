import * as z from "zod/mini";

/**
 * How much one request may carry: the longest string and the longest list of each kind, shared
 * by the dashboard (forms, request building) and the local services (422 naming the bound). The
 * real services publish no such numbers; these sit far above what a person or the real clients
 * send (the weave SDK, ART, the openai SDK) and far below what makes a request expensive. Without
 * them one 30 MB scorer ref would be copied into every later queue list of its project, and stats
 * for 100,000 ids would cost seconds and echo every id back.
 */
export const LIMITS = {
  /** Any id: queue, item, call, trace, model, job, event cursor, user (upstream ids are UUIDs of 36 characters). */
  idLength: 256,
  /** `<entity>/<project>`. */
  projectIdLength: 256,
  /** A ref (`weave:///<entity>/<project>/object/<name>:<digest>`), an op name (a full op ref) or a checkpoint address. */
  refLength: 1024,
  /** A queue's name (and the name searched for). */
  queueNameLength: 200,
  descriptionLength: 5000,
  scorerRefs: 100,
  /**
   * Live queues in one project: with every queue at its bounds (~110 KB) the project's queue list
   * stays under ~110 MB. Not a request field: the 400 that creating one more gets.
   */
  queuesPerProject: 1000,
  /** Queue ids in one stats request. */
  statsQueueIds: 1000,
  /** Calls added to a queue in one request. */
  callIdsPerAdd: 1000,
  /** Display fields of an item, and the length of each dotted path. */
  displayFields: 50,
  displayFieldLength: 1000,
  /** Keys in one sort. */
  sortKeys: 10,
  /** Entries of a state filter (four states, repeated at most a little). */
  annotationStates: 10,
  /** A training data URL (presigned URLs carry long signatures). */
  urlLength: 4096,
  /** Steps in one delete-checkpoints request. */
  checkpointSteps: 10_000,
  /** Messages in one chat request (OpenAI's own limit is 2,048). */
  chatMessages: 2048,
  /** A model name, base model, split name or other short label. */
  labelLength: 256,
  /** An object's name (its object id; upstream's names are short identifiers). */
  objectIdLength: 128,
  /** Object ids, classes or refs in one objects query or refs batch (upstream refuses a batch over 1,000 refs). */
  objectQueryList: 1000,
  /** A human-annotation spec's JSON Schema, as JSON: a rating, a choice list or a text bound, with room to spare. */
  fieldSchemaBytes: 64 * 1024,
  /** Objects in one page of an objects query. */
  objectPage: 1000,
  /**
   * A feedback's payload, as JSON: larger ones are a 400 "Feedback payload too large", as upstream
   * words it (a whole trace request is at most 1 MiB, so this bound is the one a client meets).
   */
  feedbackPayloadBytes: 512 * 1024,
  /** A note's length (`wandb.note.1`), as upstream. */
  noteLength: 1024,
  /** Rows in one page of a feedback query. */
  feedbackPage: 10_000,
  /** A feedback type (`wandb.annotation.<name>` and the like). */
  feedbackTypeLength: 256,
  /** A query expression's size: operands in one $and/$or/$in, and nesting depth. */
  queryOperands: 1000,
  queryDepth: 16,
  /** Ids or refs in one entry of a calls filter (upstream refuses parameter lists over 1,000). */
  callsFilterList: 1000,
  /**
   * Calls in one calls query (and the default when `limit` is absent). The dashboard pages by 50 to
   * 250 and the weave SDK by 1,000; a bigger answer is still streamed, but one request then holds
   * its caller's rows for seconds at 1M calls.
   */
  callsPage: 10_000,
  /**
   * Rows of one table (a dataset): sent in one `/table/create`, or grown by `/table/update`; also
   * the most updates, row digests in a filter, and rows in a page. One JSON array in a body holds
   * at most as many (MAX_JSON_ARRAY_LENGTH); each new version of a table copies its row list, so a
   * table this long makes each update costly.
   */
  tableRows: 100_000,
  /**
   * Pops and inserts in one `/table/update`: each moves the rows after it, so 1,000 of them on a
   * table at its bound move 10^8 entries (a fraction of a second). People edit a few rows at a time.
   */
  tableEdits: 1000,
  /**
   * One file's bytes (`/file/create`: an op's code, an image, a clip of audio). Upstream's clients
   * send at most 31 MiB per request (its real limit, 32 MiB, less 1 MiB of headroom).
   */
  fileBytes: 31 * 1024 * 1024,
  /** A content digest (files, rows and tables: 43 or 64 characters upstream). */
  digestLength: 128,
  /**
   * A written call's inputs and output, each as stored JSON: upstream's single-row bound
   * (CLICKHOUSE_SINGLE_ROW_INSERT_BYTES_LIMIT, 3.5 MiB; it replaces a bigger value with an
   * "exceeds limits" marker, here it is a 422). A 1 MB string output fits with room to spare.
   */
  callInputsBytes: 3.5 * 1024 * 1024,
  callOutputBytes: 3.5 * 1024 * 1024,
  /** A call's attributes and summary, as JSON (the SDKs send a few hundred bytes of each). */
  callAttributesBytes: 256 * 1024,
  callSummaryBytes: 256 * 1024,
  /** A call's exception text (the Python SDK sends the message; a long traceback fits). */
  callExceptionLength: 256 * 1024,
  /** A call's display name. */
  callDisplayNameLength: 1024,
  /**
   * Starts and ends in one upsert batch. The TypeScript SDK fills a batch up to 10 MiB of JSON
   * characters with no count bound; its smallest items (the end of a call with no output, the start
   * of an op without arguments) are 150-400 characters, so a full batch may hold about 70,000. The
   * same as the JSON reader's bound on any array (MAX_JSON_ARRAY_LENGTH).
   */
  callsPerBatch: 100_000,
  /** Call ids in one delete (upstream's MAX_DELETE_CALLS_COUNT); their descendants go too, unbounded. */
  callsPerDelete: 1000,
} as const;

/** At most `max` characters; a longer string is checked no further (a pattern over 30 MB costs time). */
export const maxChars = (max: number) => z.maxLength(max, { abort: true });

/** A string of at most `max` characters (the 422 names the bound). */
export const bounded = (max: number) => z.string().check(maxChars(max));

/** A non-empty string of at most `max` characters. */
export const boundedNonEmpty = (max: number, message = "must not be empty") =>
  z.string().check(maxChars(max), z.minLength(1, message));

/** A list of at most `max` elements. */
export const boundedArray = <T extends z.core.$ZodType>(element: T, max: number) =>
  z.array(element).check(z.maxLength(max));
