package io.github.sqlguard.bench.jmh;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What the guard adds in the gateway JVM to a statement it does not plan (SET, CREATE TABLE, SHOW):
 * parse and decide ({@link GuardCalls.StatementDecision}) over a session configuration of typical
 * size. The audit write and the {@code getSessionConfig} call are not included.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "-Xmx1g")
public class StatementBenchmark {

    /** The statement kind. */
    @Param({"SET", "DDL", "SHOW"})
    public String kind;

    private static final Map<String, String> STATEMENTS =
            Map.of(
                    "SET", "SET 'table.exec.state.ttl' = '1 h'",
                    "DDL", "CREATE TABLE t_0_0_0 (id BIGINT, name STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '10')",
                    "SHOW", "SHOW TABLES");

    private static final Map<String, String> SESSION_CONFIG =
            Map.of(
                    "execution.target", "local",
                    "execution.attached", "true",
                    "execution.runtime-mode", "streaming",
                    "parallelism.default", "1",
                    "table.exec.state.ttl", "1 h",
                    "sql-gateway.endpoint.type", "guard",
                    "sql-gateway.endpoint.rest.port", "8083");

    private final GuardCalls.StatementDecision decision = new GuardCalls.StatementDecision(SESSION_CONFIG);

    /** Parse and decide. */
    @Benchmark
    public Object parseAndDecide() {
        return decision.decide(STATEMENTS.get(kind));
    }
}
