package io.github.sqlguard.service;

import io.github.sqlguard.audit.Subject;
import io.github.sqlguard.flink.GatewaySessions;
import io.github.sqlguard.identity.Identities;

import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.api.utils.SqlGatewayException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the guard keeps per session ({@link SessionState}: who opened it, statement set, advisories), its
 * lock, and the wait for a session's previous configuration change; dropped when the session
 * closes or Flink expires it. Thread-safe.
 */
final class SessionRegistry {

    private static final Logger LOG = LoggerFactory.getLogger(SessionRegistry.class);

    /** How often the guard drops what it keeps for sessions Flink expired on its own (ms). */
    static final long PRUNE_INTERVAL_MS = 60_000;

    private final SqlGatewayService delegate;
    private final Optional<GatewaySessions> gatewaySessions;
    private final Identities identities;
    private final Map<SessionHandle, SessionState> sessions = new ConcurrentHashMap<>();
    /** When sessions were last checked for expiry by Flink's session manager (ms since epoch). */
    private final AtomicLong lastPrune = new AtomicLong();

    SessionRegistry(SqlGatewayService delegate, Optional<GatewaySessions> gatewaySessions, Identities identities) {
        this.delegate = delegate;
        this.gatewaySessions = gatewaySessions;
        this.identities = identities;
    }

    /** Starts keeping state for a session Flink just opened; prunes sessions Flink expired. */
    void opened(SessionHandle session, Subject subject) {
        sessions.put(session, new SessionState(subject));
        pruneExpired();
    }

    /** Drops what the guard keeps for {@code session}, its verified identity included. */
    void forget(SessionHandle session) {
        sessions.remove(session);
        identities.forget(session);
    }

    /** The session's state; a session the guard did not see open (opened before a restart) has no known user. */
    SessionState state(SessionHandle session) {
        return sessions.computeIfAbsent(session, h -> new SessionState(Subject.unknown(null)));
    }

    /** The session's state, if the guard keeps any. */
    Optional<SessionState> find(SessionHandle session) {
        return Optional.ofNullable(sessions.get(session));
    }

    /** Who opened the session; nothing known when the guard keeps no state for it. */
    Subject subject(SessionHandle session) {
        SessionState state = sessions.get(session);
        return state == null ? Subject.unknown(null) : state.subject();
    }

    /** Number of sessions the guard keeps state for. */
    int size() {
        return sessions.size();
    }

    /**
     * Waits until the operation of the session's last configuration-changing statement (SET, RESET,
     * DDL, ADD JAR ...) has ended, so the next decision plans against what Flink has applied. One
     * waiter on the operation's own status, no polling ({@link GatewaySessions#awaitTermination});
     * at most {@code timeout}, after which the guard decides anyway and says so in its log.
     * Called with the session's decision lock held.
     */
    void awaitPreviousChange(SessionHandle session, SessionState state, Duration timeout) {
        OperationHandle previous = state.lastChange();
        if (previous == null) {
            return;
        }
        if (gatewaySessions.isPresent() && !gatewaySessions.get().awaitTermination(session, previous, timeout)) {
            LOG.warn("Operation {} of session {} is still running after sql-guard.explain-timeout; deciding on the next"
                    + " statement anyway.", previous, session);
        }
        state.changedBy(null);
    }

    /**
     * Flink's session manager closes idle sessions itself ({@code sql-gateway.session.idle-timeout})
     * without calling {@code closeSession}; at most once a minute, drop what the guard keeps for
     * sessions Flink no longer knows.
     */
    private void pruneExpired() {
        long now = System.currentTimeMillis();
        long last = lastPrune.get();
        if (now - last < PRUNE_INTERVAL_MS || !lastPrune.compareAndSet(last, now)) {
            return;
        }
        for (SessionHandle handle : List.copyOf(sessions.keySet())) {
            try {
                delegate.getSessionEndpointVersion(handle);
            } catch (SqlGatewayException gone) {
                LOG.debug("Session {} is gone from the gateway; dropping the guard's state for it.", handle);
                forget(handle);
            }
        }
    }
}
