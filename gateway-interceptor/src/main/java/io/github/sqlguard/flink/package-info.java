/**
 * Everything of the guard that reaches into Flink's internals or differs between the Flink lines
 * it is built for: the gateway's sessions and their operations ({@link
 * io.github.sqlguard.flink.GatewaySessions}), planning in a session ({@link
 * io.github.sqlguard.flink.SessionPlanner}, on the bounded {@link
 * io.github.sqlguard.flink.PlannerPool}), a judged query run as it was planned ({@link
 * io.github.sqlguard.flink.JudgedOperation}) and the planner's Calcite cluster it needs for that
 * and for cancelling ({@link io.github.sqlguard.flink.PlannerCluster}), Flink's extended parser in the planner's class loader
 * ({@link io.github.sqlguard.flink.FlinkExtendedParser}), the gateway's metric registry ({@link
 * io.github.sqlguard.flink.SqlGatewayMetrics}), and the differences between lines ({@link
 * io.github.sqlguard.flink.FlinkLine}, one {@code CurrentFlinkLine} per line in {@code
 * src/main/flink-<line>/java}). Each class says which internal API it uses and why. The bounded
 * thread pools these adapters and the REST endpoint run on ({@link io.github.sqlguard.flink.Pools})
 * live here too.
 *
 * <p>Internal to the guard; not a public API.
 */
package io.github.sqlguard.flink;
