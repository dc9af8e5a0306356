package io.github.sqlguard.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.StateTtlOptions;
import io.github.sqlguard.rules.plan.LargeTopNRule;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

class ScopedPolicyTest {

    private final RuleCatalog catalog = RuleCatalog.builtIn();

    private Policy policy(Map<String, String> options) {
        return Policy.fromConfiguration(Configuration.fromMap(options), catalog);
    }

    private static Map<String, String> options(String... keysAndValues) {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            options.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return options;
    }

    @Test
    void aScopeOverridesLevelsRuleOptionsSuppressionAndModeOfTheGlobalPolicy() {
        Policy policy =
                policy(options(
                        "sql-guard.max-top-n", "100",
                        "sql-guard.rules.global-rank.allow-suppression", "true",
                        "sql-guard.scopes.analysts.match.groups", "analytics",
                        "sql-guard.scopes.analysts.rules.unbounded-rank.level", "WARN",
                        "sql-guard.scopes.analysts.rules.large-top-n.allow-suppression", "true",
                        "sql-guard.scopes.analysts.rules.global-rank.allow-suppression", "false",
                        "sql-guard.scopes.analysts.max-top-n", "5000",
                        "sql-guard.scopes.analysts.min-state-ttl", "10 min",
                        "sql-guard.scopes.analysts.mode", "report"));

        ScopedPolicy scoped = policy.forScope("bob", List.of("analytics"), "default_catalog", "default_database");

        assertThat(scoped.scope()).contains("analysts");
        Policy effective = scoped.policy();
        assertThat(effective.level("unbounded-rank")).isEqualTo(Level.WARN);
        assertThat(effective.level("ttl-too-short")).isEqualTo(Level.BLOCK);
        assertThat(effective.suppressible()).containsExactly("large-top-n");
        assertThat(effective.option(LargeTopNRule.MAX_TOP_N)).isEqualTo(5000);
        assertThat(effective.option(StateTtlOptions.MIN_STATE_TTL)).isEqualTo(Duration.ofMinutes(10));
        assertThat(effective.mode()).isEqualTo(Mode.REPORT);
        assertThat(effective.policyHash()).isEqualTo(policy.policyHash());
        assertThat(effective.scopes()).isEmpty();
    }

    @Test
    void noMatchingScopeMeansTheGlobalPolicy() {
        Policy policy =
                policy(options(
                        "sql-guard.scopes.prod.match.catalogs", "prod",
                        "sql-guard.scopes.prod.rules.large-top-n.level", "BLOCK"));

        ScopedPolicy scoped = policy.forScope("alice", List.of(), "sandbox", "db");

        assertThat(scoped.scope()).isEmpty();
        assertThat(scoped.policy()).isSameAs(policy);
    }

    @Test
    void everyCriterionOfAScopeMustMatchAndAnyListedValueDoes() {
        Policy policy =
                policy(options(
                        "sql-guard.scopes.s.match.users", "[alice, bob]",
                        "sql-guard.scopes.s.match.databases", "orders,payments",
                        "sql-guard.scopes.s.max-top-n", "10"));

        assertThat(policy.forScope("bob", List.of(), "c", "payments").scope()).contains("s");
        assertThat(policy.forScope("alice", List.of(), "c", "orders").scope()).contains("s");
        assertThat(policy.forScope("alice", List.of(), "c", "other").scope()).isEmpty();
        assertThat(policy.forScope("carol", List.of(), "c", "orders").scope()).isEmpty();
        // No verified user: a user criterion never matches.
        assertThat(policy.forScope(null, List.of(), "c", "orders").scope()).isEmpty();
    }

    @Test
    void moreCriteriaWinThenDatabaseOverCatalogOverUserOverGroup() {
        Policy policy =
                policy(options(
                        "sql-guard.scopes.team.match.groups", "analytics",
                        "sql-guard.scopes.team.max-top-n", "11",
                        "sql-guard.scopes.alice.match.users", "alice",
                        "sql-guard.scopes.alice.max-top-n", "12",
                        "sql-guard.scopes.prod.match.catalogs", "prod",
                        "sql-guard.scopes.prod.max-top-n", "13",
                        "sql-guard.scopes.orders.match.databases", "orders",
                        "sql-guard.scopes.orders.max-top-n", "14",
                        "sql-guard.scopes.alice-in-prod.match.users", "alice",
                        "sql-guard.scopes.alice-in-prod.match.catalogs", "prod",
                        "sql-guard.scopes.alice-in-prod.max-top-n", "15"));
        List<String> analytics = List.of("analytics");

        assertThat(policy.forScope("bob", analytics, "dev", "x").scope()).contains("team");
        assertThat(policy.forScope("alice", analytics, "dev", "x").scope()).contains("alice");
        assertThat(policy.forScope("alice", analytics, "prod", "x").scope()).contains("alice-in-prod");
        assertThat(policy.forScope("bob", analytics, "prod", "x").scope()).contains("prod");
        assertThat(policy.forScope("bob", analytics, "prod", "orders").scope()).contains("orders");
        assertThat(policy.forScope("alice", analytics, "prod", "orders").scope()).contains("alice-in-prod");
        assertThat(policy.forScope("alice", analytics, "prod", "orders").policy().option(LargeTopNRule.MAX_TOP_N))
                .isEqualTo(15);
    }

