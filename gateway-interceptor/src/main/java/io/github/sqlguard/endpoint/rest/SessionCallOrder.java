package io.github.sqlguard.endpoint.rest;

import org.apache.flink.table.gateway.api.session.SessionHandle;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The order of the guarded REST calls of each session ({@code executeStatement}, {@code
 * configureSession}): one at a time, in the order their requests arrived, each started after the
 * session's previous one has been answered (its answer or error). A call that waits, or that plans,
 * runs on {@code decisions}, off the REST server's I/O threads; a call that arrives while none of
 * its session is being answered and that the guard decides without planning is answered on the I/O
 * thread that read it (handing it to another thread and back costs more than deciding on it); it is
 * the session's call being answered while it runs there, so a call of the session arriving meanwhile
 * on another I/O thread starts after it, as after any other. Sessions do not wait for each other.
 *
 * <p>Thread-safe; one per endpoint, shared by the handlers of the calls it orders.
 */
final class SessionCallOrder {

    private final Executor decisions;
    /** Each session's last call still being answered, and how many of its calls wait; removed once answered. */
    private final Map<SessionHandle, Chain> chains = new ConcurrentHashMap<>();

    /** The last call of a session being answered, and the calls of the session waiting behind others. */
    private record Chain(CompletableFuture<?> last, AtomicInteger waiting) {}

    SessionCallOrder(Executor decisions) {
        this.decisions = decisions;
    }

    /**
     * Runs {@code call} of {@code session} in the session's order.
     *
     * @param cheap true when the call decides without planning: it runs on the calling (I/O)
     *     thread when no earlier call of the session is being answered
     * @return the call's answer; completed exceptionally with what {@code call} threw when it ran on
     *     {@code decisions} (on the calling thread, what it throws propagates)
     */
    <T> CompletableFuture<T> submit(SessionHandle session, boolean cheap, Supplier<T> call) {
        @SuppressWarnings("unchecked")
        CompletableFuture<T>[] queued = new CompletableFuture[1];
        CompletableFuture<T> onThisThread = new CompletableFuture<>();
        // Completed once the call is the session's in the map: a call is handed to `decisions` after `compute`, not in
        // it, where the pool's task submission (a thread start while it has fewer than its threads) would hold the
        // map's bin, and calls of other sessions in the same bin would wait (bench/results/2026-12-06-cheap-r63.md).
        CompletableFuture<Void> inOrder = new CompletableFuture<>();
        chains.compute(session, (s, previous) -> {
            if (previous == null && cheap) {
                return new Chain(onThisThread, new AtomicInteger()); // answered below, on this thread
            }
            AtomicInteger waiting = previous == null ? new AtomicInteger() : previous.waiting();
            CompletableFuture<Void> after = CompletableFuture.completedFuture(null);
            if (previous != null) {
                waiting.incrementAndGet();
                after = previous.last().handle((r, e) -> {
                    waiting.decrementAndGet();
                    return null;
                });
            }
            queued[0] = after.thenCombine(inOrder, (a, b) -> b).thenApplyAsync(ignored -> call.get(), decisions);
            return new Chain(queued[0], waiting);
        });
        if (queued[0] == null) {
            try {
                onThisThread.complete(call.get());
            } catch (RuntimeException | Error e) {
                onThisThread.completeExceptionally(e);
                throw e;
            } finally {
                chains.computeIfPresent(session, (s, c) -> c.last() == onThisThread ? null : c);
            }
            return onThisThread;
        }
        inOrder.complete(null);
        CompletableFuture<T> answer = queued[0];
        answer.whenComplete((response, error) -> chains.computeIfPresent(session, (s, c) -> c.last() == answer ? null : c));
        return answer;
    }

    /** True while a call of {@code session} is being answered or waits to be. */
    boolean answering(SessionHandle session) {
        return chains.containsKey(session);
    }

    /** Calls of {@code session} waiting now for an earlier call of the session to be answered. */
    int waiting(SessionHandle session) {
        Chain chain = chains.get(session);
        return chain == null ? 0 : chain.waiting().get();
    }
}
