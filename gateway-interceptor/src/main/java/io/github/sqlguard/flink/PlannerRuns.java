package io.github.sqlguard.flink;

import java.util.concurrent.atomic.LongAdder;

/**
 * How often the guard ran Flink's planner, counted where it calls it (issue 32: the plannings of a refusal
 * counted, not timed): table environments built for a session ({@link GatewaySessions#tableEnvironment}),
 * statements parsed and validated ({@code Parser#parse}: the statement's, a proof's, a rewrite family's {@code
 * SELECT} for its columns, {@link SessionCatalog.Reader#columns}), runs of Flink's optimizer ({@code
 * Planner#compilePlan}, {@code TableEnvironmentInternal#explainInternal}: each optimizes the statement anew) and
 * translations of a plan to Flink's transformations ({@code Planner#translatePlan}, {@code CompiledPlan#explain}).
 * One per {@link GatewaySessions}, for monitoring and tests. Thread-safe.
 */
public final class PlannerRuns {

    /** The counts at one moment; {@link #since} gives what one statement cost where nothing else planned meanwhile. */
    public record Count(long environments, long parsed, long optimized, long translated) {

        /** What was counted between {@code earlier} and this count. */
        public Count since(Count earlier) {
            return new Count(environments - earlier.environments, parsed - earlier.parsed,
                    optimized - earlier.optimized, translated - earlier.translated);
        }
    }

    private final LongAdder environments = new LongAdder();
    private final LongAdder parsed = new LongAdder();
    private final LongAdder optimized = new LongAdder();
    private final LongAdder translated = new LongAdder();

    /** The counts now. */
    public Count count() {
        return new Count(environments.sum(), parsed.sum(), optimized.sum(), translated.sum());
    }

    void environment() {
        environments.increment();
    }

    void parse() {
        parsed.increment();
    }

    void optimize() {
        optimized.increment();
    }

    void translate() {
        translated.increment();
    }
}
