package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.github.sqlguard.testing.SqlScript;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

/**
 * What stateful-without-ttl says of Flink 2.x's {@code MultiJoin} ({@code table.optimizer.multi-join.enabled},
 * {@code StreamExecMultiJoin}: one state per input, each at the session's TTL) in corpus cases 941 and 942. Their
 * headers state the verdict alone, which both lines reach: Flink 1.20 has no MultiJoin and plans the same statements
 * as binary regular joins, each found on its own with its own reason and fix. Flink 2.x only.
 */
class MultiJoinFindingsTest {

    private static final Path CASES = Path.of("../gateway-interceptor/src/test/resources/cases");

    @Test
    void aMultiJoinIsOneJoinOfItsInputsWithOneStatePerInput() throws Exception {
        assumeFalse(FixtureVerdicts.FLINK_1, "no MultiJoin before Flink 2.x");
        try (LintEngine engine = new LintEngine(new Configuration(), List.of(), false)) {
            LintedStatement three = last(engine, "941-users-orders-payments-multi-join-enabled-every-input-grows.sql");
            assertThat(three.findings()).filteredOn(f -> f.ruleId().equals("stateful-without-ttl")).singleElement()
                    .satisfies(f -> {
                        assertThat(f.finding().reason())
                                .contains("is Flink's join of 3 inputs on one common key (table.optimizer.multi-join.enabled)")
                                .contains("one state per input");
                        assertThat(f.finding().fix()).contains(
                                "or per input with a STATE_TTL hint on the joining SELECT that names each of its inputs");
                    });
            LintedStatement four = last(engine, "942-four-way-multi-join-into-sink-each-input-keeps-its-rows.sql");
            assertThat(four.findings()).filteredOn(f -> f.ruleId().equals("stateful-without-ttl")).singleElement()
                    .satisfies(f -> assertThat(f.finding().reason()).contains("is Flink's join of 4 inputs on one common key"));
        }
    }

    private static LintedStatement last(LintEngine engine, String name) throws Exception {
        List<LintedStatement> statements = engine.lint(name, SqlScript.withoutHeader(Files.readString(CASES.resolve(name))));
        return statements.get(statements.size() - 1);
    }
}
