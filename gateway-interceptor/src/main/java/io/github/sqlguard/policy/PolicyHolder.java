package io.github.sqlguard.policy;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * The policy in force, swapped atomically when a reload applies a new one. Read {@link #current()}
 * once per statement and use that instance for the whole decision: a statement is decided by one
 * policy, and a reload takes effect between statements.
 *
 * <p>Thread-safe; one per gateway. Stability: public, evolving.
 */
public final class PolicyHolder {

    /**
     * One swap: the policy before and after.
     *
     * @param previous the policy that was in force
     * @param current the policy now in force
     */
    public record Change(Policy previous, Policy current) {}

    private final AtomicReference<Policy> policy;
    private final List<Consumer<Change>> listeners = new CopyOnWriteArrayList<>();

    public PolicyHolder(Policy initial) {
        this.policy = new AtomicReference<>(Objects.requireNonNull(initial));
    }

    /** The policy in force. */
    public Policy current() {
        return policy.get();
    }

    /** {@link Policy#policyHash()} of the policy in force. */
    public String policyHash() {
        return policy.get().policyHash();
    }

    /** Called after every swap, on the thread that swapped; a listener must not block. */
    public void addListener(Consumer<Change> listener) {
        listeners.add(Objects.requireNonNull(listener));
    }

    /**
     * Puts {@code next} in force unless it has the same {@link Policy#policyHash()} as the current
     * one, and tells the listeners.
     *
     * @return the change, or empty when the hash was the same and nothing was swapped
     */
    public Optional<Change> update(Policy next) {
        Objects.requireNonNull(next);
        Policy previous;
        do {
            previous = policy.get();
            if (previous.policyHash().equals(next.policyHash())) {
                return Optional.empty();
            }
        } while (!policy.compareAndSet(previous, next));
        Change change = new Change(previous, next);
        listeners.forEach(l -> l.accept(change));
        return Optional.of(change);
    }
}
