package io.github.sqlguard.restore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Issue 29 item 4, a route the earlier reads did not probe: the plan store. The guard keeps the
 * compiled plan of every stateful job it submits in a file of its own ({@code sql-guard-plans}, in
 * the log directory beside the audit by default), and a compiled plan carries each table's options.
 * A secret in a table's option (here {@code user:password@} and {@code password=…} inside a
 * filesystem table's {@code 'partition.default-name'}) was written there as the user typed it, where
 * the audit masks it; now the stored plan has it masked as the audit does.
 */
class PlanStoreSecretsGatewayIT {

    private static final Duration TIMEOUT = Duration.ofMinutes(2);
    private static final String SECRET = "S3CR3T-PL4N-ST0RE";

    @Test
    void aSecretInATablesOptionsStaysOutOfTheStoredPlanOfItsJob() throws Exception {
        Path plans = Files.createTempDirectory("sql-guard-plans-it");
        Path data = Files.createTempDirectory("sql-guard-plans-data");
        Files.writeString(data.resolve("part-0"), "u1\nu2\nu1\n");
        try (GuardedGateway gateway = GuardedGateway.start(Map.of("sql-guard.restore.plan-dir", plans.toString()));
                RestSession session = gateway.openSession(Map.of())) {
            session.execute("CREATE TEMPORARY TABLE src (user_id STRING) WITH ('connector' = 'filesystem',"
                    + " 'path' = '" + data.toUri() + "', 'format' = 'raw',"
                    + " 'partition.default-name' = 'https://reader:" + SECRET + "@vault.example/?password=" + SECRET + "')",
                    0, TIMEOUT);
            session.execute("CREATE TEMPORARY TABLE counts (user_id STRING, n BIGINT) WITH ('connector' = 'blackhole')", 0, TIMEOUT);
            session.execute("SET 'table.exec.state.ttl' = '1 h'", 0, TIMEOUT);

            RestSession.StatementResult insert =
                    session.execute("INSERT INTO counts SELECT user_id, COUNT(*) FROM src GROUP BY user_id", 1, TIMEOUT);
            assertThat(insert.error()).as("the INSERT runs").isNull();

            await().atMost(TIMEOUT).until(() -> !stored(plans).isEmpty());
            String stored = Files.readString(stored(plans).get(0));
            assertThat(stored).as("the stored plan holds the table's options").contains("partition.default-name", "vault.example");
            assertThat(stored).as("the stored plan of the job").doesNotContain(SECRET);
        }
    }

    private static List<Path> stored(Path plans) throws Exception {
        try (Stream<Path> files = Files.list(plans)) {
            return files.filter(file -> file.getFileName().toString().endsWith(".json")
                    && !file.getFileName().toString().startsWith(".")).toList();
        }
    }
}
