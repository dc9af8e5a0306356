package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.SqlScript;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A regular join whose time bounds lack one side, over a CDC source (lint case 23, mysql-cdc through a stand-in, the
 * shape of Flink's NonDeterministicDagTest#testCdcProctimeIntervalJoinOnPkSinkWithoutPk): the missing bound is not
 * offered, since Flink refuses the interval join it would make over an update stream, and the reason says so. Round 63
 * offered the bound first, qualified "where both inputs are inserts only".
 */
class IntervalJoinOverUpdatesReasonTest {

    @Test
    void aOneBoundJoinOverACdcSourceIsOfferedNoBoundAndSaysWhy() throws Exception {
        try (LintEngine engine = new LintEngine(new Configuration(), List.of(), true)) {
            String name = "23-cdc-self-join-proctime-in-subqueries-one-bound-interval-join-needs-inserts";
            Path file = Path.of("src/test/resources/lint-cases", name + ".sql");
            List<LintedStatement> statements =
                    engine.lint(file.getFileName().toString(), SqlScript.withoutHeader(Files.readString(file)));
            LintedStatement last = statements.get(statements.size() - 1);
            assertThat(last.findings()).filteredOn(f -> f.ruleId().equals("stateful-without-ttl")).singleElement()
                    .satisfies(f -> {
                        assertThat(f.finding().reason())
                                .contains("bounds t1.proctime by t2.proctime from below only")
                                .contains("no bound is offered: the join reads an update stream, cdc (its source emits"
                                        + " updates), and Flink plans an interval join over inserts-only inputs only");
                        assertThat(f.finding().fix()).doesNotContain("Give the condition the upper bound it lacks")
                                .startsWith("Bound the join's state");
                    });
        }
    }
}
