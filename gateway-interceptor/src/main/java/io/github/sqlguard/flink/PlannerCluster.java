package io.github.sqlguard.flink;

import org.apache.flink.table.api.internal.TableEnvironmentImpl;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The Calcite cluster of one table environment's planner: Flink's {@code PlannerContext} builds one
 * {@code RelOptCluster} per planner, with one {@code VolcanoPlanner}, and every query the
 * environment converts belongs to it. Reached by reflection, because the planner lives in a class
 * loader of its own ({@code flink-table-planner-loader}): {@code PlannerBase#createRelBuilder} (a
 * Scala {@code private[flink]} method, public in byte code) and its builder's cluster. The same in
 * Flink 1.20 (Calcite 1.32) and 2.3 (Calcite 1.36). Used for two things Flink's public API does not
 * offer:
 *
 * <ul>
 *   <li>{@link #attachToCurrentThread()}: running what the environment planned on another thread.
 *       Calcite keeps the metadata provider of the planner in a thread-local ({@code
 *       RelMetadataQueryBase.THREAD_PROVIDERS}) that {@code RelOptCluster#setMetadataProvider} sets
 *       on the calling thread, which Flink calls once, when it builds the cluster ({@code
 *       FlinkRelOptClusterFactory#create}); on any other thread the optimizer fails with {@code
 *       NullPointerException: metadataHandlerProvider}. Setting the cluster's own provider again on
 *       the thread that runs the statement is what Flink did on the thread that built it.
 *   <li>{@link #cancel()}: stopping a planning the guard gave up on. Calcite's planners check a
 *       cancel flag before every rule they fire ({@code AbstractRelOptPlanner#fireRule} calls
 *       {@code checkCancel}); the flag is the {@code CancelFlag} the planner's {@code Context}
 *       unwraps when the planner is built, and {@code RelOptPlanner#setCancelFlag} is a no-op in
 *       both Calcite versions. Flink's {@code FlinkContext#unwrap} gives only itself, so no
 *       planner of Flink's has a flag anyone can set, except through the field: this sets the
 *       {@code cancelFlag} of the cluster's {@code VolcanoPlanner}, which then ends its rule loop
 *       ({@code VolcanoTimeoutException}, caught by Calcite's rule driver). The Hep planners Flink
 *       builds per optimization program ({@code FlinkHepProgram}) get a fresh flag each, which
 *       nobody can reach; neither Calcite nor Flink's planner checks thread interruption. So a
 *       planning is stopped at its next cost-based rule at best, and the parse, validation, SQL-to-
 *       rel conversion and rule-based phases run on to their end.
 * </ul>
 *
 * <p>Internal to the guard.
 */
final class PlannerCluster {

    private final Object cluster;
    private final Method getMetadataProvider;
    private final Method setMetadataProvider;

    private PlannerCluster(Object cluster, Method getMetadataProvider, Method setMetadataProvider) {
        this.cluster = cluster;
        this.getMetadataProvider = getMetadataProvider;
        this.setMetadataProvider = setMetadataProvider;
    }

    /**
     * The cluster of {@code tEnv}'s planner; empty when it cannot be reached (another planner, or a
     * Flink whose planner's internals differ).
     */
    static Optional<PlannerCluster> of(TableEnvironmentInternal tEnv) {
        if (!(tEnv instanceof TableEnvironmentImpl impl)) {
            return Optional.empty();
        }
        try {
            Object planner = impl.getPlanner();
            Object relBuilder = planner.getClass().getMethod("createRelBuilder").invoke(planner);
            Object cluster = relBuilder.getClass().getMethod("getCluster").invoke(relBuilder);
            Method get = cluster.getClass().getMethod("getMetadataProvider");
            Method set = null;
            for (Method m : cluster.getClass().getMethods()) {
                if (m.getName().equals("setMetadataProvider") && m.getParameterCount() == 1) {
                    set = m;
                }
            }
            return set == null ? Optional.empty() : Optional.of(new PlannerCluster(cluster, get, set));
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return Optional.empty();
        }
    }

    /**
     * Lets the calling thread plan and run with the environment: sets the cluster's metadata
     * provider on it, as Flink did on the thread that built the environment.
     *
     * @throws IllegalStateException when Calcite's cluster refuses
     */
    void attachToCurrentThread() {
        try {
            setMetadataProvider.invoke(cluster, getMetadataProvider.invoke(cluster));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Could not attach the planner of a judged statement to its thread: " + e, e);
        }
    }

    /**
     * Asks the cluster's cost-based planner to stop at its next rule; false when its flag could not
     * be reached.
     */
    boolean cancel() {
        try {
            Object planner = cluster.getClass().getMethod("getPlanner").invoke(cluster);
            for (Class<?> c = planner.getClass(); c != null; c = c.getSuperclass()) {
                for (Field field : c.getDeclaredFields()) {
                    if (field.getName().equals("cancelFlag") && field.getType() == AtomicBoolean.class) {
                        field.setAccessible(true);
                        ((AtomicBoolean) field.get(planner)).set(true);
                        return true;
                    }
                }
            }
            return false;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }
}
