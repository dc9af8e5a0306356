package io.github.sqlguard.flink;

import org.apache.flink.table.delegation.PlannerFactory;

/**
 * A {@code default} {@link PlannerFactory} that hands planning to the table planner's own factory in
 * a class loader of its own, as Flink's {@code DelegatePlannerFactory} (flink-table-planner-loader)
 * does; the CLI jar's planner loader, which unpacks the planner once into a cache instead of on every
 * start, is one. {@link FlinkExtendedParser} finds the planner's class loader through it.
 */
public interface DelegatingPlannerFactory extends PlannerFactory {

    /** The table planner's own factory, loaded by the planner's class loader. */
    PlannerFactory delegate();
}
