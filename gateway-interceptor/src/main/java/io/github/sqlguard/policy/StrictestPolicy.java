package io.github.sqlguard.policy;

import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.RuleOption;
import io.github.sqlguard.rules.RuleOptions;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The strictest of several policies: what a statement is judged by when it reads or writes tables
 * of several scopes ({@link Policy#forTables}). Per part of a policy:
 *
 * <ul>
 *   <li>a rule's level: the highest ({@code OFF < INFO < WARN < BLOCK});
 *   <li>inline suppression: allowed only where every policy allows it;
 *   <li>a rule option: the stricter value by the option's own {@link RuleOption.Strictness} (the
 *       highest {@code min-state-ttl}, the lowest {@code max-state-ttl} and {@code max-top-n});
 *   <li>the mode: {@code enforce} when any policy enforces.
 * </ul>
 *
 * Everything a scope cannot set (timeouts, fail modes, the audit's options, the policy hash) is the
 * global policy's in every scope, and so in the result. The result is not checked against the
 * options' requirements: the strictest minimum state TTL of one scope may lie above the strictest
 * maximum of another, and then no TTL passes, which is what both scopes together ask for.
 */
public final class StrictestPolicy {

    private StrictestPolicy() {}

    /**
     * The strictest of {@code policies} (at least one), without scopes of its own.
     *
     * @throws IllegalArgumentException for an empty list
     */
    public static Policy of(List<Policy> policies) {
        if (policies.isEmpty()) {
            throw new IllegalArgumentException("The strictest of no policies is not defined.");
        }
        Policy first = policies.get(0);
        Map<String, Level> levels = new HashMap<>(first.levels());
        Set<String> suppressible = new HashSet<>(first.suppressible());
        Mode mode = first.mode();
        for (Policy other : policies.subList(1, policies.size())) {
            other.levels().forEach((id, level) -> levels.merge(id, level, (a, b) -> a.compareTo(b) >= 0 ? a : b));
            suppressible.retainAll(other.suppressible());
            mode = mode == Mode.ENFORCE || other.mode() == Mode.ENFORCE ? Mode.ENFORCE : Mode.REPORT;
        }
        RuleOptions.Builder options = RuleOptions.builder(first.ruleOptions().options());
        for (RuleOption<?> option : first.ruleOptions().options()) {
            strictest(options, option, policies);
        }
        return new Policy(
                levels, suppressible, options.build(), first.explainTimeout(), first.failMode(), first.auditFailMode(),
                first.auditMaxStatementLength(), first.maxStatementBytes(), first.instanceId(), mode, first.executeJudgedPlan(), List.of(),
                first.policyHash(), first.rewrite(), first.docsBaseUrl());
    }

    private static <T> void strictest(RuleOptions.Builder options, RuleOption<T> option, List<Policy> policies) {
        T value = policies.get(0).ruleOptions().get(option);
        for (Policy other : policies.subList(1, policies.size())) {
            value = option.stricter(value, other.ruleOptions().get(option));
        }
        options.set(option, value);
    }
}
