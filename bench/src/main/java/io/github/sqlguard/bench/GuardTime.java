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
 * @param handOff Flink's own hand-off, outside {@code guard}: for a statement held before its decision
 *     ({@code EarlyHold}), making its held operation; else Flink's {@code executeStatement} or the judged plan's
 *     submission
 */
public record GuardTime(long guard, long parse, long decide, long audit, long handOff) {

    /** A guard time without the hand-off (an earlier build's wire). */
    public GuardTime(long guard, long parse, long decide, long audit) {
        this(guard, parse, decide, audit, 0);
    }

    /** The rest: waiting for the session's previous change, the policy's scope, the advisory, metrics. */
    public long rest() {
        return guard - parse - decide - audit;
    }

    /** {@code guard:parse:decide:audit:handOff}, how the {@code serve} process reports it. */
    public String wire() {
        return guard + ":" + parse + ":" + decide + ":" + audit + ":" + handOff;
    }

    /**
     * Reads {@link #wire()}; a lone number is a guard time without parts (zero).
     *
     * @throws NumberFormatException when a part is not a number
     */
    public static GuardTime ofWire(String wire) {
        String[] parts = wire.strip().split(":");
        long[] n = new long[5];
        for (int i = 0; i < Math.min(parts.length, 5); i++) {
            n[i] = Long.parseLong(parts[i]);
        }
        return new GuardTime(n[0], n[1], n[2], n[3], n[4]);
    }
}
