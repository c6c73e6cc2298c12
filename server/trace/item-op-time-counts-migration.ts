import type { Migration } from "../db/migrations";
import { TIME_BUCKET_SHIFT } from "./item-time-counts-migration";

const FIELDS = ["created_at", "updated_at", "call_started_at"] as const;
const bucketOf = (row: "NEW" | "OLD" | "", field: string) =>
  `(${row ? `${row}.` : ""}${field} >> ${TIME_BUCKET_SHIFT})`;

const increments = FIELDS.map(
  (field) => `
        INSERT INTO annotation_queue_item_op_time_counts
          SELECT NEW.queue_seq, NEW.call_op_name, '${field}', ${bucketOf("NEW", field)}, NEW.annotation_state, 1
          WHERE NEW.deleted_at IS NULL
          ON CONFLICT DO UPDATE SET n = n + 1;`,
).join("");

const decrements = FIELDS.map(
  (field) => `
        UPDATE annotation_queue_item_op_time_counts SET n = n - 1
          WHERE OLD.deleted_at IS NULL AND queue_seq = OLD.queue_seq AND call_op_name = OLD.call_op_name
            AND field = '${field}' AND bucket = ${bucketOf("OLD", field)} AND annotation_state = OLD.annotation_state;`,
).join("");

const backfill = FIELDS.map(
  (field) => `
      INSERT INTO annotation_queue_item_op_time_counts
        SELECT queue_seq, call_op_name, '${field}', ${bucketOf("", field)}, annotation_state, count(*)
        FROM annotation_queue_items WHERE deleted_at IS NULL GROUP BY 1, 2, 4, 5;`,
).join("");

/**
 * Live items per queue, operation, timestamp sort field, time bucket and state, kept by triggers:
 * the per-bucket counts of migration 010 for an operation's items alone. An operation filter, and
 * each operation's run in a sort that starts with the operation name, then walk one bucket to a
 * deep page or to a row's rank instead of up to half the operation's items (time-buckets.ts).
 */
export const ITEM_OP_TIME_COUNTS_MIGRATION: Migration = {
  id: "trace/011_item_op_time_counts",
  sql: `
      CREATE TABLE annotation_queue_item_op_time_counts (
        queue_seq INTEGER NOT NULL,
        call_op_name TEXT NOT NULL,
        field TEXT NOT NULL,          -- the items column: created_at, updated_at or call_started_at
        bucket INTEGER NOT NULL,      -- its value >> ${TIME_BUCKET_SHIFT}
        annotation_state TEXT NOT NULL,
        n INTEGER NOT NULL,
        PRIMARY KEY (queue_seq, call_op_name, field, bucket, annotation_state)
      ) WITHOUT ROWID;
      ${backfill}

      CREATE TRIGGER trg_aqi_op_time_counts_insert AFTER INSERT ON annotation_queue_items
      WHEN NEW.deleted_at IS NULL
      BEGIN${increments}
      END;

      CREATE TRIGGER trg_aqi_op_time_counts_delete AFTER DELETE ON annotation_queue_items
      WHEN OLD.deleted_at IS NULL
      BEGIN${decrements}
      END;

      CREATE TRIGGER trg_aqi_op_time_counts_update
      AFTER UPDATE OF queue_seq, call_op_name, annotation_state, deleted_at, created_at, updated_at, call_started_at
      ON annotation_queue_items
      BEGIN${decrements}${increments}
      END;
    `,
};
