package io.github.sqlguard.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.statement.FlinkSqlParser;
import io.github.sqlguard.statement.PlannedBody;
import io.github.sqlguard.statement.StatementParser;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.junit.jupiter.api.Test;

import java.util.Optional;

/**
 * A statement's planning reads what Flink's SQL parser found in it when the guard read it ({@link PlannedBody}): the
 * tables and views it reads ({@link TablesRead}, {@link ViewQueries}) come from those facts, not from its body parsed
 * again; a body planned without them is read once, whatever reads it (issue 30 §4).
 */
class SessionPlannerReadsOnceTest {

    private final SessionPlanner planner = new SessionPlanner(Optional.empty());

    /** A join (its tables are read for the diagnoses) of a view (its query read for what the plan no longer shows). */
    private static final String JOIN = "SELECT o.order_id, c.name FROM big_orders o JOIN customers c ON o.customer_id = c.id";

    @Test
    void theStatementsKeptFactsAreReadAndItsBodyIsNotParsedAgain() {
        TableEnvironmentInternal tEnv = (TableEnvironmentInternal) TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.executeSql("CREATE TABLE orders (order_id STRING, customer_id STRING, amount DOUBLE) WITH ('connector' = 'datagen')");
        tEnv.executeSql("CREATE TABLE customers (id STRING, name STRING, PRIMARY KEY (id) NOT ENFORCED)"
                + " WITH ('connector' = 'datagen')");
        tEnv.executeSql("CREATE VIEW big_orders AS SELECT /*+ STATE_TTL('orders' = '1 d') */ * FROM orders WHERE amount > 100");
        PlannedBody kept = PlannedBody.of(new StatementParser().parse(JOIN)).orElseThrow();
        assertThat(kept.facts()).isPresent();

        long before = FlinkSqlParser.parsesOnThisThread();
        ExplainOutcome.Planned fromFacts = (ExplainOutcome.Planned) planner.plan(tEnv, kept, true);
        long parsedWithFacts = FlinkSqlParser.parsesOnThisThread() - before;
        before = FlinkSqlParser.parsesOnThisThread();
        ExplainOutcome.Planned fromText = (ExplainOutcome.Planned) planner.plan(tEnv, JOIN, true);
        long parsedFromText = FlinkSqlParser.parsesOnThisThread() - before;

        // The view's own query is read in both; the body only where no facts were kept, and then once (it was three
        // times: the views' expanded queries, what the views say, the tables read).
        assertThat(parsedFromText - parsedWithFacts).isEqualTo(1);
        assertThat(fromFacts.tablesRead()).isEqualTo(fromText.tablesRead()).hasSize(2);
        assertThat(fromFacts.plan().views()).isEqualTo(fromText.plan().views());
        assertThat(fromFacts.plan().views().hints()).isNotEmpty();
    }
}
