package io.github.sqlguard.service;

import io.github.sqlguard.audit.AuditRecord;
import io.github.sqlguard.audit.Subject;
import io.github.sqlguard.identity.Identity;
import io.github.sqlguard.observe.PlannedOperator;
import io.github.sqlguard.rewrite.Rewrites;

import org.apache.flink.table.gateway.api.operation.OperationHandle;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * What the guard keeps for one session of the gateway: who opened it, its statement set, the
 * advisories of its recent operations, the views it defined as written, the records of statements whose job id is still to be
 * audited, and the order of its calls. Held by {@link SessionRegistry}; dropped when the session
 * closes or Flink expires it.
 *
 * <p>Calls are decided and handed on in the session's order ({@link #inOrder}): one at a time, in
 * the order they arrive, each after the session's previous configuration change (SET, RESET, DDL,
 * ...) has taken effect in Flink. Thread-safe.
 */
public final class GuardedSession {

    private static final Logger LOG = LoggerFactory.getLogger(GuardedSession.class);

    /** Advisories kept per session: the most recent operations only. */
    static final int MAX_ADVISORIES = 256;

    /**
     * Most characters of advisory text a session keeps ({@link Advisory#textLength}, about 8 MB of
     * heap): the oldest advisories go first, the newest is always kept. A refusal of a statement of
     * a megabyte carries its rewrites' text, so a count alone did not bound what a session holds.
     */
    static final long MAX_ADVISORY_CHARS = 4L * 1024 * 1024;

    /** Waits for an operation of this session to end, at most for a timeout; false when it still runs. */
    @FunctionalInterface
    interface OperationEnd {
        boolean await(OperationHandle operation, Duration timeout);
    }

    private final Subject subject;
    private final Optional<Identity> identity;
    private final OperationEnd operationEnd;
    /** Fair: waiting calls go on in the order they arrived. */
    private final ReentrantLock order = new ReentrantLock(true);
    private final StatementSetBuffer statementSet = new StatementSetBuffer();
    private final RefusedSets refusedSets = new RefusedSets();
    private final WrittenViews writtenViews = new WrittenViews();
    private final Map<OperationHandle, AwaitedJob> awaitingJob = new ConcurrentHashMap<>();
    private final Map<OperationHandle, AwaitedStop> awaitingStop = new ConcurrentHashMap<>();
    /** Operations of a bare SET: their answer lists the session's configuration, to be redacted. */
    private final Set<OperationHandle> listings = ConcurrentHashMap.newKeySet();
    /** Kept advisories, oldest first, within {@link #MAX_ADVISORIES} and {@link #MAX_ADVISORY_CHARS}. */
    private final Map<String, Advisory> advisories = new LinkedHashMap<>();
    /** The {@link Advisory#textLength} of every kept advisory. */
    private long keptChars;
    private OperationHandle lastChange;
    /** The rewrites being proven for operations that ran, by operation handle; removed when proven. */
    private final Map<String, CompletableFuture<Void>> rewriting = new ConcurrentHashMap<>();

    /**
     * @param subject who opened the session, without scope or policy
     * @param identity the identity the gateway verified when the session was opened over its REST
     *     endpoint
     * @param operationEnd how to wait for one of the session's operations to end
     */
    GuardedSession(Subject subject, Optional<Identity> identity, OperationEnd operationEnd) {
        this.subject = subject;
        this.identity = identity;
        this.operationEnd = operationEnd;
    }

    /** Who opened the session (verified and claimed user), without scope or policy. */
    public Subject subject() {
        return subject;
    }

    /** The identity verified when the session was opened; empty when it was not opened over REST. */
    public Optional<Identity> identity() {
        return identity;
    }

    /** The verified user's groups, for scopes; empty when none were verified. */
    List<String> groups() {
        return identity.map(Identity::groups).orElse(List.of());
    }

    StatementSetBuffer statementSet() {
        return statementSet;
    }

    /** The session's refused {@code SET}s, for its later findings; read and changed in the session's order only. */
    RefusedSets refusedSets() {
        return refusedSets;
    }

    /** The session's {@code CREATE VIEW} statements as written, for the rewrites that redefine a view. */
    WrittenViews writtenViews() {
        return writtenViews;
    }

    /**
     * Runs {@code call} in the session's order: after every call of the session that arrived before
     * it, and after the operation of the session's last configuration change has ended (waited for
     * at most {@code changeTimeout}, after which the guard decides anyway and says so in its log).
     */
    <T> T inOrder(Duration changeTimeout, Supplier<T> call) {
        order.lock();
        try {
            awaitLastChange(changeTimeout);
            return call.get();
        } finally {
            order.unlock();
        }
    }

    /** Calls of the session waiting for their turn. */
    int waitingCalls() {
        return order.getQueueLength();
    }

    private void awaitLastChange(Duration timeout) {
        OperationHandle previous;
        synchronized (this) {
            previous = lastChange;
        }
        if (previous != null && !operationEnd.await(previous, timeout)) {
            LOG.warn("Operation {} is still running after sql-guard.explain-timeout; deciding on the session's next"
                    + " statement anyway.", previous);
        }
        synchronized (this) {
            if (previous != null && previous.equals(lastChange)) {
                lastChange = null;
            }
        }
    }

