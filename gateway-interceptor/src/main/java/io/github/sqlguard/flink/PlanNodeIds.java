package io.github.sqlguard.flink;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The ids Flink's planner gives the nodes of a plan ({@code GroupAggregate[4]}, {@code Rank[5]}):
 * {@code ExecNodeContext#newNodeId}, a counter of the JVM (a static {@code AtomicInteger} of {@code
 * org.apache.flink.table.planner.plan.nodes.exec.ExecNodeContext}, the same in Flink 1.20 and 2.3)
 * that every planning of the JVM moves on, so the same statement's nodes get other numbers after
 * anything else was planned. Flink's own planner tests start each test's plans from 1 with {@code
 * ExecNodeContext#resetIdCounter} ({@code TableTestBase}).
 *
 * <p>An owner of plannings (lint's engines, each linting its own scripts, several at a time) can number
 * its plans as if it planned alone in a fresh JVM ({@link #owned()}): the plannings of every owned
 * numbering take Flink's counter in turn, set to the owner's own count, only while they build their
 * plan's nodes ({@link Numbering#numbering}), so no plan gets one id twice (which Flink refuses when it
 * serialises the plan: "The id: N is not unique") and no owner's ids depend on another's. Plans already
 * built keep their ids; Flink never compares ids of different plans. The gateway keeps Flink's own
 * numbering ({@link Numbering#JVM}): its sessions plan concurrently and nothing restarts the counter.
 *
 * <p>The class lives in the table planner, reached through the planner's class loader as {@link
 * FlinkExtendedParser} reaches it. When it cannot be found, {@link #available()} is false, ids go on
 * from the JVM's counter as before, and a message at INFO says why, once.
 */
public final class PlanNodeIds {

    private static final Logger LOG = LoggerFactory.getLogger(PlanNodeIds.class);

    static final String EXEC_NODE_CONTEXT = "org.apache.flink.table.planner.plan.nodes.exec.ExecNodeContext";

    private PlanNodeIds() {}

    /** Loaded on first use: the planner's class loader unpacks the planner, as Flink does on its first session. */
    private static final class Holder {
        static final MethodHandle RESET = load("resetIdCounter", void.class);
        static final MethodHandle NEXT = load("newNodeId", int.class);
    }

    /**
     * Lends Flink's counter of plan node ids to the part of a planning that builds its plan's nodes
     * (the only part that moves the counter: Flink's {@code ExecNodeGraphGenerator}, through {@code
     * Planner#compilePlan}, {@code #translate} and {@code #explain}; loading a compiled plan keeps its ids).
     */
    public interface Numbering {

        /** Flink's own numbering: the JVM's counter, moved on by every planning of the JVM (the gateway's). */
        Numbering JVM = new Numbering() {
            @Override
            public <T> T numbering(Supplier<T> planning) {
                return planning.get();
            }

            /** Nothing: the JVM's counter is no owner's to restart. */
            @Override
            public void restart() {}
        };

        /** Runs {@code planning}, a call into Flink that builds a plan's nodes, with this numbering's ids. */
        <T> T numbering(Supplier<T> planning);

        /** The next plan's first node is {@code 1}, as in a fresh JVM; only while none of this numbering's plannings runs. */
        void restart();
    }

    /**
     * A numbering of its own: its plans' nodes are numbered on from its own last id, as if nothing
     * else planned in the JVM, whatever other owners plan at the same time. Its plannings build their
     * nodes one owner at a time (a lock of the JVM, as Flink's counter is one), with the counter set to
     * the owner's count and the count taken back after; the rest of each planning (Flink's parse of the
     * statement, the plan's translation to a stream graph, reading it, the rules) runs beside the others'.
     * A planning waiting
     * for the counter that is interrupted (cancelled at its time-out) ends with an exception. Without
     * Flink's counter ({@link #available()} false): the JVM's numbering.
     */
    public static Numbering owned() {
        return available() ? new Owned() : Numbering.JVM;
    }

    /** One owner's count, see {@link #owned()}. */
    private static final class Owned implements Numbering {

        /** Flink's counter is one per JVM (a static field), so the owners take it in turn. */
        private static final ReentrantLock COUNTER = new ReentrantLock();

        /**
         * The owner's last id: written by its plannings while they hold {@link #COUNTER}, and by {@link
         * #restart()} (volatile) between two of them, when none of the owner's is running.
         */
        private volatile int last;

        @Override
        public <T> T numbering(Supplier<T> planning) {
            try {
                COUNTER.lockInterruptibly();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("the planning was cancelled while it waited for Flink's node id counter", e);
            }
            try {
                moveTo(last);
                try {
                    return planning.get();
                } finally {
                    last = next() - 1;
                }
            } finally {
                COUNTER.unlock();
            }
        }

        /**
         * Only between two of the owner's plannings (none running): without the lock, so that a planning
         * of another owner that does not return cannot hold this one up.
         */
        @Override
        public void restart() {
            last = 0;
        }

        /** Sets Flink's counter so that the next id is {@code last + 1}: Flink can restart it and count it on only. */
        private static void moveTo(int last) {
            restartCounter();
            for (int i = 0; i < last; i++) {
                next();
            }
        }
    }

    /** True when Flink's node id counter was found ({@link #owned()} numbers an owner's plans with it). */
    public static boolean available() {
        return Holder.RESET != null && Holder.NEXT != null;
    }

    private static void restartCounter() {
        try {
            Holder.RESET.invokeExact();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("Flink's ExecNodeContext#resetIdCounter failed: " + e, e);
        }
    }

    /** Flink's next node id ({@code ExecNodeContext#newNodeId}), which moves the counter on. */
    private static int next() {
        try {
            return (int) Holder.NEXT.invokeExact();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("Flink's ExecNodeContext#newNodeId failed: " + e, e);
        }
    }

    private static MethodHandle load(String method, Class<?> returns) {
        try {
            Class<?> context = Class.forName(EXEC_NODE_CONTEXT, true, FlinkExtendedParser.plannerClassLoader());
            return MethodHandles.publicLookup()
                    .findStatic(context, method, MethodType.methodType(returns));
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            LOG.info("sql-guard could not find Flink's plan node id counter ({}): node ids go on from what the JVM"
                    + " planned before.", e.toString());
            return null;
        }
    }
}
