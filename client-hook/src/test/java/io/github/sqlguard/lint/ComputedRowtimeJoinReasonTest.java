package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.SqlScript;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A regular join bounding one side's event time by the other's and by a plain column (Nexmark q4 and q9: a bid
 * between the auction's start and its {@code expires}), where each table's event time is a computed column with its
 * {@code WATERMARK} and the watermark is pushed into the Kafka scan (lint cases 45 and 46, through stand-ins that push
 * it as Kafka's source does). No node's output type carries the time attribute then (the scan emits no such column;
 * the Calc over it computes it and casts it for the join in one projection), and the reason said the columns were
 * "not time attributes (no WATERMARK is declared on them ...)", its fix asking for the WATERMARKs the tables declare.
 */
class ComputedRowtimeJoinReasonTest {

    @ParameterizedTest
    @ValueSource(strings = {"45-kafka-bids-between-auction-start-and-expiry-computed-rowtimes-no-watermark-asked",
        "46-kafka-nexmark-events-views-top-bid-per-auction-computed-case-rowtime-no-watermark-asked"})
    void aComputedEventTimeWithItsWatermarkIsNotCalledUndeclared(String name) throws Exception {
        try (LintEngine engine = new LintEngine(new Configuration(), List.of(), true)) {
            Path file = Path.of("src/test/resources/lint-cases", name + ".sql");
            List<LintedStatement> statements =
                    engine.lint(file.getFileName().toString(), SqlScript.withoutHeader(Files.readString(file)));
            LintedStatement last = statements.get(statements.size() - 1);
            assertThat(last.findings())
                    .filteredOn(f -> f.ruleId().equals("stateful-without-ttl") && f.finding().reason().contains("regular INNER join"))
                    .singleElement()
                    .satisfies(f -> {
                        assertThat(f.finding().reason()).contains("like an interval join, but Flink planned a regular join")
                                .doesNotContain("no WATERMARK is declared").doesNotContain("not a time attribute")
                                .doesNotContain("not time attributes");
                        assertThat(f.finding().fix()).doesNotContain("WATERMARK FOR").startsWith("Bound the join's state");
                    });
        }
    }

    /**
     * Nexmark q7 (lint case 47): the window aggregation's window_end, renamed like the table's event time, bounds the
     * bid's time. With the computed event time read as one, the reason had become "which this condition does not give";
     * it names window_end and the fix bounds by window_time first.
     */
    @Test
    void aWindowEndRenamedLikeTheEventTimeIsNamedAsTheWindowEnd() throws Exception {
        try (LintEngine engine = new LintEngine(new Configuration(), List.of(), true)) {
            String name = "47-kafka-nexmark-q7-bids-in-last-ten-seconds-of-window-end-renamed-like-event-time-window-time-first";
            Path file = Path.of("src/test/resources/lint-cases", name + ".sql");
            List<LintedStatement> statements =
                    engine.lint(file.getFileName().toString(), SqlScript.withoutHeader(Files.readString(file)));
            LintedStatement last = statements.get(statements.size() - 1);
            assertThat(last.findings()).filteredOn(f -> f.ruleId().equals("stateful-without-ttl")).singleElement()
                    .satisfies(f -> {
                        // 2.3 quotes `dateTime` (a reserved word there), 1.20 does not.
                        assertThat(f.finding().reason()).containsPattern("B1\\.`?dateTime`? is the window_end of GlobalWindowAggregate")
                                .doesNotContain("no WATERMARK is declared");
                        assertThat(f.finding().fix()).startsWith(
                                "Bound the join by the window's time attribute: select window_time in place of window_end for B1.");
                    });
        }
    }
}
