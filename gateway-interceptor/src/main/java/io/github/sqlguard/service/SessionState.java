package io.github.sqlguard.service;

import io.github.sqlguard.audit.Subject;

import org.apache.flink.table.gateway.api.operation.OperationHandle;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the guard keeps for one session: who opened it, and the INSERTs of a statement set sent
 * statement by statement ({@code BEGIN STATEMENT SET;} ... {@code END;}). The guard holds the set
 * itself instead of Flink's session, so that every INSERT can be EXPLAINed when it arrives and the
 * whole set once more at {@code END}. Thread-safe.
 */
final class SessionState {

    /** Advisories kept per session: the most recent operations only. */
    static final int MAX_ADVISORIES = 256;

    private final Subject subject;
    private List<String> statementSet;
    private OperationHandle lastChange;

    /** Held while the guard decides on, and hands on, one statement of this session. */
    final Object decisionLock = new Object();
    private final Map<String, Advisory> advisories =
            new LinkedHashMap<>() {
                private static final long serialVersionUID = 1L;

                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Advisory> eldest) {
                    return size() > MAX_ADVISORIES;
                }
            };

    SessionState(Subject subject) {
        this.subject = subject;
    }

    /** Who opened the session (verified and claimed user), without scope or policy. */
    Subject subject() {
        return subject;
    }

    /** Records the operation of the last statement that may change what later statements plan against. */
    synchronized void changedBy(OperationHandle operation) {
        lastChange = operation;
    }

    synchronized OperationHandle lastChange() {
        return lastChange;
    }

    /** The client closed {@code operation}: if it was the last change, there is nothing to wait for. */
    synchronized void closed(OperationHandle operation) {
        if (operation.equals(lastChange)) {
            lastChange = null;
        }
    }

    synchronized void remember(Advisory advisory) {
        advisories.put(advisory.operationHandle(), advisory);
    }

    synchronized Optional<Advisory> advisory(String operationHandle) {
        return Optional.ofNullable(advisories.get(operationHandle));
    }

    /** The kept advisories, oldest first. */
    synchronized List<Advisory> advisories() {
        return List.copyOf(advisories.values());
    }

    /** Opens a statement set; false when one is already open. */
    synchronized boolean beginStatementSet() {
        if (statementSet != null) {
            return false;
        }
        statementSet = new ArrayList<>();
        return true;
    }

    synchronized boolean inStatementSet() {
        return statementSet != null;
    }

    synchronized void addToStatementSet(String insert) {
        statementSet.add(insert);
    }

    /** Closes the open statement set and returns its INSERTs (empty when none was added). */
    synchronized List<String> endStatementSet() {
        List<String> inserts = statementSet == null ? List.of() : List.copyOf(statementSet);
        statementSet = null;
        return inserts;
    }
}
