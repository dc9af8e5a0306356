package io.github.sqlguard.service;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * A JDK Flight Recorder event per statement of {@code executeStatement}: how long the guard held
 * the statement on the calling thread (awaiting the session's previous change, classification,
 * configuration checks, planning, rules, audit records, advisory) apart from Flink's own hand-off
 * of the statement, which a plain gateway runs too, and where that time went: Flink's parse of the
 * statement, the decision, the audit records; the rest (waiting for the session's previous change,
 * the policy's scope, the advisory, metrics) is {@code guardTime} less those three. Server-side
 * timing for the guard's own cost, which the REST API cannot report: {@code jcmd <pid> JFR.start}
 * or a recording that enables {@value #NAME} (the benchmark harness's {@code serve} process
 * records it).
 *
 * <p>Committed only while a recording enables it; otherwise costs one check per statement.
 */
@Name(StatementTimingEvent.NAME)
@Label("SQL Guard Statement")
@Category({"Flink SQL Guard"})
@Description("Time the guard held one executeStatement call, Flink's own hand-off excluded.")
@StackTrace(false)
public final class StatementTimingEvent extends Event {

    /** The event's name in a recording. */
    public static final String NAME = "io.github.sqlguard.Statement";

    /** Statement kind as the guard classified it, e.g. {@code SET}, {@code INSERT}, {@code QUERY}. */
    @Label("Kind")
    public String kind;

    /** What happened to it: an {@code Outcome} label such as {@code submitted} or {@code blocked}. */
    @Label("Outcome")
    public String outcome;

    /**
     * Nanoseconds the guard held the call, the hand-off excluded; includes the parse the REST
     * endpoint made for the call just before it (see {@link #parseTime}).
     */
    @Label("Guard Time")
    @Timespan(Timespan.NANOSECONDS)
    public long guardTime;

    /**
     * Nanoseconds of Flink's SQL parser reading the statement (the REST endpoint's parse on the I/O
     * thread included: a statement answered there is parsed once, before the call).
     */
    @Label("Parse Time")
    @Timespan(Timespan.NANOSECONDS)
    public long parseTime;

    /** Nanoseconds of the decision: configuration checks, planning (for a query or DML), rules. */
    @Label("Decide Time")
    @Timespan(Timespan.NANOSECONDS)
    public long decideTime;

    /** Nanoseconds of rendering and writing the call's audit records (the decision and its outcome). */
    @Label("Audit Time")
    @Timespan(Timespan.NANOSECONDS)
    public long auditTime;

    /** Nanoseconds of Flink's own hand-off (executeStatement or the judged plan's submission). */
    @Label("Hand-off Time")
    @Timespan(Timespan.NANOSECONDS)
    public long handOffTime;
}
