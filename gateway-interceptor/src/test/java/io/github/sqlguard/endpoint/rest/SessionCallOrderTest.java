package io.github.sqlguard.endpoint.rest;

import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link SessionCallOrder}: a session's calls one at a time, in arrival order, cheap ones included. */
class SessionCallOrderTest {

    private final ExecutorService decisions = Executors.newFixedThreadPool(2);
    private final SessionCallOrder order = new SessionCallOrder(decisions);
    private final SessionHandle session = SessionHandle.create();
    private final List<String> events = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() throws InterruptedException {
        decisions.shutdownNow();
        decisions.awaitTermination(10, TimeUnit.SECONDS);
    }

    /**
     * A cheap call answered on the I/O thread that read it is the session's call being answered: a
     * call of the same session arriving on another I/O thread while it runs starts after it.
     */
    @Test
    void aCallArrivingWhileACheapCallRunsOnItsThreadStartsAfterIt() throws Exception {
        CompletableFuture<CompletableFuture<String>> second = new CompletableFuture<>();
        CompletableFuture<String> first = order.submit(session, true, () -> {
            events.add("first started");
            Thread otherIoThread = new Thread(() -> second.complete(order.submit(session, true, () -> {
                events.add("second started");
                return "second";
            })));
            otherIoThread.start();
            join(otherIoThread);
            assertThat(order.waiting(session)).isEqualTo(1);
            events.add("first answered");
            return "first";
        });

        assertThat(first).isCompletedWithValue("first");
        assertThat(second.get(10, TimeUnit.SECONDS).get(10, TimeUnit.SECONDS)).isEqualTo("second");
        assertThat(events).containsExactly("first started", "first answered", "second started");
        assertThat(order.waiting(session)).isZero();
    }

    /**
     * A call that goes to the pool is handed to it once it is the session's call in the order's map, outside the map's
     * {@code compute}: there the pool's task submission (a thread start) would hold the map's bin for other sessions.
     */
    @Test
    void aCallIsHandedToThePoolOnlyOnceItIsTheSessionsCall() throws Exception {
        List<Boolean> answeringAtHandOver = new CopyOnWriteArrayList<>();
        SessionCallOrder[] watched = new SessionCallOrder[1];
        Executor pool = task -> {
            answeringAtHandOver.add(watched[0].answering(session));
            decisions.execute(task);
        };
        watched[0] = new SessionCallOrder(pool);

        assertThat(watched[0].submit(session, false, () -> "planned").get(10, TimeUnit.SECONDS)).isEqualTo("planned");
        assertThat(answeringAtHandOver).containsExactly(true);
    }

    @Test
    void aCheapCallThatThrowsOnItsThreadLeavesTheSessionFree() {
        RuntimeException failure = new IllegalStateException("bad call");
        assertThatThrownBy(() -> order.submit(session, true, () -> {
            throw failure;
        })).isSameAs(failure);

        assertThat(order.submit(session, true, () -> "next")).isCompletedWithValue("next");
    }

    @Test
    void callsOfOtherSessionsDoNotWait() throws Exception {
        SessionHandle other = SessionHandle.create();
        CompletableFuture<String> first = order.submit(session, true, () -> {
            events.add("first started");
            assertThat(order.submit(other, true, () -> "other")).isCompletedWithValue("other");
            events.add("first answered");
            return "first";
        });
        assertThat(first).isCompletedWithValue("first");
        assertThat(events).containsExactly("first started", "first answered");
    }

    private static void join(Thread thread) {
        try {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
        assertThat(thread.isAlive()).as("the other I/O thread's submit returned").isFalse();
    }
}
