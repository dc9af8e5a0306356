package io.github.sqlguard.policy;

/**
 * One {@code sql-guard.scopes.<name>.*} scope: the sessions it matches and the policy that applies
 * to them (the global policy with the scope's overrides; scopes do not inherit from each other).
 *
 * @param name the scope's name in the configuration keys and in audit records
 * @param match which sessions it applies to
 * @param policy the effective policy within the scope
 */
public record PolicyScope(String name, ScopeMatch match, Policy policy) {}