    /** Records the operation of a statement that may change what later statements plan against. */
    synchronized void changedBy(OperationHandle operation) {
        lastChange = operation;
    }

    /** The client closed {@code operation}: its job id will not be audited, and no call waits for it. */
    synchronized void closed(OperationHandle operation) {
        awaitingJob.remove(operation);
        awaitingStop.remove(operation);
        listings.remove(operation);
        if (operation.equals(lastChange)) {
            lastChange = null;
        }
    }

    /** {@code operation} answers a bare {@code SET}: its rows are the session's configuration. */
    void listsConfiguration(OperationHandle operation) {
        listings.add(operation);
    }

    /** True when {@code operation}'s rows list the session's configuration ({@link #listsConfiguration}). */
    boolean isConfigurationListing(OperationHandle operation) {
        return listings.contains(operation);
    }

    /**
     * A statement handed on whose operation may name a job: its record, and the stateful operators
     * of its judged plan (for the observed state).
     */
    record AwaitedJob(AuditRecord submitted, List<PlannedOperator> statefulOperators) {}

    /** A {@code STOP JOB} handed on, until its operation answers: its record, and the job it stops. */
    record AwaitedStop(AuditRecord handedOn, String jobId) {}

    /** Keeps the record of a {@code STOP JOB} handed on until its operation answers. */
    void awaitStop(OperationHandle operation, AwaitedStop stop) {
        awaitingStop.put(operation, stop);
    }

    /** The record of a {@code STOP JOB} whose operation is awaited, once: it is no longer awaited. */
    Optional<AwaitedStop> takeAwaitedStop(OperationHandle operation) {
        return Optional.ofNullable(awaitingStop.remove(operation));
    }

    /** Keeps the record of a statement handed on until its operation names its job. */
    void awaitJob(OperationHandle operation, AwaitedJob submitted) {
        awaitingJob.put(operation, submitted);
    }

    /** The record of a statement whose operation is awaited for its job id, once: it is no longer awaited. */
    Optional<AwaitedJob> takeAwaitedJob(OperationHandle operation) {
        return Optional.ofNullable(awaitingJob.remove(operation));
    }

    boolean awaitsJob(OperationHandle operation) {
        return awaitingJob.containsKey(operation);
    }

    /** The rewrites of {@code operationHandle}'s statement are being proven: its advisory says so until they are. */
    void rewriting(String operationHandle, CompletableFuture<Void> proving) {
        synchronized (this) {
            Advisory advisory = advisories.get(operationHandle);
            if (advisory != null) {
                keep(advisory.pending());
            }
        }
        rewriting.put(operationHandle, proving);
        proving.whenComplete((done, error) -> {
            rewriting.remove(operationHandle, proving);
            if (error != null) {
                LOG.error("sql-guard could not attach the rewrites of operation {}.", operationHandle, error);
                attachRewrites(operationHandle, Rewrites.NONE);
            }
        });
    }

    /** Attaches the proven rewrites to the advisory of {@code operationHandle}, when it is still kept. */
    synchronized void attachRewrites(String operationHandle, Rewrites proven) {
        Advisory advisory = advisories.get(operationHandle);
        if (advisory != null) {
            keep(advisory.withRewrites(proven.verified()));
        }
    }

    /** Completes when the rewrites of {@code operationHandle} are proven (at once when none are pending). */
    CompletableFuture<Void> rewritesProven(String operationHandle) {
        return rewriting.getOrDefault(operationHandle, CompletableFuture.completedFuture(null));
    }

    /** Completes when every pending rewrite of the session's operations is proven. */
    CompletableFuture<Void> allRewritesProven() {
        return CompletableFuture.allOf(rewriting.values().toArray(CompletableFuture[]::new));
    }

    synchronized void remember(Advisory advisory) {
        keep(advisory);
    }

    /** Keeps {@code advisory} (in place of its operation's earlier one), then drops the oldest beyond the bounds. */
    private synchronized void keep(Advisory advisory) {
        Advisory replaced = advisories.put(advisory.operationHandle(), advisory);
        keptChars += advisory.textLength() - (replaced == null ? 0 : replaced.textLength());
        Iterator<Map.Entry<String, Advisory>> oldest = advisories.entrySet().iterator();
        while (advisories.size() > 1 && (advisories.size() > MAX_ADVISORIES || keptChars > MAX_ADVISORY_CHARS)) {
            Map.Entry<String, Advisory> dropped = oldest.next();
            if (dropped.getKey().equals(advisory.operationHandle())) {
                continue;
            }
            keptChars -= dropped.getValue().textLength();
            oldest.remove();
        }
    }

    /** Characters of advisory text the session keeps. */
    synchronized long keptAdvisoryChars() {
        return keptChars;
    }

    synchronized Optional<Advisory> advisory(String operationHandle) {
        return Optional.ofNullable(advisories.get(operationHandle));
    }

    /** The kept advisories, oldest first. */
    synchronized List<Advisory> advisories() {
        return List.copyOf(advisories.values());
    }
}
