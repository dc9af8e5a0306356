package io.github.sqlguard;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;
import io.github.sqlguard.testing.SavepointRestores;
import io.github.sqlguard.testing.SavepointRestores.Outcome;
import io.github.sqlguard.testing.SavepointRestores.Restore;
import io.github.sqlguard.testing.StandaloneCluster;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.TestWatcher;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * A job keeps its state whichever gateway starts it: on a real JobManager and TaskManager, a
 * stateful INSERT or statement set is started, stopped with a savepoint ({@code STOP JOB ... WITH
 * SAVEPOINT}) and started again from it, hopping between a stock gateway ({@code endpoint.type:
 * rest}), the guard, the same guard again, a restarted guard, the guard with {@code
 * sql-guard.execute-judged-plan: false} and the guard in report mode, with other statements planned
 * between the hops. Every hop must restore: the job's operators get the ids Flink gives the
 * statement's text ({@code StatementUids}), and a savepoint whose state no operator claims makes
 * Flink refuse the job ({@code restart-strategy: none}, no unclaimed state allowed).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RestoreParityIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    /** Two JVMs starting on a loaded 2-core machine: as CrossLineRestoreIT's. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

    private static final List<String> TABLES = List.of(
            "CREATE TABLE clicks (user_id INT, region STRING, v INT, ts TIMESTAMP(3),"
                    + " WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen',"
                    + " 'rows-per-second' = '50', 'fields.user_id.min' = '1', 'fields.user_id.max' = '200',"
                    + " 'fields.region.length' = '1', 'fields.v.min' = '0', 'fields.v.max' = '100')",
            "CREATE TABLE users (user_id INT, name STRING) WITH ('connector' = 'datagen', 'rows-per-second' = '10',"
                    + " 'fields.user_id.min' = '1', 'fields.user_id.max' = '200')",
            "CREATE TABLE per_user (user_id INT, n BIGINT, total BIGINT, PRIMARY KEY (user_id) NOT ENFORCED)"
                    + " WITH ('connector' = 'blackhole')",
            "CREATE TABLE top_clicks (user_id INT, v INT, rn BIGINT, PRIMARY KEY (user_id, rn) NOT ENFORCED)"
                    + " WITH ('connector' = 'blackhole')",
            "CREATE TABLE named (user_id INT, name STRING, v INT) WITH ('connector' = 'blackhole')");

    private StandaloneCluster cluster;
    private SavepointRestores restores;
    private Map<String, String> clusterClient;
    private GatewayHop stock;
    private GatewayHop guard;
    private GatewayHop guardRunningText;
    private GatewayHop guardReporting;

    @RegisterExtension
    final TestWatcher printLogsOnFailure = StandaloneCluster.logsOnFailure(() -> cluster);

    @BeforeAll
    void startClusterAndGateways() throws Exception {
        cluster = StandaloneCluster.forRestores(START_TIMEOUT);
        String savepoints = cluster.savepointDirectory();
        restores = new SavepointRestores(cluster, TIMEOUT);
        clusterClient = new HashMap<>(cluster.clientConfig());
        clusterClient.put("execution.checkpointing.savepoint-dir", savepoints);
        clusterClient.put("state.savepoints.dir", savepoints);
        stock = new GatewayHop("stock gateway", "rest", Map.of());
        guard = new GatewayHop("guard", "guard", Map.of());
        guardRunningText = new GatewayHop("guard, execute-judged-plan off", "guard", Map.of("sql-guard.execute-judged-plan", "false"));
        guardReporting = new GatewayHop("guard in report mode", "guard", Map.of("sql-guard.mode", "report"));
    }

    @AfterAll
    void stopGateways() {
        // The cluster is the JVM's shared restore cluster: it stays for the next restore test.
        for (GatewayHop hop : new GatewayHop[] {stock, guard, guardRunningText, guardReporting}) {
            if (hop != null) {
                hop.close();
            }
        }
    }

    private static final String GROUP_BY = "INSERT INTO per_user SELECT user_id, COUNT(*), SUM(v) FROM clicks GROUP BY user_id";
    private static final String TOP_N =
            "INSERT INTO top_clicks SELECT user_id, v, rn FROM (SELECT user_id, v,"
                    + " ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY v DESC) AS rn FROM clicks) WHERE rn <= 3";
    private static final String JOIN =
            "INSERT INTO named SELECT c.user_id, u.name, c.v FROM clicks c JOIN users u ON c.user_id = u.user_id";

    /**
     * A statement set of the three shapes, over every hop: stock to the guard, the guard to itself,
     * to a restarted guard, back to stock, to the guard running statements as text, to the guard in
     * report mode and back to stock.
     */
    @Test
    void aStatementSetRestoresOverEveryHop() throws Exception {
        String set = "EXECUTE STATEMENT SET BEGIN\n" + GROUP_BY + ";\n" + TOP_N + ";\n" + JOIN + ";\nEND";
        assertThat(hops(set, List.of(
                        () -> guard, () -> guard, this::restartedGuard, () -> stock, () -> guardRunningText, () -> guard,
                        () -> guardReporting, () -> stock)))
                .hasSize(8);
    }

    /**
     * An INSERT alone (one sink, the route of most jobs), from a stock gateway to the guard and back:
     * the Top-N, whose state is the largest of the three shapes. The statement set above takes each
     * shape over every hop; {@code RestoreParityTest} compares each shape's job graph alone, text
     * against judged plan, in the fast tier.
     */
    @Test
    void anInsertRestoresFromStockToTheGuardAndBack() throws Exception {
        assertThat(hops(TOP_N, List.of(() -> guard, () -> stock))).hasSize(2);
    }

    /**
     * Starts {@code statement} on the stock gateway, then hops along {@code route}: each hop restores
     * the previous job's savepoint and must run with its state.
     */
    private List<String> hops(String statement, List<Callable<GatewayHop>> route) throws Exception {
        List<String> statements = new ArrayList<>(TABLES);
        statements.add(statement);
        String savepoint;
        try (RestSession session = stock.session()) {
            String job = restores.startJob(session, statements);
            restores.awaitRunningWithCheckpoint(job);
            savepoint = restores.stopWithSavepoint(session, job);
        }
        List<String> hops = new ArrayList<>();
        GatewayHop from = stock;
        for (Callable<GatewayHop> next : route) {
            GatewayHop to = next.call();
            planOtherStatements();
            try (RestSession session = to.session()) {
                Restore restore = restores.restore(session, savepoint, statements);
                hops.add(from.name + " -> " + to.name + ": " + restore.outcome());
                assertThat(restore.outcome())
                        .as("%s -> %s restores the savepoint %s (%s)%nhops so far: %s", from.name, to.name, savepoint,
                                restore.reason(), hops)
                        .isEqualTo(Outcome.RESTORED);
                savepoint = restores.stopWithSavepoint(session, restore.jobId());
            }
            from = to;
        }
        return hops;
    }

    /** The guard stopped and started again: a new JVM-wide planning history, as after a gateway restart. */
    private GatewayHop restartedGuard() throws Exception {
        guard.close();
        guard = new GatewayHop("restarted guard", "guard", Map.of());
        return guard;
    }

    /** Other sessions' statements planned on the guard between two hops (the plan node ids move on). */
    private void planOtherStatements() throws Exception {
        try (RestSession other = guard.session()) {
            for (String ddl : TABLES) {
                other.execute(ddl, 0, TIMEOUT);
            }
            other.execute("EXPLAIN INSERT INTO per_user SELECT user_id, COUNT(*), MAX(v) FROM clicks GROUP BY user_id", 1, TIMEOUT);
        }
    }

    /** One gateway in front of the cluster, and how the test names it. */
    private final class GatewayHop implements AutoCloseable {
        private final String name;
        private final GuardedGateway gateway;

        GatewayHop(String name, String endpointType, Map<String, String> options) throws Exception {
            this.name = name;
            Map<String, String> config = new HashMap<>(clusterClient);
            config.putAll(options);
            config.put("sql-guard.instance-id", "restore-parity-" + name.replaceAll("[^a-z]+", "-"));
            this.gateway = GuardedGateway.start(endpointType, config);
        }

        RestSession session() throws Exception {
            Map<String, String> properties = new HashMap<>(SavepointRestores.checkpointingSession());
            // The Top-N's state gets a TTL (the guard refuses one without); the same on every gateway.
            properties.put("table.exec.state.ttl", "1 d");
            return gateway.openSession(properties);
        }

        @Override
        public void close() {
            gateway.close();
        }
    }
}
