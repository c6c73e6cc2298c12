import type { Migration } from "../db/migrations";
import { ITEM_OP_TIME_COUNTS_MIGRATION } from "./item-op-time-counts-migration";
import { ITEM_TIME_COUNTS_MIGRATION } from "./item-time-counts-migration";

/**
 * Schema of the annotation queue (trace) service. Timestamps are integer milliseconds since the
 * epoch (compact in indexes, ordered like the ISO strings the API sends).
 *
 * Why the items table looks the way it does (README.md, "Query plan"):
 * - `seq` is the row id and item ids are generated in `seq` order (ids.ts), so the final
 *   tie-breaker "id asc" equals "seq asc", which every SQLite index carries for free.
 * - the derived annotation state, its writer and `updated_at` are stored on the item row (kept in
 *   step with the per-annotator progress records in one transaction) so queries can index them.
 * - every ordered index ends in `seq, annotation_state, added_by, deleted_at`: the order is exact
 *   (ties by seq) and the state/adder filters are checked without reading the table.
 * - `annotation_queue_item_counts` is kept by triggers: queue totals and filtered totals without
 *   scanning, which the query planner uses to read deep pages from the cheaper end.
 */
export const TRACE_MIGRATIONS: Migration[] = [
  {
    id: "trace/001_calls_queues_items",
    sql: `
      CREATE TABLE trace_calls (
        project_id TEXT NOT NULL,
        id TEXT NOT NULL,
        op_name TEXT NOT NULL,
        display_name TEXT,
        trace_id TEXT NOT NULL,
        parent_id TEXT,
        started_at INTEGER NOT NULL,
        ended_at INTEGER,            -- NULL while the call is running
        inputs TEXT NOT NULL DEFAULT '{}',     -- JSON object
        output TEXT,                 -- JSON value; NULL when there is none
        exception TEXT,
        attributes TEXT NOT NULL DEFAULT '{}', -- JSON object
        summary TEXT NOT NULL DEFAULT '{}',    -- JSON object
        wb_user_id TEXT,
        PRIMARY KEY (project_id, id)
      );

      CREATE TABLE annotation_queues (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        project_id TEXT NOT NULL,
        name TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        scorer_refs TEXT NOT NULL DEFAULT '[]', -- JSON array of strings
        created_at INTEGER NOT NULL,
        created_by TEXT NOT NULL,
        updated_at INTEGER NOT NULL,
        deleted_at INTEGER
      );
      CREATE INDEX ix_annotation_queues_project ON annotation_queues (project_id, created_at);

      CREATE TABLE annotation_queue_items (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL,
        queue_seq INTEGER NOT NULL REFERENCES annotation_queues (seq),
        project_id TEXT NOT NULL,
        call_id TEXT NOT NULL,
        call_started_at INTEGER NOT NULL,
        call_ended_at INTEGER,
        call_op_name TEXT NOT NULL,
        call_trace_id TEXT NOT NULL,
        display_fields TEXT NOT NULL DEFAULT '[]', -- JSON array of strings
        added_by TEXT,
        annotation_state TEXT NOT NULL DEFAULT 'unstarted'
          CHECK (annotation_state IN ('unstarted', 'in_progress', 'completed', 'skipped')),
        annotator_user_id TEXT,
        created_at INTEGER NOT NULL,
        created_by TEXT NOT NULL,
        updated_at INTEGER NOT NULL,
        deleted_at INTEGER,
        FOREIGN KEY (project_id, call_id) REFERENCES trace_calls (project_id, id)
      );
      CREATE UNIQUE INDEX ix_aqi_id ON annotation_queue_items (id);
      CREATE UNIQUE INDEX ix_aqi_call ON annotation_queue_items (queue_seq, call_id) WHERE deleted_at IS NULL;
      CREATE INDEX ix_aqi_trace ON annotation_queue_items (queue_seq, call_trace_id) WHERE deleted_at IS NULL;

      CREATE INDEX ix_aqi_created ON annotation_queue_items
        (queue_seq, created_at, seq, annotation_state, added_by, deleted_at) WHERE deleted_at IS NULL;
      CREATE INDEX ix_aqi_updated ON annotation_queue_items
        (queue_seq, updated_at, seq, annotation_state, added_by, deleted_at) WHERE deleted_at IS NULL;
      CREATE INDEX ix_aqi_started ON annotation_queue_items
        (queue_seq, call_started_at, seq, annotation_state, added_by, deleted_at) WHERE deleted_at IS NULL;
      CREATE INDEX ix_aqi_op ON annotation_queue_items
        (queue_seq, call_op_name, seq, annotation_state, added_by, deleted_at) WHERE deleted_at IS NULL;
      -- operation first: the operation filter, and sorts that start with the operation name
      CREATE INDEX ix_aqi_op_created ON annotation_queue_items
        (queue_seq, call_op_name, created_at, seq, annotation_state, added_by, deleted_at) WHERE deleted_at IS NULL;
      CREATE INDEX ix_aqi_op_updated ON annotation_queue_items
        (queue_seq, call_op_name, updated_at, seq, annotation_state, added_by, deleted_at) WHERE deleted_at IS NULL;
      CREATE INDEX ix_aqi_op_started ON annotation_queue_items
        (queue_seq, call_op_name, call_started_at, seq, annotation_state, added_by, deleted_at) WHERE deleted_at IS NULL;

      -- One record per (item, annotator). The item row carries the state of the latest writer.
      CREATE TABLE annotation_item_progress (
        item_seq INTEGER NOT NULL REFERENCES annotation_queue_items (seq),
        annotator_user_id TEXT NOT NULL,
        queue_seq INTEGER NOT NULL,
        annotation_state TEXT NOT NULL CHECK (annotation_state IN ('in_progress', 'completed', 'skipped')),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (item_seq, annotator_user_id)
      ) WITHOUT ROWID;
      CREATE INDEX ix_progress_queue_state ON annotation_item_progress (queue_seq, annotation_state, item_seq);

      -- Live (not deleted) items per queue, operation, state and adder ('' when unknown).
      CREATE TABLE annotation_queue_item_counts (
        queue_seq INTEGER NOT NULL,
        call_op_name TEXT NOT NULL,
        annotation_state TEXT NOT NULL,
        added_by TEXT NOT NULL,
        n INTEGER NOT NULL,
        PRIMARY KEY (queue_seq, call_op_name, annotation_state, added_by)
      ) WITHOUT ROWID;

      CREATE TRIGGER trg_aqi_counts_insert AFTER INSERT ON annotation_queue_items
      WHEN NEW.deleted_at IS NULL
      BEGIN
        INSERT INTO annotation_queue_item_counts
          VALUES (NEW.queue_seq, NEW.call_op_name, NEW.annotation_state, IFNULL(NEW.added_by, ''), 1)
          ON CONFLICT DO UPDATE SET n = n + 1;
      END;

      CREATE TRIGGER trg_aqi_counts_delete AFTER DELETE ON annotation_queue_items
      WHEN OLD.deleted_at IS NULL
      BEGIN
        UPDATE annotation_queue_item_counts SET n = n - 1
          WHERE queue_seq = OLD.queue_seq AND call_op_name = OLD.call_op_name
            AND annotation_state = OLD.annotation_state AND added_by = IFNULL(OLD.added_by, '');
      END;

      CREATE TRIGGER trg_aqi_counts_update
      AFTER UPDATE OF queue_seq, call_op_name, annotation_state, added_by, deleted_at ON annotation_queue_items
      BEGIN
        UPDATE annotation_queue_item_counts SET n = n - 1
          WHERE OLD.deleted_at IS NULL
            AND queue_seq = OLD.queue_seq AND call_op_name = OLD.call_op_name
            AND annotation_state = OLD.annotation_state AND added_by = IFNULL(OLD.added_by, '');
        INSERT INTO annotation_queue_item_counts
          SELECT NEW.queue_seq, NEW.call_op_name, NEW.annotation_state, IFNULL(NEW.added_by, ''), 1
          WHERE NEW.deleted_at IS NULL
          ON CONFLICT DO UPDATE SET n = n + 1;
      END;
    `,
  },
  {
    // Objects (W&B Weave): versions of a named value, addressed by content digest. The human-
    // annotation specs a queue's scorer_refs point at are objects of class AnnotationSpec.
    id: "trace/002_objects",
    sql: `
      CREATE TABLE trace_objects (
        project_id TEXT NOT NULL,
        object_id TEXT NOT NULL,
        digest TEXT NOT NULL,
        kind TEXT NOT NULL,                 -- 'object' or 'op'
        base_object_class TEXT,
        leaf_object_class TEXT,
        val TEXT NOT NULL,                  -- JSON, as stored (classes add _type, _class_name, _bases)
        version_index INTEGER NOT NULL,     -- 0 for an object's first version
        created_at INTEGER NOT NULL,
        deleted_at INTEGER,
        wb_user_id TEXT,
        PRIMARY KEY (project_id, object_id, digest)
      ) WITHOUT ROWID;
      CREATE UNIQUE INDEX ix_trace_objects_versions ON trace_objects (project_id, object_id, version_index);
      CREATE INDEX ix_trace_objects_class ON trace_objects (project_id, base_object_class, object_id);
    `,
  },
  {
    // Feedback (W&B Weave) on calls: human annotations (wandb.annotation.<spec>), notes
    // (wandb.note.1), reactions and anything a client records. `created_at` is ISO text (ms) so
    // query-language comparisons with ISO literals order correctly.
    id: "trace/003_feedback",
    sql: `
      CREATE TABLE trace_feedback (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        project_id TEXT NOT NULL,
        weave_ref TEXT NOT NULL,
        wb_user_id TEXT NOT NULL,
        creator TEXT,
        created_at TEXT NOT NULL,
        feedback_type TEXT NOT NULL,
        payload TEXT NOT NULL,          -- JSON object
        annotation_ref TEXT,
        runnable_ref TEXT,
        call_ref TEXT,
        trigger_ref TEXT
      );
      CREATE INDEX ix_trace_feedback_ref ON trace_feedback (project_id, weave_ref, feedback_type);
      CREATE INDEX ix_trace_feedback_type ON trace_feedback (project_id, feedback_type, created_at);
    `,
  },
  {
    // The calls query (calls-query/): every order the dashboard offers is one index walk, and the
    // filters it offers are checked in the index it walks. Each index ends in `id` (the
    // tie-breaker, so the order is total) and then the columns the other filters test
    // (`parent_id` for "root calls only", `op_name`, `started_at` for a time range), so a walk in
    // one order that filters on the others reads no table rows until a row matches.
    id: "trace/004_calls_query",
    sql: `
      CREATE INDEX ix_calls_started ON trace_calls (project_id, started_at, id, parent_id, op_name);
      CREATE INDEX ix_calls_ended ON trace_calls (project_id, ended_at, id, parent_id, op_name, started_at);
      CREATE INDEX ix_calls_op ON trace_calls (project_id, op_name, id, parent_id, started_at);
      CREATE INDEX ix_calls_op_started ON trace_calls (project_id, op_name, started_at, id, parent_id);
      CREATE INDEX ix_calls_op_ended ON trace_calls (project_id, op_name, ended_at, id, parent_id, started_at);
      CREATE INDEX ix_calls_trace ON trace_calls (project_id, trace_id, started_at, id);
      CREATE INDEX ix_calls_parent ON trace_calls (project_id, parent_id, started_at, id);

      -- Calls per (project, op version, root or not, UTC day), kept by triggers: query_stats for
      -- the op and root filters and whole days of a time range without counting index entries
      -- (a COUNT over 1M entries is ~60 ms).
      CREATE TABLE trace_call_counts (
        project_id TEXT NOT NULL,
        op_name TEXT NOT NULL,
        is_root INTEGER NOT NULL,
        day INTEGER NOT NULL,        -- started_at / 86,400,000
        n INTEGER NOT NULL,
        PRIMARY KEY (project_id, op_name, is_root, day)
      ) WITHOUT ROWID;
      INSERT INTO trace_call_counts
        SELECT project_id, op_name, parent_id IS NULL, started_at / 86400000, count(*) FROM trace_calls GROUP BY 1, 2, 3, 4;

      CREATE TRIGGER trg_calls_counts_insert AFTER INSERT ON trace_calls
      BEGIN
        INSERT INTO trace_call_counts VALUES (NEW.project_id, NEW.op_name, NEW.parent_id IS NULL, NEW.started_at / 86400000, 1)
          ON CONFLICT DO UPDATE SET n = n + 1;
      END;

      CREATE TRIGGER trg_calls_counts_delete AFTER DELETE ON trace_calls
      BEGIN
        UPDATE trace_call_counts SET n = n - 1
          WHERE project_id = OLD.project_id AND op_name = OLD.op_name AND is_root = (OLD.parent_id IS NULL) AND day = OLD.started_at / 86400000;
      END;

      CREATE TRIGGER trg_calls_counts_update AFTER UPDATE OF project_id, op_name, parent_id, started_at ON trace_calls
      BEGIN
        UPDATE trace_call_counts SET n = n - 1
          WHERE project_id = OLD.project_id AND op_name = OLD.op_name AND is_root = (OLD.parent_id IS NULL) AND day = OLD.started_at / 86400000;
        INSERT INTO trace_call_counts VALUES (NEW.project_id, NEW.op_name, NEW.parent_id IS NULL, NEW.started_at / 86400000, 1)
          ON CONFLICT DO UPDATE SET n = n + 1;
      END;
    `,
  },
  {
    // Files and tables (W&B Weave), content-addressed per project (tables/, files/). A row is
    // stored once per project however many tables hold it; a table is its ordered list of row
    // digests, one entry per position, so a page or a filter by row digest is an index range and
    // a new version of a table (an update) shares every unchanged row with the old one.
    // Files and rows are rowid tables: their values are large and would overflow WITHOUT ROWID pages.
    id: "trace/005_files_tables",
    sql: `
      CREATE TABLE trace_files (
        project_id TEXT NOT NULL,
        digest TEXT NOT NULL,
        name TEXT NOT NULL,            -- the name it was first uploaded under
        size_bytes INTEGER NOT NULL,
        content BLOB NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX ix_trace_files ON trace_files (project_id, digest);

      CREATE TABLE trace_table_rows (
        project_id TEXT NOT NULL,
        digest TEXT NOT NULL,
        val TEXT NOT NULL              -- JSON object, keys in the order first sent
      );
      CREATE UNIQUE INDEX ix_trace_table_rows ON trace_table_rows (project_id, digest);

      CREATE TABLE trace_tables (
        project_id TEXT NOT NULL,
        digest TEXT NOT NULL,
        row_count INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (project_id, digest)
      ) WITHOUT ROWID;

      CREATE TABLE trace_table_entries (
        project_id TEXT NOT NULL,
        table_digest TEXT NOT NULL,
        position INTEGER NOT NULL,     -- 0-based: upstream's original_index
        row_digest TEXT NOT NULL,
        PRIMARY KEY (project_id, table_digest, position)
      ) WITHOUT ROWID;
      CREATE INDEX ix_trace_table_entries_row ON trace_table_entries (project_id, table_digest, row_digest, position);
    `,
  },
  {
    // Writing calls (call-writes/): the weave SDKs send each call's start and end separately, in
    // batches that may hold an end before its start (or put it in a later batch than the end).
    // Such an end, or a display name set before the start arrived, waits in
    // trace_call_pending_writes and is applied when the start comes, as upstream merges a call's
    // start and end rows whichever was written first. The run and thread columns are upstream's.
    id: "trace/006_call_writes",
    sql: `
      ALTER TABLE trace_calls ADD COLUMN thread_id TEXT;
      ALTER TABLE trace_calls ADD COLUMN turn_id TEXT;
      ALTER TABLE trace_calls ADD COLUMN wb_run_id TEXT;
      ALTER TABLE trace_calls ADD COLUMN wb_run_step INTEGER;

      CREATE TABLE trace_call_pending_writes (
        project_id TEXT NOT NULL,
        id TEXT NOT NULL,
        call_end TEXT,            -- the end request's fields as JSON, NULL if none arrived yet
        display_name TEXT,        -- from /call/update, NULL if none
        created_at INTEGER NOT NULL,
        PRIMARY KEY (project_id, id)
      ) WITHOUT ROWID;
    `,
  },
  {
    // A file's content in pieces of at most 1 MiB (files.ts), written in steps with the event loop
    // free between them: one 31 MiB row would hold every other request up. Files stored before
    // keep their content in trace_files.content; new ones leave it empty.
    id: "trace/007_file_chunks",
    sql: `
      CREATE TABLE trace_file_chunks (
        project_id TEXT NOT NULL,
        digest TEXT NOT NULL,
        seq INTEGER NOT NULL,          -- 0-based, in the order of the bytes
        bytes BLOB NOT NULL
      );
      CREATE UNIQUE INDEX ix_trace_file_chunks ON trace_file_chunks (project_id, digest, seq);
    `,
  },
  {
    // Ends and renames that arrived before their call's start are bounded per project, by count
    // and by age (call-writes/pending-writes.ts): the oldest of a project are found by this index.
    id: "trace/008_pending_writes_age",
    sql: `
      CREATE INDEX ix_trace_call_pending_writes_age ON trace_call_pending_writes (project_id, created_at, id);
    `,
  },
  {
    // A feedback id names a row within its project, not across all of them: with one id space for
    // every tenant, an id another project used was refused as "already exists", which told a caller
    // that the id exists elsewhere and kept it from being used. SQLite cannot drop a column's
    // UNIQUE, so the table is copied into one without it (seq, the row order, kept).
    id: "trace/009_feedback_id_per_project",
    sql: `
      CREATE TABLE trace_feedback_next (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL,
        project_id TEXT NOT NULL,
        weave_ref TEXT NOT NULL,
        wb_user_id TEXT NOT NULL,
        creator TEXT,
        created_at TEXT NOT NULL,
        feedback_type TEXT NOT NULL,
        payload TEXT NOT NULL,          -- JSON object
        annotation_ref TEXT,
        runnable_ref TEXT,
        call_ref TEXT,
        trigger_ref TEXT
      );
      INSERT INTO trace_feedback_next (seq, id, project_id, weave_ref, wb_user_id, creator, created_at, feedback_type, payload, annotation_ref, runnable_ref, call_ref, trigger_ref)
        SELECT seq, id, project_id, weave_ref, wb_user_id, creator, created_at, feedback_type, payload, annotation_ref, runnable_ref, call_ref, trigger_ref FROM trace_feedback;
      DROP TABLE trace_feedback;
      ALTER TABLE trace_feedback_next RENAME TO trace_feedback;
      CREATE UNIQUE INDEX ix_trace_feedback_id ON trace_feedback (project_id, id);
      CREATE INDEX ix_trace_feedback_ref ON trace_feedback (project_id, weave_ref, feedback_type);
      CREATE INDEX ix_trace_feedback_type ON trace_feedback (project_id, feedback_type, created_at);
    `,
  },
  ITEM_TIME_COUNTS_MIGRATION,
  ITEM_OP_TIME_COUNTS_MIGRATION,
];
