package io.github.sqlguard.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.flink.PlannerAdmission.Lane;
import io.github.sqlguard.flink.PlannerAdmission.Permit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;

/**
 * Who plans next: one session cannot hold every planner, statements go before proofs, and waiting
 * sessions are served fairly. Plannings are stand-ins (permits held by the test), the admission is
 * the real one.
 */
class PlannerAdmissionTest {

    private static final long MINUTE = TimeUnit.MINUTES.toNanos(1);

    private final ExecutorService waiters = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        waiters.shutdownNow();
    }

    @Test
    void aSessionHoldingThePoolDoesNotMakeAnotherSessionWait() {
        PlannerAdmission admission = new PlannerAdmission(1);
        Permit huge = admission.admit("A", Lane.STATEMENT, MINUTE).orElseThrow();

        Optional<Permit> small = admission.admit("B", Lane.STATEMENT, 0);

        assertThat(small).as("B plans beside A's huge statement").isPresent();
        assertThat(admission.running()).isEqualTo(2);
        huge.release();
        small.get().release();
    }

    @Test
    void aSessionGetsNoPlannerBeyondThePoolForItsOwnSecondStatementNorForAProof() {
        PlannerAdmission admission = new PlannerAdmission(1);
        Permit first = admission.admit("A", Lane.STATEMENT, MINUTE).orElseThrow();

        assertThat(admission.admit("A", Lane.STATEMENT, 0)).as("A's second statement").isEmpty();
        assertThat(admission.admit("B", Lane.PROOF, 0)).as("a proof beyond the pool").isEmpty();
        first.release();
    }

    @Test
    void oneUsersSecondSessionGetsNoPlannerBeyondThePoolWhileTheFirstPlans() {
        PlannerAdmission admission = new PlannerAdmission(1);
        Permit huge = admission.admit("A1", "mallory", Lane.STATEMENT, MINUTE).orElseThrow();

        assertThat(admission.admit("A2", "mallory", Lane.STATEMENT, 0))
                .as("the same verified user's second session").isEmpty();
        Optional<Permit> small = admission.admit("B", "alice", Lane.STATEMENT, 0);
        assertThat(small).as("another user's statement plans beside mallory's").isPresent();
        small.get().release();
        Optional<Permit> unverified = admission.admit("C", null, Lane.STATEMENT, 0);
        assertThat(unverified).as("a session without a verified user is a user of its own").isPresent();
        unverified.get().release();
        huge.release();
    }

    @Test
    void amongWaitingStatementsTheUserWithFewerPlanningsGoesFirst() throws Exception {
        PlannerAdmission admission = new PlannerAdmission(4);
        List<Permit> mallorys = List.of(
                admission.admit("A1", "mallory", Lane.STATEMENT, MINUTE).orElseThrow(),
                admission.admit("A2", "mallory", Lane.STATEMENT, MINUTE).orElseThrow());
        Permit alices = admission.admit("B1", "alice", Lane.STATEMENT, MINUTE).orElseThrow();
        Permit zoes = admission.admit("Z", "zoe", Lane.STATEMENT, MINUTE).orElseThrow();
        Permit extra = admission.admit("Y", "yann", Lane.STATEMENT, MINUTE).orElseThrow();
        List<String> order = new CopyOnWriteArrayList<>();
        // A new session of mallory's waits first, a new session of alice's after it; neither session plans yet.
        Future<?> mallory = waitFor(admission, "A3", "mallory", "mallory", order);
        awaitWaiting(admission, 1);
        Future<?> alice = waitFor(admission, "B2", "alice", "alice", order);
        awaitWaiting(admission, 2);

        extra.release();
        zoes.release();
        mallory.get(1, TimeUnit.MINUTES);
        alice.get(1, TimeUnit.MINUTES);

        assertThat(order).as("alice has one planning running, mallory two").containsExactly("alice", "mallory");
        mallorys.forEach(Permit::release);
        alices.release();
    }

    @Test
    void waitingStatementsGoBeforeWaitingProofsAndSessionsTakeTurns() throws Exception {
        PlannerAdmission admission = new PlannerAdmission(1);
        Permit holder = admission.admit("A", Lane.STATEMENT, MINUTE).orElseThrow();
        Permit extra = admission.admit("Z", Lane.STATEMENT, MINUTE).orElseThrow();
        List<String> order = new CopyOnWriteArrayList<>();
        // A's proof arrives first, then A's second statement and B's statement.
        Future<?> proof = waitFor(admission, "A", Lane.PROOF, "A proof", order);
        awaitWaiting(admission, 1);
        Future<?> second = waitFor(admission, "A", Lane.STATEMENT, "A statement", order);
        Future<?> other = waitFor(admission, "B", Lane.STATEMENT, "B statement", order);
        awaitWaiting(admission, 3);

        holder.release();
        extra.release();
        proof.get(1, TimeUnit.MINUTES);
        second.get(1, TimeUnit.MINUTES);
        other.get(1, TimeUnit.MINUTES);

        assertThat(order.get(order.size() - 1)).as("the proof waits for every statement").isEqualTo("A proof");
        assertThat(order).containsExactlyInAnyOrder("A statement", "B statement", "A proof");
    }

    @Test
    void waitingIsBoundedAndNotPlanningTime() {
        PlannerAdmission admission = new PlannerAdmission(1);
        Permit a = admission.admit("A", Lane.STATEMENT, MINUTE).orElseThrow();
        Permit b = admission.admit("B", Lane.STATEMENT, MINUTE).orElseThrow();

        assertThat(admission.admit("C", Lane.STATEMENT, TimeUnit.MILLISECONDS.toNanos(50))).isEmpty();
        a.release();
        assertThat(admission.admit("C", Lane.STATEMENT, MINUTE)).isPresent();
        b.release();
    }

    private Future<?> waitFor(PlannerAdmission admission, String session, Lane lane, String name, List<String> order) {
        return waiters.submit(() -> {
            Permit permit = admission.admit(session, lane, MINUTE).orElseThrow();
            order.add(name);
            permit.release();
            return null;
        });
    }

    private Future<?> waitFor(PlannerAdmission admission, String session, String user, String name, List<String> order) {
        return waiters.submit(() -> {
            Permit permit = admission.admit(session, user, Lane.STATEMENT, MINUTE).orElseThrow();
            order.add(name);
            permit.release();
            return null;
        });
    }

    private static void awaitWaiting(PlannerAdmission admission, int waiting) {
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(5)).until(() -> admission.waiting() == waiting);
    }
}
