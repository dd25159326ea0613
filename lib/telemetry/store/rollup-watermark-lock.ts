/**
 * Any fixed number: ingesting transactions hold this advisory lock shared, the rollup job takes it
 * exclusively for the instant it moves the watermark, so no raw row below the watermark can commit
 * unseen (it is either visible to the job or queued in rollup_dirty by its own transaction).
 */
export const ROLLUP_WATERMARK_LOCK = 727_002;
