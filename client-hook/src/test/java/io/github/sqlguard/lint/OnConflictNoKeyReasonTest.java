package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.testing.SqlScript;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The reason and fix of on-conflict-required where the query's rows reach an upsert sink with no key and the
 * statement neither joins nor ranks (issue 30, outside SQL of round 67), read against each lint case's {@code
 * expect-reason}, {@code expect-reason-absent}, {@code expect-fix} and {@code expect-fix-absent} headers: a copy of
 * tables that declare no key (48, 49: the reason guessed a narrowed key type or a view's join); a window TVF
 * aggregation, for which Flink 2.3.0 derives no upsert key at all (50-52: the reason guessed, or blamed a projection,
 * and the fix offered keys and groupings that Flink refuses alike or that free no state); a legacy group window whose
 * fix offered the window TVF as needing no clause (53, 20). Upsert sinks through stand-ins: Flink checks an insert-only
 * query's key only against a sink that takes no retractions. Flink 2.3 only: 1.20 has no ON CONFLICT check (FLIP-558).
 */
class OnConflictNoKeyReasonTest {

    private static final Path CASES = Path.of("src/test/resources/lint-cases");

    /** The JVM's shared engine with stand-ins ({@link StandInLintEngine}): not closed here. */
    private final LintEngine engine = StandInLintEngine.shared();

    @ParameterizedTest
    @ValueSource(strings = {
        "48-kafka-select-star-into-jdbc-keyed-by-id-source-declares-no-key-reason-says-so",
        "49-kafka-filtered-projection-of-two-topics-union-into-upsert-kafka-keyed-by-user-no-key-to-keep",
        "50-kafka-beacons-tumble-tvf-distinct-users-into-jdbc-keyed-by-window-no-upsert-key-from-window-tvf",
        "51-kafka-cumulative-daily-pv-uv-per-behavior-into-jdbc-keyed-by-day-no-group-by-the-day-fix",
        "52-kafka-hop-revenue-per-shop-window-start-selected-into-upsert-kafka-keyed-by-shop-and-start-not-window-end",
        "53-kafka-log-counts-per-day-legacy-proctime-tumble-into-jdbc-keyed-by-day-no-window-tvf-fix",
        "20-kafka-login-counts-per-user-and-tumble-window-into-jdbc-keyed-by-user-window-dropped"})
    void reasonAndFixSayWhyNoKeyReachesTheSink(String name) throws Exception {
        assumeFalse(FixtureVerdicts.FLINK_1, "no ON CONFLICT check before Flink 2.3");
        Path file = CASES.resolve(name + ".sql");
        SqlScript script = SqlScript.read(file);
        List<LintedStatement> statements =
                engine.lint(file.getFileName().toString(), SqlScript.withoutHeader(Files.readString(file)));
        Finding finding = statements.get(statements.size() - 1).findings().stream()
                .filter(f -> f.ruleId().equals("on-conflict-required")).findFirst()
                .orElseThrow(() -> new AssertionError("no on-conflict-required on " + name)).finding();
        assertThat(script.expectedReasons()).as("expect-reason headers of %s", name).isNotEmpty();
        for (String expected : script.expectedReasons()) {
            assertThat(finding.reason()).as("reason of %s", name).contains(expected);
        }
        for (String absent : script.absentReasons()) {
            assertThat(finding.reason()).as("reason of %s", name).doesNotContain(absent);
        }
        for (String expected : script.expectedFixes()) {
            assertThat(finding.fix()).as("fix of %s", name).contains(expected);
        }
        for (String absent : script.absentFixes()) {
            assertThat(finding.fix()).as("fix of %s", name).doesNotContain(absent);
        }
    }
}
