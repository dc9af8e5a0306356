package io.github.sqlguard.policy;

/** What the guard does when it cannot decide (EXPLAIN timed out, an internal error). */
public enum FailMode {
    /** The statement runs; its audit record says {@code unanalysed} with the reason. */
    OPEN,
    /** The statement is refused with a message saying the guard could not analyse it. */
    CLOSED
}
