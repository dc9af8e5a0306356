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
 * The reason and fix of on-conflict-required where a lookup join drops the query's upsert key (lint cases 970 and 971:
 * a CDC table keyed by order_id, a jdbc dimension through a stand-in, a sink keyed by order_id). Flink's {@code
 * FlinkRelMdUpsertKeys} keeps a lookup join's input key only where the lookup keys hold the dimension's whole PRIMARY
 * KEY; a lookup join keeps no state and does not redistribute its input ({@code StreamExecLookupJoin}), so a regular
 * join's reason (a key lost to the distribution by another column) is not it. Flink 2.3 only: 1.20 has no ON CONFLICT
 * check (FLIP-558).
 */
class OnConflictLookupJoinReasonTest {

    @Test
    void aLookupJoinThatDropsTheKeyIsSaidToMatchSeveralDimensionRows() throws Exception {
        assumeFalse(FixtureVerdicts.FLINK_1, "no ON CONFLICT check before Flink 2.3");
        try (LintEngine engine = new LintEngine(new Configuration(), List.of(), true)) {
            for (String name : List.of("970-cdc-orders-lookup-join-customers-without-key-into-sink-keyed-by-order-lookup-reason",
                    "971-cdc-orders-left-lookup-join-customers-by-email-not-its-key-into-sink-keyed-by-order")) {
                Path file = Path.of("src/test/resources/lint-cases", name + ".sql");
                List<LintedStatement> statements =
                        engine.lint(file.getFileName().toString(), SqlScript.withoutHeader(Files.readString(file)));
                LintedStatement last = statements.get(statements.size() - 1);
                assertThat(last.findings()).as("findings of %s", name)
                        .filteredOn(f -> f.ruleId().equals("on-conflict-required")).singleElement()
                        .satisfies(f -> {
                            assertThat(f.finding().reason())
                                    .contains("the statement's lookup join of customers (FOR SYSTEM_TIME AS OF o.proc) loses"
                                            + " it, where its input has one: a lookup join keeps no state of its own and does"
                                            + " not redistribute its input")
                                    .contains("one input row may match several rows of customers")
                                    .doesNotContain("distributed by it");
                            assertThat(f.finding().fix())
                                    .doesNotContain("Where a join or a ranking distributes the rows");
                            // 970's customers declares no key: the fix asks for one; 971's declares customer_id and
                            // is looked up by email: the fix names the declared key and never asks to declare one.
                            if (name.startsWith("970")) {
                                assertThat(f.finding().fix()).contains("Where customers holds one row per value of the"
                                        + " columns the join looks it up by (customer_id), declare them its PRIMARY KEY");
                            } else {
                                assertThat(f.finding().fix())
                                        .contains("customers declares PRIMARY KEY (customer_id), which the join does not"
                                                + " look it up by (it looks it up by email)")
                                        .doesNotContain("declare them its PRIMARY KEY");
                            }
                        });
            }
        }
    }
}
