package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.github.sqlguard.testing.SqlScript;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The reason of on-conflict-required where the statement's OVER aggregate is why no key reaches an upsert sink (lint
 * cases 24 and 25, upsert-kafka through a stand-in: an insert-only query's key is checked only against a sink that
 * takes no retractions). Flink's {@code FlinkRelMdUpsertKeys} gives an {@code OverAggregate} its input's keys, and the
 * input has none; the reason guessed a narrower key column type or a view's join (NonDeterministicDagTest's
 * {@code testMultiOverWithNonDeterministicUdafSinkWithPk}). Flink 2.3 only: 1.20 has no ON CONFLICT check (FLIP-558) and
 * plans these with an upsert materializer.
 */
class OnConflictOverAggregateReasonTest {

    @Test
    void anOverAggregateIntoAKeyedSinkIsSaidToEmitRowsWithNoKey() throws Exception {
        assumeFalse(FixtureVerdicts.FLINK_1, "no ON CONFLICT check before Flink 2.3");
        try (LintEngine engine = new LintEngine(new Configuration(), List.of(), true)) {
            for (String name : List.of("24-upsert-kafka-moving-pages-per-user-over-rows-no-key-reaches-the-sink",
                    "25-upsert-kafka-running-balance-per-account-over-event-time-no-key-reaches-the-sink")) {
                Path file = Path.of("src/test/resources/lint-cases", name + ".sql");
                List<LintedStatement> statements =
                        engine.lint(file.getFileName().toString(), SqlScript.withoutHeader(Files.readString(file)));
                LintedStatement last = statements.get(statements.size() - 1);
                assertThat(last.findings()).as("findings of %s", name)
                        .filteredOn(f -> f.ruleId().equals("on-conflict-required")).singleElement()
                        .satisfies(f -> assertThat(f.finding().reason())
                                .contains("the statement's OVER aggregate emits one row for each row it reads")
                                .doesNotContain("narrower type"));
            }
        }
    }
}
