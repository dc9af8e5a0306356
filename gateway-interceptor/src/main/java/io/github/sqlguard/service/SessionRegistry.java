package io.github.sqlguard.service;

import io.github.sqlguard.audit.Subject;
import io.github.sqlguard.flink.GatewaySessions;
import io.github.sqlguard.identity.Identity;

import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.api.utils.SqlGatewayException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The {@link GuardedSession} of every session of the gateway, from the moment the guard sees it
 * open until it closes or Flink expires it. Thread-safe; one per gateway. Stability: public,
 * evolving.
 */
public final class SessionRegistry {

    private static final Logger LOG = LoggerFactory.getLogger(SessionRegistry.class);

    /** How often the guard drops what it keeps for sessions Flink expired on its own (ms). */
    static final long PRUNE_INTERVAL_MS = 60_000;

    private final SqlGatewayService delegate;
    private final Optional<GatewaySessions> gatewaySessions;
    private final Map<SessionHandle, GuardedSession> sessions = new ConcurrentHashMap<>();
    /** When sessions were last checked for expiry by Flink's session manager (ms since epoch). */
    private final AtomicLong lastPrune = new AtomicLong();

    /**
     * @param delegate Flink's service, asked whether a session still exists
     * @param gatewaySessions Flink's sessions, to wait on their operations; empty when the service
     *     is not Flink's own (nothing is waited for)
     */
    public SessionRegistry(SqlGatewayService delegate, Optional<GatewaySessions> gatewaySessions) {
        this.delegate = delegate;
        this.gatewaySessions = gatewaySessions;
    }

    /** Starts keeping a session Flink just opened; prunes sessions Flink expired. */
    GuardedSession opened(SessionHandle session, Subject subject, Optional<Identity> identity) {
        GuardedSession guarded = new GuardedSession(subject, identity, endOf(session));
        sessions.put(session, guarded);
        pruneExpired();
        return guarded;
    }

    /** Drops what the guard keeps for {@code session}. */
    void forget(SessionHandle session) {
        sessions.remove(session);
    }

    /** The session; one the guard did not see open (opened before a restart) has no known user. */
    GuardedSession session(SessionHandle session) {
        return sessions.computeIfAbsent(session, h -> new GuardedSession(Subject.unknown(null), Optional.empty(), endOf(h)));
    }

    /** The session, if the guard keeps it. */
    public Optional<GuardedSession> find(SessionHandle session) {
        return Optional.ofNullable(sessions.get(session));
    }

    /** Number of sessions the guard keeps. */
    public int size() {
        return sessions.size();
    }

    private GuardedSession.OperationEnd endOf(SessionHandle session) {
        return (operation, timeout) ->
                gatewaySessions.map(g -> g.awaitTermination(session, operation, timeout)).orElse(true);
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
