package io.github.sqlguard.identity;

import org.apache.flink.table.gateway.api.session.SessionHandle;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The verified identity of every session opened through the guard's REST endpoint. The REST layer
 * resolves the identity of an openSession request ({@link IdentityResolver}) and calls the service
 * within {@link #whileOpening}, so the service can read it ({@link #opening()}) for the openSession
 * audit record; once the session is open its handle is bound ({@link #bind}) and every later call
 * reads {@link #of(SessionHandle)}.
 *
 * <p>Thread-safe; one per gateway. Stability: public, evolving.
 */
public final class Identities {

    private final Map<SessionHandle, Identity> bySession = new ConcurrentHashMap<>();
    /** The identity of the openSession request this thread is serving (one gateway, not static). */
    private final ThreadLocal<Identity> opening = new ThreadLocal<>();

    /** The identity a session was opened with; empty for an unknown (or forgotten) session. */
    public Optional<Identity> of(SessionHandle session) {
        return Optional.ofNullable(bySession.get(session));
    }

    /**
     * The identity of the openSession request being served on this thread: present inside {@code
     * SqlGatewayService#openSession} when the session is opened over the guard's REST endpoint.
     */
    public Optional<Identity> opening() {
        return Optional.ofNullable(opening.get());
    }

    /** Runs {@code openSession} with {@code identity} visible through {@link #opening()}. */
    public <T> T whileOpening(Identity identity, Supplier<T> openSession) {
        Identity outer = opening.get();
        opening.set(identity);
        try {
            return openSession.get();
        } finally {
            if (outer == null) {
                opening.remove();
            } else {
                opening.set(outer);
            }
        }
    }

    /** Records the identity {@code session} was opened with. */
    public void bind(SessionHandle session, Identity identity) {
        bySession.put(session, identity);
    }

    /** Drops a closed or expired session. */
    public void forget(SessionHandle session) {
        bySession.remove(session);
    }

    /** Number of sessions with a recorded identity. */
    public int size() {
        return bySession.size();
    }
}
