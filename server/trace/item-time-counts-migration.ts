import type { Migration } from "../db/migrations";

/**
 * Width of a time bucket: 2^22 ms, about 70 minutes. Wide enough that a queue's buckets are few
 * (90 days are about 1,850 per field), narrow enough that one holds a batch or a few, not the queue.
 * Part of the stored data: changing it needs a migration that rebuilds the table.
 */
export const TIME_BUCKET_SHIFT = 22;

const FIELDS = ["created_at", "updated_at", "call_started_at"] as const;
const bucketOf = (row: "NEW" | "OLD" | "", field: string) =>
  `(${row ? `${row}.` : ""}${field} >> ${TIME_BUCKET_SHIFT})`;

const increments = FIELDS.map(
  (field) => `
        INSERT INTO annotation_queue_item_time_counts
          SELECT NEW.queue_seq, '${field}', ${bucketOf("NEW", field)}, NEW.annotation_state, 1
          WHERE NEW.deleted_at IS NULL
          ON CONFLICT DO UPDATE SET n = n + 1;`,
).join("");

const decrements = FIELDS.map(
  (field) => `
        UPDATE annotation_queue_item_time_counts SET n = n - 1
          WHERE OLD.deleted_at IS NULL AND queue_seq = OLD.queue_seq AND field = '${field}'
            AND bucket = ${bucketOf("OLD", field)} AND annotation_state = OLD.annotation_state;`,
).join("");

const backfill = FIELDS.map(
  (field) => `
      INSERT INTO annotation_queue_item_time_counts
        SELECT queue_seq, '${field}', ${bucketOf("", field)}, annotation_state, count(*)
        FROM annotation_queue_items WHERE deleted_at IS NULL GROUP BY 1, 3, 4;`,
).join("");

/**
 * Live items per queue, timestamp sort field, time bucket (2^TIME_BUCKET_SHIFT ms) and state, kept
 * by triggers. SQLite counts a range by walking it, so a page 500,000 rows into a timestamp order
 * (or the rank of its first row) cost a walk of 500,000 index entries; with these counts the walk
 * starts at the bucket holding the page and covers one bucket (time-buckets.ts).
 */
export const ITEM_TIME_COUNTS_MIGRATION: Migration = {
  id: "trace/010_item_time_counts",
  sql: `
      CREATE TABLE annotation_queue_item_time_counts (
        queue_seq INTEGER NOT NULL,
        field TEXT NOT NULL,          -- the items column: created_at, updated_at or call_started_at
        bucket INTEGER NOT NULL,      -- its value >> ${TIME_BUCKET_SHIFT}
        annotation_state TEXT NOT NULL,
        n INTEGER NOT NULL,
        PRIMARY KEY (queue_seq, field, bucket, annotation_state)
      ) WITHOUT ROWID;
      ${backfill}

      CREATE TRIGGER trg_aqi_time_counts_insert AFTER INSERT ON annotation_queue_items
      WHEN NEW.deleted_at IS NULL
      BEGIN${increments}
      END;

      CREATE TRIGGER trg_aqi_time_counts_delete AFTER DELETE ON annotation_queue_items
      WHEN OLD.deleted_at IS NULL
      BEGIN${decrements}
      END;

      CREATE TRIGGER trg_aqi_time_counts_update
      AFTER UPDATE OF queue_seq, annotation_state, deleted_at, created_at, updated_at, call_started_at
      ON annotation_queue_items
      BEGIN${decrements}${increments}
      END;
    `,
};