    @Test
    void twoScopesOfTheSameKindMatchingOneSessionAreDecidedByName() {
        Policy policy =
                policy(options(
                        "sql-guard.scopes.b-team.match.groups", "b",
                        "sql-guard.scopes.b-team.max-top-n", "2",
                        "sql-guard.scopes.a-team.match.groups", "a",
                        "sql-guard.scopes.a-team.max-top-n", "1"));

        assertThat(policy.forScope("u", List.of("b", "a"), null, null).scope()).contains("a-team");
        assertThat(policy.forScope("u", List.of("b"), null, null).scope()).contains("b-team");
    }

    @Test
    void rejectsAScopeWithoutCriteria() {
        assertThatThrownBy(() -> policy(options("sql-guard.scopes.all.max-top-n", "5")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Scope 'all' matches every session")
                .hasMessageContaining("'sql-guard.scopes.all.match.users'");
    }

    @Test
    void rejectsUnknownScopeOptionsAndRuleIdsNamingTheKey() {
        assertThatThrownBy(() -> policy(options(
                        "sql-guard.scopes.s.match.users", "alice",
                        "sql-guard.scopes.s.max-top", "5")))
                .hasMessageContaining("Unknown option 'sql-guard.scopes.s.max-top'")
                .hasMessageContaining("max-top-n");
        assertThatThrownBy(() -> policy(options(
                        "sql-guard.scopes.s.match.users", "alice",
                        "sql-guard.scopes.s.rules.unbounded-rnak.level", "WARN")))
                .hasMessageContaining("'sql-guard.scopes.s.rules.unbounded-rnak.level'")
                .hasMessageContaining("unbounded-rank");
        assertThatThrownBy(() -> policy(options("sql-guard.scopes.s.match.userz", "alice")))
                .hasMessageContaining("'sql-guard.scopes.s.match.userz'");
    }

    @Test
    void rejectsBadScopeValuesNamingTheKey() {
        assertThatThrownBy(() -> policy(options(
                        "sql-guard.scopes.s.match.users", "alice",
                        "sql-guard.scopes.s.rules.unbounded-rank.level", "LOUD")))
                .hasMessageContaining("'sql-guard.scopes.s.rules.unbounded-rank.level'")
                .hasMessageContaining("LOUD");
        assertThatThrownBy(() -> policy(options(
                        "sql-guard.scopes.s.match.users", "alice",
                        "sql-guard.scopes.s.max-top-n", "0")))
                .hasMessageContaining("'sql-guard.scopes.s.max-top-n'");
        assertThatThrownBy(() -> policy(options(
                        "sql-guard.scopes.s.match.users", "alice",
                        "sql-guard.scopes.s.mode", "maybe")))
                .hasMessageContaining("'sql-guard.scopes.s.mode'");
        assertThatThrownBy(() -> policy(options("sql-guard.scopes.s.match.users", " , ")))
                .hasMessageContaining("'sql-guard.scopes.s.match.users'")
                .hasMessageContaining("lists no names");
        assertThatThrownBy(() -> policy(options("sql-guard.scopes.a.b", "x")))
                .hasMessageContaining("Unknown option 'sql-guard.scopes.a.b'");
        assertThatThrownBy(() -> policy(options("sql-guard.scopes.bad name.match.users", "x")))
                .hasMessageContaining("'sql-guard.scopes.bad name.match.users'");
    }

    @Test
    void aScopeMayOverrideEveryOptionARuleDeclares() {
        Policy policy =
                policy(options(
                        "sql-guard.scopes.archive.match.databases", "archive",
                        "sql-guard.scopes.archive.max-state-ttl", "3650 d"));

        Policy scoped = policy.forScope(null, List.of(), "c", "archive").policy();

        assertThat(scoped.option(StateTtlOptions.MAX_STATE_TTL)).isEqualTo(Duration.ofDays(3650));
        assertThat(policy.option(StateTtlOptions.MAX_STATE_TTL)).isEqualTo(Duration.ofDays(365));
        assertThat(scoped.option(StateTtlOptions.MIN_STATE_TTL)).as("not overridden").isEqualTo(Duration.ofMinutes(1));
    }

    @Test
    void aScopedValueIsCheckedAgainstTheOtherValuesInForceInTheScope() {
        assertThatThrownBy(() -> policy(options(
                        "sql-guard.scopes.s.match.users", "alice",
                        "sql-guard.scopes.s.max-state-ttl", "30 s")))
                .hasMessageContaining("Invalid value '30 s' for option 'sql-guard.scopes.s.max-state-ttl'")
                .hasMessageContaining("greater than 'sql-guard.min-state-ttl' (1 min)");
        assertThatCode(() -> policy(options(
                        "sql-guard.scopes.s.match.users", "alice",
                        "sql-guard.scopes.s.min-state-ttl", "10 s",
                        "sql-guard.scopes.s.max-state-ttl", "30 s")))
                .doesNotThrowAnyException();
    }

    @Test
    void rejectsTwoScopesWithTheSameCriteria() {
        assertThatThrownBy(() -> policy(options(
                        "sql-guard.scopes.one.match.users", "alice,bob",
                        "sql-guard.scopes.two.match.users", "bob, alice")))
                .hasMessageContaining("Scopes 'one' and 'two' match exactly the same sessions");
    }

    @Test
    void globalModeDefaultsToEnforceAndReadsReport() {
        assertThat(Policy.defaults(catalog).mode()).isEqualTo(Mode.ENFORCE);
        Policy report = policy(options("sql-guard.mode", "report"));
        assertThat(report.mode()).isEqualTo(Mode.REPORT);
        assertThat(report.forScope(null, List.of(), null, null))
                .isEqualTo(new ScopedPolicy(report, Optional.empty()));
    }

    @Test
    void hashIsOfThePolicyOptionsOnlyAndIgnoresOrderAndStartOnlyOptions() {
        Map<String, String> base = options("sql-guard.max-top-n", "10", "sql-guard.mode", "report");
        Map<String, String> same = new HashMap<>(base);
        same.put("sql-guard.reload.interval", "1 s");
        same.put("sql-guard.identity.header", "X-User");
        same.put("parallelism.default", "4");
        Map<String, String> other = new HashMap<>(base);
        other.put("sql-guard.max-top-n", "11");

        assertThat(policy(same).policyHash()).isEqualTo(policy(base).policyHash()).hasSize(64);
        assertThat(policy(other).policyHash()).isNotEqualTo(policy(base).policyHash());
    }

    private static ObjectIdentifier table(String catalog, String database) {
        return ObjectIdentifier.of(catalog, database, "t");
    }

    @Test
    void aStatementOverTablesOfSeveralScopesGetsPerPartTheStrictestOfTheirPolicies() {
        Policy policy =
                policy(options(
                        "sql-guard.scopes.lax.match.catalogs", "lax",
                        "sql-guard.scopes.lax.rules.unbounded-rank.level", "WARN",
                        "sql-guard.scopes.lax.rules.large-top-n.allow-suppression", "true",
                        "sql-guard.scopes.lax.rules.global-rank.allow-suppression", "true",
                        "sql-guard.scopes.lax.min-state-ttl", "1 s",
                        "sql-guard.scopes.lax.max-top-n", "10",
                        "sql-guard.scopes.lax.mode", "report",
                        "sql-guard.scopes.prod.match.catalogs", "prod",
                        "sql-guard.scopes.prod.rules.large-top-n.allow-suppression", "true",
                        "sql-guard.scopes.prod.rules.ttl-bare-number.level", "BLOCK",
                        "sql-guard.scopes.prod.min-state-ttl", "1 h",
                        "sql-guard.scopes.prod.max-state-ttl", "30 d",
                        "sql-guard.scopes.prod.max-top-n", "5000",
                        "sql-guard.scopes.prod.mode", "report"));
        Policy lax = policy.forScope(null, List.of(), "lax", "db").policy();

        ScopedPolicy both = policy.forTables(null, List.of(), List.of(table("lax", "db"), table("prod", "db")));

        assertThat(both.scope()).contains("lax,prod");
        assertThat(both.tables())
                .containsExactly(
                        new TableScope(table("lax", "db"), Optional.of("lax")),
                        new TableScope(table("prod", "db"), Optional.of("prod")));
        Policy strictest = both.policy();
        assertThat(strictest.level("unbounded-rank")).as("prod's (global) BLOCK over lax's WARN").isEqualTo(Level.BLOCK);
        assertThat(strictest.level("ttl-bare-number")).as("prod's BLOCK over lax's default").isEqualTo(Level.BLOCK);
        assertThat(strictest.suppressible()).as("only where both allow it").containsExactly("large-top-n");
        assertThat(strictest.option(StateTtlOptions.MIN_STATE_TTL)).as("the higher minimum").isEqualTo(Duration.ofHours(1));
        assertThat(strictest.option(StateTtlOptions.MAX_STATE_TTL)).as("the lower maximum").isEqualTo(Duration.ofDays(30));
        assertThat(strictest.option(LargeTopNRule.MAX_TOP_N)).as("the lower maximum").isEqualTo(10);
        assertThat(strictest.mode()).as("both report").isEqualTo(Mode.REPORT);
        assertThat(strictest.policyHash()).isEqualTo(policy.policyHash());
        assertThat(policy.forTables(null, List.of(), List.of(table("lax", "db"), table("other", "db"))).policy().mode())
                .as("the global policy enforces")
                .isEqualTo(Mode.ENFORCE);
        assertThat(policy.forTables(null, List.of(), List.of(table("lax", "a"), table("lax", "b"))))
                .as("one scope: its own policy")
                .extracting(ScopedPolicy::policy, ScopedPolicy::scope)
                .containsExactly(lax, Optional.of("lax"));
    }

    @Test
    void eachTableGetsTheMostSpecificScopeOfItsCatalogAndDatabaseWithTheCallersIdentity() {
        Policy policy =
                policy(options(
                        "sql-guard.scopes.prod.match.catalogs", "prod",
                        "sql-guard.scopes.alice.match.users", "alice",
                        "sql-guard.scopes.alice.max-top-n", "2"));

        ScopedPolicy scoped =
                policy.forTables("alice", List.of(), List.of(table("prod", "db"), table("default_catalog", "db")));

        assertThat(scoped.tables())
                .extracting(TableScope::scope)
                .containsExactly(Optional.of("prod"), Optional.of("alice"));
        assertThat(scoped.policy().option(LargeTopNRule.MAX_TOP_N)).isEqualTo(2);
        assertThat(policy.forTables(null, List.of(), List.of(table("default_catalog", "db"))))
                .isEqualTo(new ScopedPolicy(
                        policy, Optional.empty(), List.of(new TableScope(table("default_catalog", "db"), Optional.empty()))));
    }

    @Test
    void aStatementOfUnknownTablesGetsTheStrictestPolicyAnyTableCould() {
        Policy policy =
                policy(options(
                        "sql-guard.mode", "report",
                        "sql-guard.scopes.sandbox.match.catalogs", "sandbox",
                        "sql-guard.scopes.sandbox.rules.unbounded-rank.level", "INFO",
                        "sql-guard.scopes.prod.match.databases", "orders",
                        "sql-guard.scopes.prod.mode", "enforce",
                        "sql-guard.scopes.prod.min-state-ttl", "1 h",
                        "sql-guard.scopes.bob.match.users", "bob",
                        "sql-guard.scopes.bob.mode", "report"));

        ScopedPolicy anyone = policy.forAnyTable(null, List.of());
        assertThat(anyone.scope()).contains("prod,sandbox");
        assertThat(anyone.policy().mode()).isEqualTo(Mode.ENFORCE);
        assertThat(anyone.policy().option(StateTtlOptions.MIN_STATE_TTL)).isEqualTo(Duration.ofHours(1));
        assertThat(anyone.policy().level("unbounded-rank")).isEqualTo(Level.BLOCK);
        assertThat(anyone.tables()).isEmpty();
        // bob's scope is his policy wherever no catalog or database scope is more specific.
        assertThat(policy.forAnyTable("bob", List.of()).scope()).contains("prod,sandbox,bob");
        Policy unscoped = policy(options("sql-guard.max-top-n", "7"));
        assertThat(unscoped.forAnyTable(null, List.of()).policy().option(LargeTopNRule.MAX_TOP_N))
                .as("no scopes: the global policy")
                .isEqualTo(7);
    }
}
