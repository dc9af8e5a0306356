package io.github.sqlguard.policy;

import java.util.Optional;

/**
 * The policy that applies to one statement ({@link Policy#forScope}) and the scope that decided it.
 *
 * @param policy the effective policy
 * @param scope the name of the scope that matched, or empty when the global policy applies
 */
public record ScopedPolicy(Policy policy, Optional<String> scope) {}
