package io.github.sqlguard.service;

import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.policy.PolicyHolder;
import io.github.sqlguard.policy.StrictestPolicy;
import io.github.sqlguard.rules.ByIdentity;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.RuleEngine;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@link StatementGuard} of each policy a call is decided under, made once per policy and kept: its {@link
 * RuleEngine} reads what the policy says of every rule when it is made, where a guard made per call read it for
 * every rule of every statement (and {@link Decider} made three per statement: the limits, the analysis and the
 * judgement). Keyed by the policy's identity, not its equality: a policy is immutable, a reload makes a new one
 * ({@link PolicyHolder}), and comparing two policies field by field costs what the guard saves. A statement over
 * tables of several scopes gets a new strictest policy each time ({@link StrictestPolicy}): when {@value #MAX}
 * policies are kept, they are all forgotten and made again as they come. Thread-safe.
 */
final class PolicyGuards {

    /** The most policies kept: the global one and each scope's, with room for a reload's. */
    static final int MAX = 64;

    private final RuleCatalog catalog;
    private final Map<ByIdentity<Policy>, StatementGuard> guards = new ConcurrentHashMap<>();

    PolicyGuards(RuleCatalog catalog) {
        this.catalog = catalog;
    }

    /** The guard of {@code policy}, made now if it is not kept. */
    StatementGuard of(Policy policy) {
        ByIdentity<Policy> key = new ByIdentity<>(policy);
        StatementGuard guard = guards.get(key);
        if (guard != null) {
            return guard;
        }
        if (guards.size() >= MAX) {
            guards.clear();
        }
        return guards.computeIfAbsent(key, p -> new StatementGuard(new RuleEngine(catalog, policy), policy));
    }
}
