package io.github.sqlguard.rules.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.RuleEngine;
import io.github.sqlguard.statement.StatementParser;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code watermark-ahead-of-event-time} on the DDL (docs/rules/watermark-ahead-of-event-time.md; cases 1187, 1188). */
class WatermarkAheadOfEventTimeRuleTest {

    private final RuleCatalog catalog = RuleCatalog.builtIn();
    private final Policy policy = Policy.defaults(catalog);
    private final StatementParser parser = new StatementParser();

    private Optional<Finding> finding(String strategy) {
        AnalysisContext context = new AnalysisContext(
                parser.parse("CREATE TABLE clicks (user_id STRING, ts TIMESTAMP(3),\n  WATERMARK FOR ts AS " + strategy
                        + ") WITH ('connector' = 'datagen')"),
                Optional.empty(), Optional.empty(), true, Duration.ZERO, List.of(), Map.of(), policy.ruleOptions());
        return new RuleEngine(catalog, policy).evaluate(context).findings().stream()
                .filter(f -> f.ruleId().equals(WatermarkAheadOfEventTimeRule.ID))
                .findFirst();
    }

    /**
     * The reason and the node quote the strategy as the user wrote it (by the parser's positions), not as Flink's parser
     * prints it: {@code ts - INTERVAL - '5' SECOND}, which Flink prints {@code ts - INTERVAL -'5' SECOND}.
     */
    @ParameterizedTest(name = "{0} is {1} ahead, fixed as {2}")
    @CsvSource(delimiter = '|', value = {
        "ts + INTERVAL '5' SECOND | 5 s | ts - INTERVAL '5' SECOND",
        "ts - INTERVAL - '5' SECOND | 5 s | ts - INTERVAL '5' SECOND",
        "INTERVAL '2' MINUTE + ts | 2 min | ts - INTERVAL '2' MINUTE",
        "ts + INTERVAL '1.5' SECOND | 1500 ms | ts - INTERVAL '1.5' SECOND",
        "ts + interval '5' second | 5 s | ts - INTERVAL '5' SECOND",
    })
    void warnsOfAWatermarkAheadOfEventTimeWithTheDelayAsFix(String strategy, String ahead, String fixed) {
        Finding finding = finding(strategy).orElseThrow();

        assertThat(finding.level()).isEqualTo(Level.WARN);
        assertThat(finding.reason()).contains("runs " + ahead + " ahead of its event time (" + strategy + ")")
                .contains("drops them");
        assertThat(finding.node()).isEqualTo("WATERMARK FOR ts AS " + strategy + " (line 2)");
        assertThat(finding.fix()).endsWith("WATERMARK FOR ts AS " + fixed + ".");
    }

    /** A strategy written over two lines is quoted on one, its line break and indent read as one blank. */
    @Test
    void quotesAStrategyWrittenOverTwoLinesOnOne() {
        Finding finding = finding("ts\n      + INTERVAL '5' SECOND").orElseThrow();

        assertThat(finding.reason()).contains("(ts + INTERVAL '5' SECOND)");
    }

    @ParameterizedTest(name = "{0} is not ahead")
    @ValueSource(strings = {"ts - INTERVAL '5' SECOND", "ts", "ts - INTERVAL '0' SECOND", "ts + INTERVAL '-5' SECOND"})
    void acceptsAWatermarkThatTrailsOrMeetsEventTime(String strategy) {
        assertThat(finding(strategy)).isEmpty();
    }

    @Test
    void judgesNoStrategyWhoseDistanceTheDdlDoesNotTell() {
        assertThat(finding("COALESCE(ts, CURRENT_TIMESTAMP) + INTERVAL '5' SECOND")).isEmpty();
    }
}
