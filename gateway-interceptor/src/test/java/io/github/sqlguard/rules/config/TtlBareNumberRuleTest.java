package io.github.sqlguard.rules.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.ConfigChange;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.RuleEngine;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementParser;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The slip heuristic of {@code ttl-bare-number} (documented on docs/rules/ttl-bare-number.md). */
class TtlBareNumberRuleTest {

    private final RuleCatalog catalog = RuleCatalog.builtIn();
    private final Policy policy = Policy.defaults(catalog);
    private final StatementParser parser = new StatementParser();

    private Optional<Finding> finding(String sql) {
        ParsedStatement statement = parser.parse(sql);
        List<ConfigChange> changes =
                statement.setKey() == null ? List.of() : List.of(new ConfigChange(statement.setKey(), statement.setValue(), "SET"));
        AnalysisContext context =
                new AnalysisContext(
                        statement, Optional.empty(), Optional.empty(), true, Duration.ZERO, changes, Map.of(),
                        policy.ruleOptions());
        return new RuleEngine(catalog, policy).evaluate(context).findings().stream()
                .filter(f -> f.ruleId().equals(TtlBareNumberRule.ID))
                .findFirst();
    }

    @ParameterizedTest(name = "''{0}'' looks like {1} with {2}")
    @CsvSource({
        "360000, 1 h, a dropped zero",     // 6 min
        "8640000, 1 d, a dropped zero",    // 2.4 h
        "1080000, 3 h, a dropped zero",    // 18 min
        "6000000, 10 min, an extra zero",  // 100 min
        "6000, 1 min, a dropped zero",     // 6 s, also too short
    })
    void warnsOfAValueOneZeroAwayFromACommonDuration(String value, String intent, String how) {
        Finding finding = finding("SET 'table.exec.state.ttl' = '" + value + "'").orElseThrow();
        assertThat(finding.level()).isEqualTo(Level.WARN);
        assertThat(finding.reason()).contains(how).contains("'" + intent + "' was probably meant");
        assertThat(finding.fix()).contains("SET 'table.exec.state.ttl' = '" + intent + "'");
    }

    @ParameterizedTest(name = "''{0}'' is only advised")
    @CsvSource({"600000", "180000", "3600000", "86400000", "5400000", "18000000", "864000000"})
    void advisesAPlausibleBareValue(String value) {
        assertThat(finding("SET 'table.exec.state.ttl' = '" + value + "'")).get().extracting(Finding::level).isEqualTo(Level.INFO);
    }

    @Test
    void warnsOfASlipInAStateTtlHint() {
        Finding finding =
                finding("SELECT /*+ STATE_TTL('o' = '360000') */ user_id, COUNT(*) FROM orders o GROUP BY user_id").orElseThrow();
        assertThat(finding.level()).isEqualTo(Level.WARN);
        assertThat(finding.fix()).contains("/*+ STATE_TTL('o' = '1 h') */");
    }

    @Test
    void keepsTheHoursGuessForSmallNumbers() {
        // '100' is 1 s with an extra zero, but 1 s is below sql-guard.min-state-ttl: never the intent of a TTL.
        assertThat(finding("SET 'table.exec.state.ttl' = '100'").orElseThrow().reason()).contains("'100 d'");
    }
}
