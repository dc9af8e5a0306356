package io.github.sqlguard.service;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The INSERTs of one session's statement set sent statement by statement ({@code BEGIN STATEMENT
 * SET;} ... {@code END;}). The guard holds the set itself instead of Flink's session (which would
 * refuse planning while a set is open), so that every INSERT is planned when it arrives and the
 * whole set once more at {@code END}, as the one {@code EXECUTE STATEMENT SET} Flink then runs.
 * Thread-safe.
 */
final class StatementSetBuffer {

    private List<String> inserts;

    /** Opens a set; false when one is already open. */
    synchronized boolean begin() {
        if (inserts != null) {
            return false;
        }
        inserts = new ArrayList<>();
        return true;
    }

    synchronized boolean isOpen() {
        return inserts != null;
    }

    /**
     * Adds an INSERT (the text the guard planned) to the open set.
     *
     * @throws IllegalStateException when no set is open
     */
    synchronized void add(String insert) {
        if (inserts == null) {
            throw new IllegalStateException("No statement set is open in this session.");
        }
        inserts.add(insert);
    }

    /**
     * Closes the open set: the {@code EXECUTE STATEMENT SET BEGIN ...; END} of its INSERTs, in the
     * order they came; empty when no INSERT was added (or no set was open).
     */
    synchronized Optional<String> end() {
        List<String> added = inserts == null ? List.of() : inserts;
        inserts = null;
        return added.isEmpty()
                ? Optional.empty()
                : Optional.of("EXECUTE STATEMENT SET\nBEGIN\n" + String.join(";\n", added) + ";\nEND");
    }
}
