package io.github.sqlguard.lint;

import org.apache.flink.configuration.Configuration;

import java.util.List;

/**
 * The {@link LintEngine} with the default policy and lint's stand-in connectors ({@code new LintEngine(new
 * Configuration(), List.of(), true)}) that the test classes of this JVM share: started on first use, closed when
 * the JVM exits, as {@code testing.GuardedGateway#shared()} shares a gateway. Each {@link LintEngine#lint} runs in a
 * session of its own, closed after it, so a class sees nothing of another's scripts. Callers must not close it; a
 * class that needs another policy or other jars starts its own engine.
 */
final class StandInLintEngine {

    private static LintEngine shared;

    private StandInLintEngine() {}

    /** The shared engine. */
    static synchronized LintEngine shared() {
        if (shared == null) {
            LintEngine engine = new LintEngine(new Configuration(), List.of(), true);
            Runtime.getRuntime().addShutdownHook(new Thread(engine::close, "sql-guard-test-lint-engine-stop"));
            shared = engine;
        }
        return shared;
    }
}
