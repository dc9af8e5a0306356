package io.github.sqlguard.observe;

/**
 * One operator's state in one completed checkpoint.
 *
 * @param timeMs when the checkpoint completed: its {@code latest_ack_timestamp} on the JobManager's
 *     clock (Flink's {@code CheckpointStatistics#getLatestAckTimestamp}), ms since the epoch
 * @param bytes the operator's (its job vertex's) {@code state_size} in that checkpoint: the full
 *     size of its state, not the increment ({@code TaskCheckpointStatistics#getStateSize})
 */
public record Sample(long timeMs, long bytes) {}
