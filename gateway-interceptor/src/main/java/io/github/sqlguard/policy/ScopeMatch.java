package io.github.sqlguard.policy;

import java.util.Collection;
import java.util.Comparator;
import java.util.Set;

/**
 * Which sessions a scope applies to: every criterion that is set must match (an empty set is not
 * a criterion); within one criterion any listed value matches. Users and groups are the verified
 * identity's (never the self-declared {@code sql-guard.user}); catalog and database are those of a
 * table the statement reads or writes ({@link Policy#forTables}), or the session's current ones for
 * a statement that names no table.
 *
 * <p>Specificity, highest first ({@link #MOST_SPECIFIC_FIRST}): the scope with more criteria wins;
 * with as many criteria, the one whose most significant criterion ranks higher in the order
 * databases, catalogs, users, groups wins; a remaining tie (same criteria kinds, e.g. two group
 * scopes for a user in both groups) goes to the scope whose name sorts first.
 *
 * @param users verified user names
 * @param groups verified group names
 * @param catalogs catalog names
 * @param databases database names (in any catalog, unless {@code catalogs} is also set)
 */
public record ScopeMatch(Set<String> users, Set<String> groups, Set<String> catalogs, Set<String> databases) {

    /** Most specific first, then by scope name. */
    public static final Comparator<PolicyScope> MOST_SPECIFIC_FIRST =
            Comparator.comparingInt((PolicyScope s) -> s.match().criteria())
                    .thenComparingInt(s -> s.match().kinds())
                    .reversed()
                    .thenComparing(PolicyScope::name);

    public ScopeMatch {
        users = Set.copyOf(users);
        groups = Set.copyOf(groups);
        catalogs = Set.copyOf(catalogs);
        databases = Set.copyOf(databases);
    }

    /**
     * True when this scope applies to a statement of {@code user} (verified, or {@code null}) in
     * {@code groups}, with {@code catalog}/{@code database} current (either may be {@code null}).
     */
    public boolean matches(String user, Collection<String> groups, String catalog, String database) {
        return (users.isEmpty() || (user != null && users.contains(user)))
                && (this.groups.isEmpty() || groups.stream().anyMatch(this.groups::contains))
                && (catalogs.isEmpty() || (catalog != null && catalogs.contains(catalog)))
                && (databases.isEmpty() || (database != null && databases.contains(database)));
    }

    /** How many criteria are set (0 to 4). */
    public int criteria() {
        return Integer.bitCount(kinds());
    }

    /** The kinds of criteria set, as bits: databases 8, catalogs 4, users 2, groups 1. */
    int kinds() {
        return (databases.isEmpty() ? 0 : 8) | (catalogs.isEmpty() ? 0 : 4) | (users.isEmpty() ? 0 : 2)
                | (groups.isEmpty() ? 0 : 1);
    }
}
