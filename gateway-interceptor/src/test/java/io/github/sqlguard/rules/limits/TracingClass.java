package io.github.sqlguard.rules.limits;

/**
 * A class of the gateway's class path, no function, whose static initialiser leaves a trace: what a
 * compiled plan file's {@code "class"} can name, which Flink's plan reader loads and initialises.
 */
public final class TracingClass {

    /** The system property the static initialiser sets. */
    public static final String TRACE_PROPERTY = "sql-guard.test.plan-class-trace";

    static {
        System.setProperty(TRACE_PROPERTY, "ran");
    }

    private TracingClass() {}
}
