package io.github.sqlguard.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.RuleOption;
import io.github.sqlguard.rules.StateTtlOptions;
import io.github.sqlguard.rules.plan.LargeTopNRule;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

class PolicyTest {

    private final RuleCatalog catalog = RuleCatalog.builtIn();

    private Policy policy(Map<String, String> options) {
        return Policy.fromConfiguration(Configuration.fromMap(options), catalog);
    }

    @Test
    void usesEachRulesDefaultLevelWhenNothingIsConfigured() {
        Policy policy = Policy.defaults(catalog);
        assertThat(policy.level("unbounded-rank")).isEqualTo(Level.BLOCK);
        assertThat(policy.level("stateful-without-ttl")).isEqualTo(Level.WARN);
        assertThat(policy.option(StateTtlOptions.MIN_STATE_TTL)).isEqualTo(Duration.ofMinutes(1));
        assertThat(policy.option(StateTtlOptions.MAX_STATE_TTL)).isEqualTo(Duration.ofDays(365));
        assertThat(policy.option(LargeTopNRule.MAX_TOP_N)).isEqualTo(1000);
        assertThat(policy.failMode()).isEqualTo(FailMode.CLOSED);
        assertThat(policy.suppressible()).isEmpty();
    }

    @Test
    void readsLevelsRuleOptionsAndSuppressionInFlinksStyle() {
        Policy policy =
                policy(Map.of(
                        "sql-guard.rules.unbounded-rank.level", "warn",
                        "sql-guard.rules.large-top-n.allow-suppression", "true",
                        "sql-guard.min-state-ttl", "10 min",
                        "sql-guard.max-top-n", "50",
                        "sql-guard.fail-mode", "open"));
        assertThat(policy.level("unbounded-rank")).isEqualTo(Level.WARN);
        assertThat(policy.suppressible()).containsExactly("large-top-n");
        assertThat(policy.option(StateTtlOptions.MIN_STATE_TTL)).isEqualTo(Duration.ofMinutes(10));
        assertThat(policy.option(LargeTopNRule.MAX_TOP_N)).isEqualTo(50);
        assertThat(policy.failMode()).isEqualTo(FailMode.OPEN);
    }

    @Test
    void readsTheDocsBaseUrlOfTheRefusalsLinksForEveryScope() {
        assertThat(Policy.defaults(catalog).docsBaseUrl()).isEqualTo("https://github.com/sql-guard/flink-sql-guard/blob/main/");
        Policy policy = policy(Map.of(
                "sql-guard.docs-base-url", "https://wiki.example.com/sql-guard/",
                "sql-guard.scopes.etl.match.users", "etl",
                "sql-guard.scopes.etl.rules.unbounded-rank.level", "warn"));
        assertThat(policy.docsBaseUrl()).isEqualTo("https://wiki.example.com/sql-guard/");
        assertThat(policy.forScope("etl", List.of(), "default_catalog", "default_database").policy().docsBaseUrl())
                .isEqualTo("https://wiki.example.com/sql-guard/");
    }

