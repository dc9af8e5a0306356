package io.github.sqlguard.flink;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The ids Flink's planner gives the nodes of a plan ({@code GroupAggregate[4]}, {@code Rank[5]}):
 * {@code ExecNodeContext#newNodeId}, a counter of the JVM (a static {@code AtomicInteger} of {@code
 * org.apache.flink.table.planner.plan.nodes.exec.ExecNodeContext}, the same in Flink 1.20 and 2.3)
 * that every planning of the JVM moves on, so the same statement's nodes get other numbers after
 * anything else was planned. Flink's own planner tests start each test's plans from 1 with {@code
 * ExecNodeContext#resetIdCounter} ({@code TableTestBase}); {@link #restart()} calls it.
 *
 * <p>Restarting the counter is safe only while nothing plans in the JVM: a plan being built across
 * the restart could get one id twice, which Flink refuses when it serialises the plan
 * ("The id: N is not unique"). Plans already built keep their ids; Flink never compares ids of
 * different plans. So only a caller that owns all planning of its JVM, between two plannings, calls
 * it: lint, between scripts. The gateway never does (its sessions plan concurrently).
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
        static final MethodHandle RESET = load();
    }

    /** True when Flink's node id counter was found ({@link #restart()} restarts it). */
    public static boolean available() {
        return Holder.RESET != null;
    }

    /**
     * Restarts Flink's node id counter: the next plan's first node is {@code 1}, as in a fresh JVM.
     * Only while nothing plans in the JVM (see the class comment).
     *
     * @return false when the counter is not available ({@link #available()}): nothing was changed
     */
    public static boolean restart() {
        MethodHandle reset = Holder.RESET;
        if (reset == null) {
            return false;
        }
        try {
            reset.invokeExact();
            return true;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("Flink's ExecNodeContext#resetIdCounter failed: " + e, e);
        }
    }

    private static MethodHandle load() {
        try {
            Class<?> context = Class.forName(EXEC_NODE_CONTEXT, true, FlinkExtendedParser.plannerClassLoader());
            return MethodHandles.publicLookup()
                    .findStatic(context, "resetIdCounter", MethodType.methodType(void.class));
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            LOG.info("sql-guard could not find Flink's plan node id counter ({}): node ids go on from what the JVM"
                    + " planned before.", e.toString());
            return null;
        }
    }
}
