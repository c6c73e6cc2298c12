/**
 * Items of an upsert batch checked, or stored (one transaction), per turn of the event loop: a
 * short stretch of work even on a shared 2-core machine, so other requests are answered in between.
 */
export const BATCH_STEP = 1000;
