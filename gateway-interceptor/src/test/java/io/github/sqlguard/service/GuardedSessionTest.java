package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.sqlguard.audit.AuditRecord;
import io.github.sqlguard.audit.Subject;

import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The calls of one session are decided and handed on in the session's order: one at a time, in
 * the order they arrive, each after the session's last configuration change has ended.
 */
class GuardedSessionTest {

    private static final Duration CHANGE_TIMEOUT = Duration.ofSeconds(60);

    private final List<OperationHandle> awaited = Collections.synchronizedList(new ArrayList<>());
    private final GuardedSession session =
            new GuardedSession(Subject.unknown(null), Optional.empty(), (operation, timeout) -> awaited.add(operation));
    private final ExecutorService callers = Executors.newFixedThreadPool(3);

    @AfterEach
    void stopCallers() {
        callers.shutdownNow();
    }

    @Test
    void keptAdvisoriesAreBoundedInTextNotOnlyInCount() {
        // Ten refusals of a statement of a megabyte: each advisory holds its rewrite's text.
        String huge = "x".repeat(1024 * 1024);
        for (int i = 0; i < 10; i++) {
            session.remember(advisory("op-" + i, huge));
        }

        assertThat(session.keptAdvisoryChars()).isLessThanOrEqualTo(GuardedSession.MAX_ADVISORY_CHARS);
        assertThat(session.advisories()).extracting(Advisory::operationHandle).contains("op-9").doesNotContain("op-0");
        assertThat(session.keptAdvisoryChars())
                .isEqualTo(session.advisories().stream().mapToLong(Advisory::textLength).sum());
    }

    @Test
    void theNewestAdvisoryIsKeptEvenWhenItAloneIsOverTheBound() {
        session.remember(advisory("small", "y"));
        session.remember(advisory("huge", "x".repeat((int) GuardedSession.MAX_ADVISORY_CHARS + 1)));

        assertThat(session.advisories()).extracting(Advisory::operationHandle).containsExactly("huge");
    }

    private static Advisory advisory(String handle, String text) {
        return new Advisory(handle, "BLOCK", "QUERY", List.of(new io.github.sqlguard.rules.Finding(
                "unbounded-rank", io.github.sqlguard.rules.Level.BLOCK, "reason", "Rank[5]", text, "fix", "docs")));
    }

    @Test
    void callsRunOneAtATimeInTheOrderTheyArrive() throws Exception {
        List<String> ran = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch firstHolds = new CountDownLatch(1);
        Future<?> first = callers.submit(() -> session.inOrder(CHANGE_TIMEOUT, () -> {
            ran.add("first starts");
            hold(firstHolds);
            ran.add("first ends");
            return null;
        }));
        await().atMost(Duration.ofSeconds(60)).until(() -> ran.contains("first starts"));
        Future<?> second = callers.submit(() -> session.inOrder(CHANGE_TIMEOUT, () -> ran.add("second")));
        await().atMost(Duration.ofSeconds(60)).until(() -> session.waitingCalls() == 1);
        Future<?> third = callers.submit(() -> session.inOrder(CHANGE_TIMEOUT, () -> ran.add("third")));
        await().atMost(Duration.ofSeconds(60)).until(() -> session.waitingCalls() == 2);

        assertThat(ran).containsExactly("first starts");
        firstHolds.countDown();
        first.get();
        second.get();
        third.get();

        assertThat(ran).containsExactly("first starts", "first ends", "second", "third");
    }

    @Test
    void aCallWaitsForTheLastConfigurationChangeOnce() {
        OperationHandle set = OperationHandle.create();
        session.inOrder(CHANGE_TIMEOUT, () -> {
            session.changedBy(set);
            return null;
        });

        session.inOrder(CHANGE_TIMEOUT, () -> null);
        session.inOrder(CHANGE_TIMEOUT, () -> null);

        assertThat(awaited).containsExactly(set);
    }

    @Test
    void aChangeTheClientClosedIsNotWaitedFor() {
        OperationHandle set = OperationHandle.create();
        session.changedBy(set);
        session.closed(set);

        session.inOrder(CHANGE_TIMEOUT, () -> null);

        assertThat(awaited).isEmpty();
    }

    @Test
    void aStatementAwaitingItsJobIdIsTakenOnceAndForgottenWhenItsOperationCloses() {
        OperationHandle insert = OperationHandle.create();
        OperationHandle query = OperationHandle.create();
        GuardedSession.AwaitedJob submitted = new GuardedSession.AwaitedJob(submitted(insert), List.of());
        session.awaitJob(insert, submitted);
        session.awaitJob(query, new GuardedSession.AwaitedJob(submitted(query), List.of()));

        assertThat(session.awaitsJob(insert)).isTrue();
        assertThat(session.takeAwaitedJob(insert)).contains(submitted);
        assertThat(session.takeAwaitedJob(insert)).isEmpty();
        assertThat(session.awaitsJob(insert)).isFalse();
        session.closed(query);
        assertThat(session.awaitsJob(query)).isFalse();
    }

    private static AuditRecord submitted(OperationHandle operation) {
        return new AuditRecord(
                "2026-12-01T00:00:00Z", "d", "test", "executeStatement", "s", Subject.unknown(null),
                new AuditRecord.Statement("INSERT", "INSERT INTO t SELECT 1", false, "h"),
                AuditRecord.Decided.nothingJudged(),
                new AuditRecord.Happened(operation.toString(), "submitted", "statement", null, null));
    }

    private static void hold(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
