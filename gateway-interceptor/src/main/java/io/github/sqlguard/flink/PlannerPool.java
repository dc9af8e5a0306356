package io.github.sqlguard.flink;

import io.github.sqlguard.plan.PlannerError;

import org.apache.flink.table.api.internal.TableEnvironmentInternal;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The guard's planner threads ({@code sql-guard.planner.threads}): a planning runs on one of them so
 * that the caller can stop waiting for it ({@code sql-guard.explain-timeout}), and no more of them
 * run at once than the pool has threads (plus one for a user that has none running), so planning
 * cannot take every core of the gateway. Who plans next is {@link PlannerAdmission}'s: fairly between
 * users and their sessions, statements before the proofs of rewrites. A planning's time-out starts when it is
 * admitted: waiting for a planner is not planning, and a statement that waited out its time-out
 * without a planner is told so.
 *
 * <p>A planning the caller gave up on is cancelled where Flink's planner allows it ({@link
 * PlannerCluster#cancel}) and interrupted (for user code that waits: a catalog, a function); what
 * Flink's planner does not check runs on to its end and keeps its thread until then. While every
 * thread is held by such a planning, a statement is not queued behind them (it would only wait out
 * its time-out): it gets {@link ExplainOutcome.Busy} at once, and the pool takes statements again as
 * soon as one of those plannings ends.
 *
 * <p>Thread-safe; {@link #close()} stops its threads.
 */
final class PlannerPool implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(PlannerPool.class);

    /** What one planning needs: the environment it plans with, told as soon as it is built. */
    @FunctionalInterface
    interface Planning {
        ExplainOutcome plan(Consumer<TableEnvironmentInternal> built);
    }

    private final int threads;
    private final PlannerAdmission admission;
    private final ExecutorService executor;
    /** Plannings given up on that still hold a thread. */
    private final AtomicInteger abandoned = new AtomicInteger();

    PlannerPool(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("A planner pool needs at least one thread, not " + threads);
        }
        this.threads = threads;
        this.admission = new PlannerAdmission(threads);
        // One thread per permit the admission can give: the pool, and the one beyond it.
        this.executor = Pools.bounded("sql-guard-planner", threads + 1);
    }

    /** The default size: the processors the JVM sees, less one for everything else, at least 1. */
    static int defaultThreads() {
        return Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
    }

    /** Plannings given up on that still hold one of the pool's threads. */
    int abandoned() {
        return abandoned.get();
    }

    /** Plannings waiting for a planner ({@link PlannerAdmission#waiting()}). */
    int waiting() {
        return admission.waiting();
    }

    /**
     * Runs {@code planning} for {@code session} in {@code lane} on a thread of the pool once {@link
     * PlannerAdmission} admits it (waiting at most {@code timeout} for that), and waits for the
     * planning at most {@code timeout} from then.
     *
     * @param start when the call began ({@link System#nanoTime()}), for the outcome's time
     */
    ExplainOutcome plan(String session, PlannerAdmission.Lane lane, Duration timeout, long start, Planning planning) {
        return plan(session, null, lane, timeout, start, planning);
    }

    /**
     * As {@link #plan(String, PlannerAdmission.Lane, Duration, long, Planning)} for a session of the
     * verified {@code user} ({@code null}: none verified), whose sessions share one user's turn
     * ({@link PlannerAdmission}).
     */
    ExplainOutcome plan(
            String session, String user, PlannerAdmission.Lane lane, Duration timeout, long start, Planning planning) {
        if (abandoned.get() > threads) {
            return new ExplainOutcome.Busy(
                    "all " + (threads + 1) + " of the guard's planners (sql-guard.planner.threads, and one for a user"
                            + " with none) are still busy with statements"
                            + " it stopped waiting for; refused without planning, until one of them ends",
                    elapsedMs(start));
        }
        Optional<PlannerAdmission.Permit> permit = admission.admit(session, user, lane, PlannerAdmission.nanos(timeout));
        if (permit.isEmpty()) {
            return new ExplainOutcome.Busy(
                    "waited " + elapsedMs(start) + " ms (sql-guard.explain-timeout) for one of the guard's "
                            + threads + " planners (sql-guard.planner.threads), all busy with other statements;"
                            + " this statement was not planned",
                    elapsedMs(start));
        }
        Attempt attempt = new Attempt();
        Future<ExplainOutcome> running = executor.submit(() -> {
            try {
                if (!attempt.begin()) {
                    return null; // given up on before it started
                }
                try {
                    return planning.plan(attempt::built);
                } finally {
                    attempt.end();
                }
            } finally {
                permit.get().release();
            }
        });
        try {
            return running.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            attempt.giveUp();
            running.cancel(true);
            return new ExplainOutcome.Failed(
                    "planning took longer than sql-guard.explain-timeout (" + timeout.toMillis() + " ms)", elapsedMs(start));
        } catch (ExecutionException e) {
            return new ExplainOutcome.Failed("planning failed in the guard: " + PlannerError.of(e.getCause()).root(),
                    elapsedMs(start));
        } catch (CancellationException e) {
            return new ExplainOutcome.Failed("planning was cancelled: the guard is stopping", elapsedMs(start));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            attempt.giveUp();
            running.cancel(true);
            return new ExplainOutcome.Failed("interrupted while planning", elapsedMs(start));
        }
    }

    /** Stops the planner threads; a planning in progress is interrupted. */
    @Override
    public void close() {
        executor.shutdownNow();
    }

    private static long elapsedMs(long startNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    /** One planning's state: waiting for a thread, planning, or ended; given up on or not. */
    private final class Attempt {
        private boolean started;
        private boolean ended;
        private boolean gaveUp;
        private TableEnvironmentInternal tEnv;

        /** The planning starts on a thread; false when the caller gave up on it first. */
        synchronized boolean begin() {
            started = !gaveUp;
            return started;
        }

        synchronized void built(TableEnvironmentInternal environment) {
            tEnv = environment;
            if (gaveUp) {
                cancel();
            }
        }

        synchronized void end() {
            ended = true;
            if (gaveUp) {
                abandoned.decrementAndGet();
                LOG.info("A planning the guard had stopped waiting for has ended; its planner is free again.");
            }
        }

        /** The caller stopped waiting: a planning that runs holds its thread until it ends, and is cancelled. */
        synchronized void giveUp() {
            if (gaveUp) {
                return;
            }
            gaveUp = true;
            if (started && !ended) {
                abandoned.incrementAndGet();
                cancel();
            }
        }

        private void cancel() {
            if (tEnv != null && !PlannerCluster.of(tEnv).map(PlannerCluster::cancel).orElse(false)) {
                LOG.debug("Could not reach the cancel flag of a planning the guard gave up on.");
            }
        }
    }
}
