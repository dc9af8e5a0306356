package io.github.sqlguard.bench;

/**
 * The guard's server-side time for one statement, ns, from the guarded gateway's {@code
 * io.github.sqlguard.Statement} JFR event ({@code StatementTimingEvent}): the whole time the guard
 * held the call (Flink's hand-off excluded) and its parse, decision and audit parts.
 *
 * @param guard the call held by the guard, Flink's own hand-off excluded
 * @param parse Flink's SQL parser reading the statement
 * @param decide configuration checks, planning (for a query or DML) and rules
 * @param audit rendering and writing the audit records
 */
public record GuardTime(long guard, long parse, long decide, long audit) {

    /** The rest: waiting for the session's previous change, the policy's scope, the advisory, metrics. */
    public long rest() {
        return guard - parse - decide - audit;
    }

    /** {@code guard:parse:decide:audit}, how the {@code serve} process reports it. */
    public String wire() {
        return guard + ":" + parse + ":" + decide + ":" + audit;
    }

    /**
     * Reads {@link #wire()}; a lone number is a guard time without parts (zero).
     *
     * @throws NumberFormatException when a part is not a number
     */
    public static GuardTime ofWire(String wire) {
        String[] parts = wire.strip().split(":");
        long[] n = new long[4];
        for (int i = 0; i < Math.min(parts.length, 4); i++) {
            n[i] = Long.parseLong(parts[i]);
        }
        return new GuardTime(n[0], n[1], n[2], n[3]);
    }
}
