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

    /** The frame of {@link #end()}'s statement around the INSERTs: {@code EXECUTE STATEMENT SET\nBEGIN\n}, {@code ;\nEND}. */
    private static final long FRAME_BYTES = "EXECUTE STATEMENT SET\nBEGIN\n".length() + ";\nEND".length();

    private List<String> inserts;
    /** The UTF-8 size of the INSERTs added, each with the {@code ;\n} that follows it. */
    private long insertBytes;

    /** Opens a set; false when one is already open. */
    synchronized boolean begin() {
        if (inserts != null) {
            return false;
        }
        inserts = new ArrayList<>();
        insertBytes = 0;
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
        insertBytes += Classifier.utf8Length(insert) + 2;
    }

    /**
     * The UTF-8 size of the statement {@link #end()} would hand on with {@code insert} added: what a
     * client sending the set as one {@code EXECUTE STATEMENT SET} would send, held to the same {@code
     * sql-guard.max-statement-bytes}.
     */
    synchronized long bytesWith(String insert) {
        // Each INSERT is followed by ";\n" but the last, whose ";" is in the frame: the two bytes cancel out.
        return FRAME_BYTES + insertBytes + Classifier.utf8Length(insert);
    }

    /**
     * Closes the open set: the {@code EXECUTE STATEMENT SET BEGIN ...; END} of its INSERTs, in the
     * order they came; empty when no INSERT was added (or no set was open).
     */
    synchronized Optional<String> end() {
        List<String> added = inserts == null ? List.of() : inserts;
        inserts = null;
        insertBytes = 0;
        return added.isEmpty()
                ? Optional.empty()
                : Optional.of("EXECUTE STATEMENT SET\nBEGIN\n" + String.join(";\n", added) + ";\nEND");
    }
}
