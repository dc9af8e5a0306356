package io.github.sqlguard.rules;

/**
 * {@code value} as a map key by its identity, not its equality: for a value made once and asked for often (a rule
 * declaration's list of options, a policy), whose equality would compare all it holds on every look-up. A {@code
 * ConcurrentHashMap} of these is the concurrent identity map the JDK lacks ({@code IdentityHashMap} is not
 * thread-safe). Internal.
 *
 * @param value the value, compared by {@code ==}
 */
public record ByIdentity<T>(T value) {

    @Override
    public boolean equals(Object o) {
        return o instanceof ByIdentity<?> other && other.value == value;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(value);
    }
}
