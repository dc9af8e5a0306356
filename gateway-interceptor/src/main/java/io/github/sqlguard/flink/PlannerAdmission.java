package io.github.sqlguard.flink;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Who plans next on the guard's planners: shared fairly between users and their sessions, statements
 * before the proofs of rewrites, and no user able to hold every planner.
 *
 * <p>{@code planners} plannings run at once ({@code sql-guard.planner.threads}), plus one more for a
 * statement of a user that has no planning running: a user who plans something huge holds at most
 * the pool, and another user's small query still plans at once, as it would on a stock gateway, whose
 * operations do not wait for each other. A user is the session's verified user ({@code user} of
 * {@link #admit(String, String, Lane, long)}); a session without one is a user of its own, since
 * anything else it says about itself is only claimed. So one user's second session gets no planner
 * beyond the pool while the first plans: with it, two sessions of one user held both planners and
 * every other user's statement waited out its time-out. Among waiting plannings a statement goes
 * before a proof; among those of one kind, the user with the fewest running plannings goes first,
 * then the session with the fewest, then the one that has waited longest. Time spent waiting here is
 * not planning time: a planning's time-out starts when it is admitted.
 *
 * <p>Thread-safe.
 */
final class PlannerAdmission {

    /** What a planning is for: a statement's verdict, or the proof of a rewrite shown with it. */
    enum Lane {
        STATEMENT,
        PROOF
    }

    /** A planning allowed to run; {@link #release()} it when it has ended. */
    interface Permit {
        void release();
    }

    private final int planners;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Map<String, Integer> runningPerSession = new HashMap<>();
    private final Map<String, Integer> runningPerUser = new HashMap<>();
    private final List<Ticket> waiting = new ArrayList<>();
    private int running;
    private long arrivals;

    PlannerAdmission(int planners) {
        this.planners = planners;
    }

    /** As {@link #admit(String, String, Lane, long)} for a session with no verified user. */
    Optional<Permit> admit(String session, Lane lane, long maxWaitNanos) {
        return admit(session, null, lane, maxWaitNanos);
    }

    /**
     * Waits until a planning of {@code session} in {@code lane} may run, at most {@code maxWait}.
     *
     * @param user the session's verified user, or {@code null} when none was verified (the session
     *     is then a user of its own)
     * @return its permit, or empty when it was not admitted in time (or the thread was interrupted)
     */
    Optional<Permit> admit(String session, String user, Lane lane, long maxWaitNanos) {
        long deadline = System.nanoTime() + maxWaitNanos;
        String userKey = user == null ? "session " + session : "user " + user;
        lock.lock();
        try {
            Ticket ticket = new Ticket(session, userKey, lane, arrivals++);
            waiting.add(ticket);
            try {
                while (!isNext(ticket)) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        return Optional.empty();
                    }
                    changed.awaitNanos(left);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            } finally {
                waiting.remove(ticket);
                // Another waiter may be next now that this one has left the queue.
                changed.signalAll();
            }
            running++;
            runningPerSession.merge(session, 1, Integer::sum);
            runningPerUser.merge(userKey, 1, Integer::sum);
            return Optional.of(new Permit() {
                private boolean released;

                @Override
                public void release() {
                    lock.lock();
                    try {
                        if (!released) {
                            released = true;
                            running--;
                            runningPerSession.computeIfPresent(session, (s, n) -> n > 1 ? n - 1 : null);
                            runningPerUser.computeIfPresent(userKey, (u, n) -> n > 1 ? n - 1 : null);
                            changed.signalAll();
                        }
                    } finally {
                        lock.unlock();
                    }
                }
            });
        } finally {
            lock.unlock();
        }
    }

    /** Plannings running now (for tests and metrics). */
    int running() {
        lock.lock();
        try {
            return running;
        } finally {
            lock.unlock();
        }
    }

    /** Plannings waiting to be admitted (for tests and metrics). */
    int waiting() {
        lock.lock();
        try {
            return waiting.size();
        } finally {
            lock.unlock();
        }
    }

    /** True when {@code ticket} may run now and no waiting ticket that may also run goes before it. */
    private boolean isNext(Ticket ticket) {
        if (!mayRun(ticket)) {
            return false;
        }
        for (Ticket other : waiting) {
            if (other != ticket && mayRun(other) && goesBefore(other, ticket)) {
                return false;
            }
        }
        return true;
    }

    private boolean mayRun(Ticket ticket) {
        if (running < planners) {
            return true;
        }
        // The one planning beyond the pool: a statement of a user with none running.
        return running == planners && ticket.lane == Lane.STATEMENT && !runningPerUser.containsKey(ticket.user);
    }

    private boolean goesBefore(Ticket a, Ticket b) {
        if (a.lane != b.lane) {
            return a.lane == Lane.STATEMENT;
        }
        int userA = runningPerUser.getOrDefault(a.user, 0);
        int userB = runningPerUser.getOrDefault(b.user, 0);
        if (userA != userB) {
            return userA < userB;
        }
        int runningA = runningPerSession.getOrDefault(a.session, 0);
        int runningB = runningPerSession.getOrDefault(b.session, 0);
        if (runningA != runningB) {
            return runningA < runningB;
        }
        return a.arrival < b.arrival;
    }

    /** A waiting planning; {@code user} is {@code "user <name>"} or, with none verified, {@code "session <handle>"}. */
    private record Ticket(String session, String user, Lane lane, long arrival) {}

    static long nanos(Duration duration) {
        return TimeUnit.NANOSECONDS.convert(duration);
    }
}
