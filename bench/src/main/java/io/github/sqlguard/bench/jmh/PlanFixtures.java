package io.github.sqlguard.bench.jmh;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableDescriptor;
import org.apache.flink.table.api.TableEnvironment;

import java.util.StringJoiner;

/**
 * Real plans for the analysis benchmark: a streaming {@link TableEnvironment} with datagen tables
 * {@code src_0..src_k-1} compiles (as the guard does: the query into an anonymous blackhole sink,
 * {@code CompiledPlan#asJsonString}) a {@code UNION ALL} of
 * {@code k} branches, alternately a Top-N (a non-window {@code Rank}) and a group aggregation, each
 * on its own table so the planner cannot merge their sources. Node counts come from the guard's
 * plan parser ({@link GuardCalls#planSize}).
 */
public final class PlanFixtures {

    /**
     * One planned statement.
     *
     * @param sql the query
     * @param compiledPlan the compiled plan's JSON, what the guard reads
     * @param branches how many UNION ALL branches
     * @param executionNodes nodes in the {@code Optimized Execution Plan} section
     * @param allNodes nodes in every section the parser reads
     */
    public record Fixture(String sql, String compiledPlan, int branches, int executionNodes, int allNodes) {}

    private final TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
    private int tables;

    /** A plan whose execution plan section has about {@code targetNodes} nodes (at least one branch). */
    public Fixture ofAboutNodes(int targetNodes) {
        Fixture one = plan(1);
        Fixture two = plan(2);
        int perBranch = Math.max(1, two.executionNodes() - one.executionNodes());
        int base = one.executionNodes() - perBranch;
        int branches = Math.max(1, Math.round((targetNodes - base) / (float) perBranch));
        return branches <= 2 ? (branches == 1 ? one : two) : plan(branches);
    }

    /** The UNION ALL of {@code branches} Top-N / aggregation queries, planned. */
    public Fixture plan(int branches) {
        ensureTables(branches);
        StringJoiner sql = new StringJoiner("\nUNION ALL\n");
        for (int i = 0; i < branches; i++) {
            sql.add(i % 2 == 0
                    ? "SELECT user_id, amount, rn AS v FROM (SELECT user_id, amount, ROW_NUMBER() OVER"
                            + " (PARTITION BY user_id ORDER BY amount DESC) AS rn FROM src_" + i + ") WHERE rn <= 3"
                    : "SELECT user_id, SUM(amount) AS amount, COUNT(*) AS v FROM src_" + i + " GROUP BY user_id");
        }
        Table query = env.sqlQuery(sql.toString());
        String json =
                query.insertInto(
                                TableDescriptor.forConnector("blackhole")
                                        .schema(Schema.newBuilder().fromResolvedSchema(query.getResolvedSchema()).build())
                                        .build())
                        .compilePlan()
                        .asJsonString();
        GuardCalls.PlanSize size = GuardCalls.planSize(json);
        return new Fixture(sql.toString(), json, branches, size.executionNodes(), size.allNodes());
    }

    private void ensureTables(int count) {
        for (; tables < count; tables++) {
            env.executeSql(
                    "CREATE TABLE src_" + tables + " (user_id STRING, amount DOUBLE, ts TIMESTAMP(3))"
                            + " WITH ('connector' = 'datagen')");
        }
    }
}
