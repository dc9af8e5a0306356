package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.rules.RuleCatalog;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.util.Map;

/** {@link PolicyGuards}: one guard per policy, by the policy's identity, and a policy no longer kept made again. */
class PolicyGuardsTest {

    private final RuleCatalog catalog = RuleCatalog.builtIn();

    @Test
    void aPolicyKeepsItsGuardAndAnEqualButOtherPolicyGetsItsOwn() {
        PolicyGuards guards = new PolicyGuards(catalog);
        Policy policy = Policy.defaults(catalog);
        Policy reloaded = Policy.defaults(catalog);

        assertThat(guards.of(policy)).isSameAs(guards.of(policy));
        assertThat(reloaded).isEqualTo(policy);
        assertThat(guards.of(reloaded)).as("a reload's policy, equal or not").isNotSameAs(guards.of(policy));
    }

    @Test
    void aPolicyForgottenWhenMoreAreKeptIsMadeAgain() {
        PolicyGuards guards = new PolicyGuards(catalog);
        Policy off = Policy.fromConfiguration(
                Configuration.fromMap(Map.of("sql-guard.rules.ttl-bare-number.level", "OFF")), catalog);
        StatementGuard first = guards.of(off);
        for (int i = 0; i < PolicyGuards.MAX; i++) {
            guards.of(Policy.defaults(catalog));
        }

        StatementGuard again = guards.of(off);

        assertThat(again).isNotSameAs(first);
        assertThat(guards.of(off)).isSameAs(again);
    }
}