    @Test
    void rejectsAnUnknownRuleIdNamingTheKey() {
        assertThatThrownBy(() -> policy(Map.of("sql-guard.rules.unbounded-rnak.level", "BLOCK")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'sql-guard.rules.unbounded-rnak.level'")
                .hasMessageContaining("unbounded-rank");
    }

    @Test
    void rejectsAGarbageValueNamingTheKey() {
        assertThatThrownBy(() -> policy(Map.of("sql-guard.rules.unbounded-rank.level", "LOUD")))
                .hasMessageContaining("'sql-guard.rules.unbounded-rank.level'")
                .hasMessageContaining("LOUD");
        assertThatThrownBy(() -> policy(Map.of("sql-guard.min-state-ttl", "a while")))
                .hasMessageContaining("'sql-guard.min-state-ttl'");
        assertThatThrownBy(() -> policy(Map.of("sql-guard.max-top-n", "0")))
                .hasMessageContaining("'sql-guard.max-top-n'");
        assertThatThrownBy(() -> policy(Map.of("sql-guard.fail-mode", "maybe")))
                .hasMessageContaining("'sql-guard.fail-mode'");
    }

    @Test
    void rejectsAnUnknownGuardOption() {
        assertThatThrownBy(() -> policy(Map.of("sql-guard.min-state-tll", "1 min")))
                .hasMessageContaining("Unknown option 'sql-guard.min-state-tll'")
                .hasMessageContaining("sql-guard.min-state-ttl")
                .hasMessageContaining("sql-guard.user");
    }

    @Test
    void knowsTheOptionsOfEveryRuleOfItsCatalogAndNoOthers() {
        RuleCatalog withoutTopN =
                RuleCatalog.of(catalog.rules().stream().filter(r -> !r.id().equals(LargeTopNRule.ID)).toList());
        assertThatThrownBy(() -> Policy.fromConfiguration(Configuration.fromMap(Map.of("sql-guard.max-top-n", "50")), withoutTopN))
                .hasMessageContaining("Unknown option 'sql-guard.max-top-n'");
        assertThat(Policy.defaults(withoutTopN).ruleOptions().options()).extracting(RuleOption::key)
                .containsExactlyInAnyOrder(
                        "sql-guard.allow.jars", "sql-guard.allow.function-classes", "sql-guard.allow.connectors",
                        "sql-guard.allow.paths", "sql-guard.protected.paths", "sql-guard.max-state-ttl", "sql-guard.min-state-ttl");
    }

    @Test
    void readsTheMaximumStateTtlAndRequiresItAboveTheMinimum() {
        assertThat(policy(Map.of("sql-guard.max-state-ttl", "30 d")).option(StateTtlOptions.MAX_STATE_TTL)).isEqualTo(Duration.ofDays(30));
        assertThatThrownBy(() -> policy(Map.of("sql-guard.max-state-ttl", "1 min")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'sql-guard.max-state-ttl'")
                .hasMessageContaining("greater than 'sql-guard.min-state-ttl' (1 min)");
        assertThatThrownBy(() -> policy(Map.of("sql-guard.min-state-ttl", "2 d", "sql-guard.max-state-ttl", "1 d")))
                .hasMessageContaining("Invalid value '1 d' for option 'sql-guard.max-state-ttl'");
        assertThatThrownBy(() -> policy(Map.of("sql-guard.max-state-ttl", "forever")))
                .hasMessageContaining("'sql-guard.max-state-ttl'");
    }

    @Test
    void readsTheGatewaysWaitThresholdsAsFlinkDurationsWithTheirDefaults() {
        Configuration none = new Configuration();
        assertThat(GuardOptions.notNegative(none, GuardOptions.AUDIT_HELD_UP_AFTER)).isEqualTo(Duration.ofNanos(250_000));
        assertThat(GuardOptions.notNegative(none, GuardOptions.FETCH_RESULTS_MAX_WAIT)).isEqualTo(Duration.ofMillis(100));
        Configuration given = Configuration.fromMap(
                Map.of("sql-guard.audit.held-up-after", "2 ms", "sql-guard.fetch-results.max-wait", "0"));
        assertThat(GuardOptions.notNegative(given, GuardOptions.AUDIT_HELD_UP_AFTER)).isEqualTo(Duration.ofMillis(2));
        assertThat(GuardOptions.notNegative(given, GuardOptions.FETCH_RESULTS_MAX_WAIT)).isZero();
        assertThat(GuardOptions.notNegative(Configuration.fromMap(Map.of("sql-guard.audit.held-up-after", "500 micros")),
                GuardOptions.AUDIT_HELD_UP_AFTER)).isEqualTo(Duration.ofNanos(500_000));
        // Read at start-up: not part of the policy a reload compares.
        assertThat(GuardOptions.isStartOnly("sql-guard.audit.held-up-after")).isTrue();
        assertThat(GuardOptions.isStartOnly("sql-guard.fetch-results.max-wait")).isTrue();
        assertThat(policy(Map.of("sql-guard.fetch-results.max-wait", "1 s")).policyHash())
                .isEqualTo(Policy.defaults(catalog).policyHash());
    }

    @Test
    void refusesANegativeOrUnreadableWaitThresholdNamingTheKey() {
        assertThatThrownBy(() -> policy(Map.of("sql-guard.audit.held-up-after", "-1 ms")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Invalid value '-1 ms' for option 'sql-guard.audit.held-up-after': it must not be negative;"
                        + " give 0 or a duration such as '250 \u00b5s' (its default).");
        assertThatThrownBy(() -> policy(Map.of("sql-guard.fetch-results.max-wait", "-PT1S")))
                .hasMessageStartingWith("Invalid value '-PT1S' for option 'sql-guard.fetch-results.max-wait': it must not be"
                        + " negative");
        // A negative Duration set through Flink's API, not parsed from text.
        Configuration set = new Configuration();
        set.set(GuardOptions.FETCH_RESULTS_MAX_WAIT, Duration.ofMillis(-5));
        assertThatThrownBy(() -> Policy.fromConfiguration(set, catalog))
                .hasMessageContaining("for option 'sql-guard.fetch-results.max-wait': it must not be negative");
        assertThatThrownBy(() -> policy(Map.of("sql-guard.fetch-results.max-wait", "soon")))
                .hasMessageStartingWith("Invalid value 'soon' for option 'sql-guard.fetch-results.max-wait': ");
    }
}
