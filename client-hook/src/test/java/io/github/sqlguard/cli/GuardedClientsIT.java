package io.github.sqlguard.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.github.sqlguard.policy.GuardOptions;
import io.github.sqlguard.testing.JavaProcess;

import org.apache.flink.table.client.cli.TerminalUtils;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Clients of one real guarded gateway: {@code sql-guard.sh client} with a script and through a real
 * pseudo-terminal (tmux), and Flink's own JDBC driver.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GuardedClientsIT {

    /** Shared case 19's orders, with the datagen options the tests give them. */
    private static final String ORDERS_WITH =
            "CREATE TABLE orders (\n"
                    + "  order_id STRING,\n"
                    + "  user_id STRING,\n"
                    + "  amount DOUBLE,\n"
                    + "  order_time TIMESTAMP(3),\n"
                    + "  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND\n"
                    + ") WITH ('connector' = 'datagen', 'rows-per-second' = '100', %s, 'fields.user_id.length' = '1')";

    /** Shared case 19 with a bounded source, so the query ends in a script. */
    private static final String ORDERS = String.format(ORDERS_WITH, "'number-of-rows' = '20'");

    /**
     * Orders that end without being bounded: a {@code sequence} field and no {@code number-of-rows}. Flink's
     * {@code DataGenTableSource} says a source bounded only with {@code number-of-rows}, so the planner plans this one
     * as a stream (its GroupAggregate keeps state for good, the WARN of shared case 19), while the source stops
     * when its sequence is exhausted and the query ends in a script. Over {@link #ORDERS} the guard says nothing
     * of the aggregation's state: it holds what a bounded source read, no more.
     */
    private static final String ORDERS_ENDING_STREAM = String.format(ORDERS_WITH,
            "'fields.order_id.kind' = 'sequence', 'fields.order_id.start' = '1', 'fields.order_id.end' = '20'");

    private static final String GROUP_BY = "SELECT user_id, SUM(amount) AS total FROM orders GROUP BY user_id";

    /** Shared case 18: a DDL that runs with a WARN. */
    private static final String TTL_IN_WITH =
            "CREATE TABLE events (id STRING) WITH ('connector' = 'datagen', 'state.ttl' = '1 h')";

    private static final String TOP_N =
            "SELECT * FROM (SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC)"
                    + " AS rn FROM orders) t WHERE rn <= 3";

    private EmbeddedGuardedGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        gateway = TestGateway.start();
    }

    @AfterAll
    void stopGateway() {
        gateway.close();
    }

    @Test
    void clientPrintsTheAdvisoriesOfAScriptAndSendsTheUser(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("warned.sql");
        Files.writeString(
                script,
                "SET 'sql-client.execution.result-mode' = 'tableau';\n"
                        + ORDERS_ENDING_STREAM + ";\n"
                        + TTL_IN_WITH + ";\n"
                        + GROUP_BY + ";\n");
        ByteArrayOutputStream terminal = new ByteArrayOutputStream();

        int exit =
                new CommandLine(new ClientCommand().withTerminalFactory(() -> TerminalUtils.createDumbTerminal(terminal)))
                        .execute("--endpoint", gateway.endpoint(), "--user", "alice", "-f", script.toString(),
                                "--history", dir.resolve("history").toString());
        String output = terminal.toString(StandardCharsets.UTF_8);

        assertThat(exit).isZero();
        // The DDL's advisory comes under its result.
        int ddlResult = output.indexOf("[INFO] Execute statement succeeded.", output.indexOf("CREATE TABLE events"));
        int ddlAdvice = output.indexOf("WARN ttl-not-a-table-option");
        assertThat(ddlResult).isPositive();
        assertThat(ddlAdvice).isGreaterThan(ddlResult);
        // The query's advisory (shared case 19): rule, reason, plan with the node marked, fix, doc.
        assertThat(output)
                .contains("[WARNING] sql-guard: the statement ran with 1 warning (verdict WARN)")
                .contains("WARN stateful-without-ttl: GroupAggregate[")
                .contains("keeps an accumulator per user_id")
                .contains("==> GroupAggregate")
                .contains("fix: ")
                // The rule's page under the gateway's sql-guard.docs-base-url, as its refusals link it.
                .contains("see: " + GuardOptions.DOCS_BASE_URL.defaultValue() + "docs/rules/stateful-without-ttl.md")
                .contains("Received a total of");
        // Identity: the session carries the user, and the audit shows it.
        assertThat(TestGateway.auditLines())
                .anySatisfy(line -> assertThat(line).contains("\"claimedUser\":\"alice\"").contains("GROUP BY user_id"));
    }

    @Test
    void clientShowsABlockAsTheStatementsError(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("blocked.sql");
        Files.writeString(script, ORDERS + ";\n" + TOP_N + ";\n");
        ByteArrayOutputStream terminal = new ByteArrayOutputStream();

        new CommandLine(new ClientCommand().withTerminalFactory(() -> TerminalUtils.createDumbTerminal(terminal)))
                .execute("--endpoint", gateway.endpoint(), "-f", script.toString(),
                        "--history", dir.resolve("history").toString());

        assertThat(terminal.toString(StandardCharsets.UTF_8))
                .contains("[ERROR] Could not execute SQL statement.")
                .contains("[sql-guard] Statement blocked by policy: unbounded-rank")
                .contains("fix: Rank per window, whose state is freed when the window closes")
                .doesNotContain("[WARNING] sql-guard");
    }

    @Test
    void interactiveSessionInAPseudoTerminalShowsTheWarningAfterTheStatement(@TempDir Path dir) throws Exception {
        assumeTrue(tmuxInstalled(), "tmux is not installed: the pseudo-terminal test is skipped (.ci/run installs it)");
        Path conf = Files.createDirectories(dir.resolve("conf"));
        Files.writeString(conf.resolve("config.yaml"), "sql-client.verbose: false\n");
        String tmuxSession = "sql-guard-test-" + ProcessHandle.current().pid();
        // The client's JVM with the flags of the JVMs tests start (JavaProcess: this JVM's opens, C1 only).
        List<String> java = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        java.addAll(JavaProcess.inheritedFlags());
        java.addAll(List.of(
                "-Dsql-guard.log.dir=" + dir,
                "-cp", System.getProperty("java.class.path"),
                SqlGuardCommand.class.getName(), "client",
                "--endpoint", gateway.endpoint(), "--user", "bob", "--history", dir.resolve("history").toString()));
        Path launcher = dir.resolve("client.sh");
        Files.writeString(launcher, "#!/bin/sh\nexport FLINK_CONF_DIR='" + conf + "'\nexec "
                + String.join(" ", java.stream().map(a -> "'" + a + "'").toList()) + "\n");
        launcher.toFile().setExecutable(true);

        tmux("new-session", "-d", "-s", tmuxSession, "-x", "200", "-y", "80", launcher.toString());
        try {
            awaitScreen(tmuxSession, "Flink SQL>", Duration.ofSeconds(90));
            type(tmuxSession, TTL_IN_WITH);
            String screen = awaitScreen(tmuxSession,
                    "see: " + GuardOptions.DOCS_BASE_URL.defaultValue() + "docs/rules/ttl-not-a-table-option.md", Duration.ofSeconds(90));
            int statement = screen.indexOf("'state.ttl' = '1 h');");
            int result = screen.indexOf("[INFO] Execute statement succeeded.");
            int warning = screen.indexOf("WARN ttl-not-a-table-option");
            assertThat(statement).isNotNegative();
            assertThat(result).isGreaterThan(statement);
            assertThat(warning).isGreaterThan(result);
            type(tmuxSession, "QUIT");
            // The client writes its log and history into the temporary directory until its JVM
            // exits; the pane (and so the tmux session) ends with it. Deleting the directory
            // before that races with the client's last writes.
            awaitSessionEnded(tmuxSession, Duration.ofSeconds(60));
        } finally {
            new ProcessBuilder("tmux", "kill-session", "-t", tmuxSession).start().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    @EnabledIf("flinkJdbcDriver")
    void jdbcDriverGetsTheGuardsReasonForABlockAndRowsForAnAllowedQuery() throws Exception {
        try (Connection connection = DriverManager.getConnection("jdbc:flink://" + gateway.endpoint());
                Statement statement = connection.createStatement()) {
            statement.execute(ORDERS);

            Throwable blocked = catchThrowable(() -> statement.executeQuery(TOP_N));
            assertThat(messages(blocked))
                    .contains("unbounded-rank")
                    .contains("fix: Rank per window, whose state is freed when the window closes");

            List<Integer> rows = new ArrayList<>();
            try (ResultSet result = statement.executeQuery("SELECT x FROM (VALUES (1), (2), (3)) AS t(x)")) {
                while (result.next()) {
                    rows.add(result.getInt(1));
                }
            }
            assertThat(rows).containsExactly(1, 2, 3);
        }
    }

    @Test
    @EnabledIf("flinkJdbcDriver")
    void jdbcDriverGetsFlinksPlanAndTheGuardsFindingsForAnExplain() throws Exception {
        try (Connection connection = DriverManager.getConnection("jdbc:flink://" + gateway.endpoint());
                Statement statement = connection.createStatement()) {
            statement.execute(ORDERS);

            // Flink's EXPLAIN is not a query for the driver: execute(), then its result set.
            assertThat(statement.execute("EXPLAIN " + TOP_N)).isTrue();
            try (ResultSet result = statement.getResultSet()) {
                assertThat(result.getMetaData().getColumnCount()).isEqualTo(1);
                assertThat(result.getMetaData().getColumnName(1)).isEqualTo("result");
                assertThat(result.next()).isTrue();
                assertThat(result.getString(1))
                        .contains("== Optimized Execution Plan ==")
                        .contains("== SQL Guard ==\nVerdict: BLOCK (unbounded-rank).")
                        .contains("fix: Rank per window, whose state is freed when the window closes");
                assertThat(result.next()).isFalse();
            }
        }
    }

    @Test
    void clientShowsAnExplainsFindingsOnlyInItsResult(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("explain.sql");
        Files.writeString(script, ORDERS_ENDING_STREAM + ";\nEXPLAIN " + GROUP_BY + ";\n");
        ByteArrayOutputStream terminal = new ByteArrayOutputStream();

        new CommandLine(new ClientCommand().withTerminalFactory(() -> TerminalUtils.createDumbTerminal(terminal)))
                .execute("--endpoint", gateway.endpoint(), "-f", script.toString(),
                        "--history", dir.resolve("history").toString());
        String output = terminal.toString(StandardCharsets.UTF_8);

        assertThat(output).contains("== SQL Guard ==").doesNotContain("[WARNING] sql-guard");
        assertThat(output.split("WARN stateful-without-ttl", -1)).hasSize(2);
    }

    private static String messages(Throwable t) {
        StringBuilder out = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            out.append(c).append('\n');
        }
        return out.toString();
    }

    /**
     * Flink's JDBC driver bundle is served for 2.x only (no flink-sql-jdbc-driver-bundle 1.20.0 on Maven
     * Central; client-hook's pom has it in the flink-2.3 profile): the 1.20 build has no driver to test.
     */
    static boolean flinkJdbcDriver() {
        try {
            Class.forName("org.apache.flink.table.jdbc.FlinkDriver");
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** Types a statement, its ';' (sent as a key code: tmux reads a trailing ';' as a command separator) and Enter. */
    private static void type(String session, String statement) throws Exception {
        tmux("send-keys", "-t", session, "-l", statement);
        tmux("send-keys", "-t", session, "-H", "3b");
        tmux("send-keys", "-t", session, "Enter");
    }

    private static String tmux(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("tmux"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as("tmux %s: %s", args[0], out).isZero();
        return out;
    }

    private static String awaitScreen(String session, String text, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        String screen = "";
        while (System.nanoTime() < deadline) {
            screen = tmux("capture-pane", "-p", "-J", "-S", "-", "-t", session);
            if (screen.contains(text)) {
                return screen;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("'" + text + "' not on the screen within " + timeout + ":\n" + screen);
    }

    /** Waits until the tmux session is gone: the process in its only pane has exited. */
    private static void awaitSessionEnded(String session, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Process process = new ProcessBuilder("tmux", "has-session", "-t", session).redirectErrorStream(true).start();
            process.getInputStream().readAllBytes();
            if (process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() != 0) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("The SQL Client in tmux session " + session + " did not exit within " + timeout + " of QUIT.");
    }

    /** True when {@code tmux} can be run. */
    private static boolean tmuxInstalled() {
        try {
            return new ProcessBuilder("tmux", "-V").redirectErrorStream(true).start().waitFor() == 0;
        } catch (java.io.IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
