package io.github.sqlguard.policy;

import java.util.List;
import java.util.Optional;

/**
 * The policy that applies to one statement ({@link Policy#forScope}, {@link Policy#forTables}) and
 * the scopes that decided it.
 *
 * @param policy the effective policy: one scope's (or the global one), or the strictest of several
 *     ({@link StrictestPolicy}) when the statement touches tables of several scopes
 * @param scope the names of the scopes whose policies apply, comma-separated in the order of the
 *     tables; empty when only the global policy applies
 * @param tables the tables the statement reads and writes, each with its scope; empty when the
 *     policy was chosen by the session's current catalog and database (a statement that names no
 *     table, or a policy without scopes)
 */
public record ScopedPolicy(Policy policy, Optional<String> scope, List<TableScope> tables) {

    public ScopedPolicy {
        tables = List.copyOf(tables);
    }

    /** The policy of one scope (or the global one), chosen without tables. */
    public ScopedPolicy(Policy policy, Optional<String> scope) {
        this(policy, scope, List.of());
    }
}
