package io.github.sqlguard.bench.jmh;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.ExplainDetail;
import org.apache.flink.table.api.TableEnvironment;

import java.util.StringJoiner;

/**
 * Real plans for the analysis benchmark: a streaming {@link TableEnvironment} with datagen tables
 * {@code src_0..src_k-1} EXPLAINs ({@code CHANGELOG_MODE}, as the guard does) a {@code UNION ALL} of
 * {@code k} branches, alternately a Top-N (a non-window {@code Rank}) and a group aggregation, each
 * on its own table so the planner cannot merge their sources. Node counts come from the guard's
 * plan parser ({@link GuardCalls#planSize}).
 */
public final class PlanFixtures {

    /**
     * One planned statement.
     *
     * @param sql the query
     * @param explainText what the planner printed
     * @param branches how many UNION ALL branches
     * @param executionNodes nodes in the {@code Optimized Execution Plan} section
     * @param allNodes nodes in every section the parser reads
     */
    public record Fixture(String sql, String explainText, int branches, int executionNodes, int allNodes) {}

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
        String text = env.explainSql(sql.toString(), ExplainDetail.CHANGELOG_MODE);
        GuardCalls.PlanSize size = GuardCalls.planSize(text);
        return new Fixture(sql.toString(), text, branches, size.executionNodes(), size.allNodes());
    }

    private void ensureTables(int count) {
        for (; tables < count; tables++) {
            env.executeSql(
                    "CREATE TABLE src_" + tables + " (user_id STRING, amount DOUBLE, ts TIMESTAMP(3))"
                            + " WITH ('connector' = 'datagen')");
        }
    }
}
