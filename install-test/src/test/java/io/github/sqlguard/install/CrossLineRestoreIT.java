package io.github.sqlguard.install;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.JavaProcess;
import io.github.sqlguard.testing.RestSession;
import io.github.sqlguard.testing.SavepointRestores;
import io.github.sqlguard.testing.SavepointRestores.Outcome;
import io.github.sqlguard.testing.SavepointRestores.Restore;
import io.github.sqlguard.testing.SlotRuns;
import io.github.sqlguard.testing.StandaloneCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A job's savepoint taken on Flink 1.20 and restored on Flink 2.3, all real: a stock 1.20
 * installation (JobManager, TaskManager, SQL Gateway with {@code endpoint.type: rest}; module
 * {@code install-test-flink-1.20}) runs each script of {@code cross-line/} (a GROUP BY, a Top-N, a
 * join, a deduplication), checkpointing, and stops it with {@code STOP JOB '<id>' WITH SAVEPOINT};
 * that cluster stops. A 2.3 cluster of this build's installation then starts, with the guard's drop-in
 * jar in {@code lib/} of its SQL Gateway, and each script is judged in a session restoring its
 * savepoint ({@code execution.state-recovery.path}): first the guard's dry run ({@code EXPLAIN}: its
 * verdict and restore findings, from the savepoint's metadata and serializers), then
 *
 * <ul>
 *   <li>where the guard does not block: the statement through the guard, and what the 2.3
 *       JobManager does with the job ({@link SavepointRestores}): it must restore;
 *   <li>where it blocks: the statement through the guard must be refused with no job submitted, and
 *       a stock 2.3 gateway (the same installation without the drop-in jar) runs it for the ground
 *       truth: Flink must refuse it, fail it after start, or skip state.
 * </ul>
 *
 * The outcome must also be the one the script's first line records (measured, written down in
 * {@code docs/operations/restores.md}, "Across Flink lines"), and the guard's restore findings those
 * of its {@code -- expect-guard:} line. One cluster per line for all scripts, a slot per script on each: the
 * scripts' jobs run at once on 1.20, and so do their restores on 2.3; 2.3 CI step only (the
 * 1.20 build has no other line to restore from: install-test's {@code flink-1.20} profile excludes it).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CrossLineRestoreIT {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);
    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final String RECOVERY_PATH = "execution.state-recovery.path";
    private static final Path SCRIPTS = Path.of("src/test/resources/cross-line").toAbsolutePath();

    private final Map<String, String> savepoints = new LinkedHashMap<>();
    private final Map<String, String> measured = new java.util.concurrent.ConcurrentSkipListMap<>();
    /** Every gateway started, stopped after the tests (the JVM's shutdown stops any left). */
    private final List<JavaProcess> gateways = new java.util.concurrent.CopyOnWriteArrayList<>();
    private volatile StandaloneCluster cluster;
    private SavepointRestores restores;
    private int guardPort;
    private FlinkInstallation flink23;
    private Path work;
    private volatile Map<String, String> gatewayConfig23;

    static List<Script> scripts() throws IOException {
        try (Stream<Path> files = Files.list(SCRIPTS)) {
            List<Script> scripts = new ArrayList<>();
            for (Path file : files.filter(f -> f.toString().endsWith(".sql")).sorted().toList()) {
                scripts.add(Script.read(file));
            }
            return scripts;
        }
    }

    @BeforeAll
    void savepointsOnFlink120ThenAGuardedFlink23() throws Exception {
        work = Path.of("target/cross-line").toAbsolutePath();
        deleteTree(work);
        Files.createDirectories(work);
        String savepointDir = work.resolve("savepoints").toUri().toString();
        Map<String, String> clusterConfig = Map.of(
                "restart-strategy.type", "none",
                "taskmanager.numberOfTaskSlots", String.valueOf(scripts().size()),
                "execution.checkpointing.savepoint-dir", savepointDir,
                "state.savepoints.dir", savepointDir);

        // Flink 2.3 afterwards (not meanwhile: on a loaded machine the second cluster's actor system
        // timed out starting, measured 2026-12-02): a cluster, and this build's installation with the
        // drop-in jar as the gateway.
        flink23 = FlinkInstallation.laidOutByTheBuild();
        flink23.addToLib(Path.of(System.getProperty("sql-guard.drop-in")));
        FlinkInstallation flink120 = FlinkInstallation.laidOutAt("sql-guard.install.dir.flink-1.20");
        StandaloneCluster.Launcher launcher23 = launcher(flink23);
        StandaloneCluster.Launcher launcher120 = launcher(flink120);
        long started = System.nanoTime();
        Callable<Gateway> startGuarded = () -> {
            // A slot per script: their restores run at once.
            cluster = StandaloneCluster.start(work.resolve("cluster-2.3"), START_TIMEOUT, clusterConfig, launcher23);
            // The platform's default set explicitly, as a config.yaml does (see StateChangesIT).
            gatewayConfig23 = gatewayConfig(cluster, savepointDir,
                    Map.of("execution.state-recovery.ignore-unclaimed-state", "false"));
            Map<String, String> guarded = new LinkedHashMap<>(gatewayConfig23);
            guarded.put("sql-guard.instance-id", "cross-line");
            return startGateway(flink23.withConfAndLogIn(work.resolve("gateway-2.3-guard")), "guard", guarded, true);
        };

        // Flink 1.20, stock: every script's job runs at once (one slot each), then each stops with a savepoint.
        StandaloneCluster old = StandaloneCluster.start(work.resolve("cluster-1.20"), START_TIMEOUT, clusterConfig,
                launcher120);
        Gateway oldGateway = null;
        try {
            SavepointRestores oldRestores = new SavepointRestores(old, TIMEOUT);
            oldGateway = startGateway(flink120.withConfAndLogIn(work.resolve("gateway-1.20")), "rest",
                    gatewayConfig(old, savepointDir, Map.of()), true);
            int port = oldGateway.port();
            Map<String, String> jobs = new LinkedHashMap<>();
            for (Script script : scripts()) {
                // A session each: the scripts name the same tables. Their INSERT jobs outlive the session.
                try (RestSession session = new GatewayRestClient(port).openSession(SavepointRestores.checkpointingSession())) {
                    jobs.put(script.name(), oldRestores.startJob(session, script.statements()));
                }
            }
            try (RestSession session = new GatewayRestClient(port).openSession(Map.of())) {
                for (Map.Entry<String, String> job : jobs.entrySet()) {
                    oldRestores.awaitRunningWithCheckpoint(job.getValue());
                    savepoints.put(job.getKey(), oldRestores.stopWithSavepoint(session, job.getValue()));
                }
            }
        } catch (Throwable e) {
            System.err.println(old.logTails());
            throw e;
        } finally {
            if (oldGateway != null) {
                oldGateway.process().close();
            }
            old.close();
        }
        System.out.printf("[cross-line] Flink 1.20 half (cluster, gateway, %d savepoints): %d s%n",
                savepoints.size(), Duration.ofNanos(System.nanoTime() - started).toSeconds());
        guardPort = startGuarded.call().port();
        restores = new SavepointRestores(cluster, TIMEOUT);
        System.out.printf("[cross-line] the 1.20 half, then the 2.3 cluster and guarded gateway started: %d s%n",
                Duration.ofNanos(System.nanoTime() - started).toSeconds());
    }

    /** A SQL Gateway process of an installation and its REST port. */
    record Gateway(JavaProcess process, int port) {}

    @AfterAll
    void stopEverything() {
        measured.forEach((name, line) -> System.out.println("[cross-line] " + name + ": " + line));
        gateways.forEach(JavaProcess::close);
        if (cluster != null) {
            cluster.close();
        }
    }

    /**
     * Each script judged and restored at once, one slot each of the 2.3 TaskManager (a script has one job running at a
     * time), as {@code StateChangesIT} runs its pairs ({@link SlotRuns}).
     */
    @TestFactory
    Stream<DynamicTest> aFlink120SavepointRestoredOn23IsJudgedByTheGuardAsFlinkTreatsIt() throws IOException {
        List<Script> scripts = scripts();
        return SlotRuns.atOnce(scripts.size(), scripts, Script::name,
                script -> script.statements().stream().anyMatch(s -> s.contains("ignore-unclaimed-state")) ? SlotRuns.EVERY_SLOT : 1,
                this::judge);
    }

    private void judge(Script script) throws Exception {
        String savepoint = savepoints.get(script.name());
        assertThat(savepoint).as("the 1.20 savepoint of %s", script.name()).isNotNull();
        Verdict verdict = guardVerdict(script, savepoint);

        Restore real;
        if (verdict.label().equals("BLOCK")) {
            try (RestSession session = new GatewayRestClient(stockGateway()).openSession(SavepointRestores.checkpointingSession())) {
                real = restores.restore(session, RECOVERY_PATH, savepoint, script.statements());
            }
        } else {
            try (RestSession session = new GatewayRestClient(guardPort).openSession(SavepointRestores.checkpointingSession())) {
                real = restores.restore(session, RECOVERY_PATH, savepoint, script.statements());
            }
        }
        if (real.jobId() != null && (real.outcome() == Outcome.RESTORED || real.outcome() == Outcome.RESTORED_WITH_STATE_SKIPPED)) {
            restores.cancel(real.jobId());
        }
        measured.put(script.name(), (verdict.label().equals("BLOCK") ? "stock 2.3 " : "guarded 2.3 ") + real.outcome()
                + " (" + real.reason() + "), guard " + verdict.label() + " " + verdict.restoreRules()
                + "\n    " + verdict.text().strip().replace("\n", "\n    "));

        // The guard's verdict implies what Flink did: a job it lets through restores, one it blocks Flink would not.
        if (verdict.label().equals("BLOCK")) {
            assertThat(real.outcome()).as("what stock 2.3 did with %s's 1.20 savepoint, which the guard blocks (%s)%n%s",
                    script.name(), real.reason(), verdict.text())
                    .isIn(Outcome.NOT_MAPPABLE, Outcome.FAILED_AFTER_START, Outcome.RESTORED_WITH_STATE_SKIPPED);
        } else {
            assertThat(real.outcome()).as("what the guarded 2.3 gateway's job did with %s's 1.20 savepoint (%s)%n%s",
                    script.name(), real.reason(), verdict.text())
                    .isEqualTo(Outcome.RESTORED);
        }
        assertThat(real.outcome()).as("the outcome %s records for %s (%s)", SCRIPTS.relativize(script.file()), script.name(),
                real.reason()).isEqualTo(script.expectedOutcome());
        assertThat(verdict.label() + " " + verdict.restoreRules()).as("the guard on %s%n%s", script.name(), verdict.text())
                .isEqualTo(script.expectGuard());
    }

    /** The guard's dry run of the script's last statement in a session restoring {@code savepoint}; where it blocks, also the run. */
    private Verdict guardVerdict(Script script, String savepoint) throws Exception {
        try (RestSession session = new GatewayRestClient(guardPort).openSession(SavepointRestores.checkpointingSession())) {
            execute(session, "SET '" + RECOVERY_PATH + "' = '" + savepoint + "'");
            String jobName = "cross-line-" + script.name() + "-guarded";
            execute(session, "SET 'pipeline.name' = '" + jobName + "'");
            List<String> statements = script.statements();
            for (String statement : statements.subList(0, statements.size() - 1)) {
                execute(session, statement);
            }
            String last = statements.get(statements.size() - 1);
            RestSession.StatementResult explained = session.execute("EXPLAIN " + last, 1, TIMEOUT);
            assertThat(explained.failed()).as("EXPLAIN of %s: %s", script.name(), explained.error()).isFalse();
            String text = explained.rows().stream().map(row -> row.path("fields").path(0).asText())
                    .collect(Collectors.joining("\n"));
            Verdict verdict = Verdict.of(text);
            if (verdict.label().equals("BLOCK")) {
                RestSession.StatementResult run = session.execute(last, 1, TIMEOUT);
                assertThat(run.failed()).as("the guard refuses %s", script.name()).isTrue();
                List<String> names = new ArrayList<>();
                cluster.get("/jobs/overview").path("jobs").forEach(job -> names.add(job.path("name").asText()));
                assertThat(names).as("jobs after the guard refused %s", script.name()).doesNotContain(jobName);
            }
            return verdict;
        }
    }

    private Integer stockPort;

    /** The stock 2.3 gateway (the installation without the drop-in jar), started when first needed. */
    private synchronized int stockGateway() throws Exception {
        if (stockPort == null) {
            stockPort = startGateway(flink23.withConfAndLogIn(work.resolve("gateway-2.3-stock")), "rest", gatewayConfig23, false)
                    .port();
        }
        return stockPort;
    }

    /** Options of a gateway that sends its jobs to {@code target}. */
    private static Map<String, String> gatewayConfig(StandaloneCluster target, String savepointDir, Map<String, String> more) {
        Map<String, String> config = new LinkedHashMap<>(target.clientConfig());
        config.put("execution.checkpointing.savepoint-dir", savepointDir);
        config.put("state.savepoints.dir", savepointDir);
        config.put("parallelism.default", "1");
        config.putAll(more);
        return config;
    }

    /** Starts the installation's SqlGateway ({@code endpointType}) and waits until it serves REST. */
    private Gateway startGateway(FlinkInstallation flink, String endpointType, Map<String, String> config, boolean withGuard)
            throws Exception {
        int port = FlinkInstallation.freePort();
        Map<String, String> yaml = new LinkedHashMap<>();
        yaml.put("sql-gateway.endpoint.type", endpointType);
        yaml.put("sql-gateway.endpoint.rest.address", "127.0.0.1");
        yaml.put("sql-gateway.endpoint.rest.bind-address", "127.0.0.1");
        yaml.put("sql-gateway.endpoint.rest.port", String.valueOf(port));
        yaml.putAll(config);
        flink.writeConfig(yaml.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue())
                .collect(Collectors.joining("\n", "", "\n")));
        flink.writeLog4jProperties(List.of());
        JavaProcess gateway = JavaProcess.start("sql-gateway-" + endpointType, flink.classpath(withGuard, "flink-sql-gateway"),
                flink.jvmArgs("sql-gateway"), Map.of("FLINK_CONF_DIR", flink.conf().toString()),
                flink.log().resolve("sql-gateway.out"), "org.apache.flink.table.gateway.SqlGateway", List.of());
        gateways.add(gateway);
        GatewayRestClient client = new GatewayRestClient(port);
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!gateway.isAlive()) {
                fail("The SQL Gateway exited:%n%s%n%s", gateway.tail(80), Files.readString(flink.logFile("sql-gateway")));
            }
            try {
                if (client.get("/info").ok()) {
                    return new Gateway(gateway, port);
                }
            } catch (IOException notYet) {
                // Not listening yet.
            }
            Thread.sleep(250);
        }
        return fail("The SQL Gateway did not serve REST within %s:%n%s", START_TIMEOUT, gateway.tail(80));
    }

    /**
     * A cluster's JVMs on the installation's classpath (lib/ without the guard, the flink-dist
     * stand-ins) with Flink's console logging ({@code log4j-console.properties} of the distribution),
     * so that {@link StandaloneCluster#jobManagerLog()} holds the JobManager's log.
     */
    private StandaloneCluster.Launcher launcher(FlinkInstallation flink) throws IOException {
        Path log4j = work.resolve("log4j-console.properties");
        Files.writeString(log4j, String.join("\n",
                "rootLogger.level = INFO",
                "rootLogger.appenderRef.console.ref = ConsoleAppender",
                "appender.console.name = ConsoleAppender",
                "appender.console.type = CONSOLE",
                "appender.console.layout.type = PatternLayout",
                "appender.console.layout.pattern = %d{HH:mm:ss,SSS} %-5p %-60c %x - %m%n",
                "logger.metrics.name = org.apache.flink.runtime.metrics",
                "logger.metrics.level = WARN",
                ""));
        String config = "file:" + log4j;
        return new StandaloneCluster.Launcher(flink.classpath(false),
                List.of("-Dlog4j.configuration=" + config, "-Dlog4j.configurationFile=" + config));
    }

    private static void execute(RestSession session, String statement) throws Exception {
        RestSession.StatementResult result = session.execute(statement, 0, TIMEOUT);
        assertThat(result.failed()).as("`%s`: %s", statement, result.error()).isFalse();
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.delete(file);
            }
        }
    }

    /** The guard's section of an EXPLAIN: its verdict and the restore rules of its findings. */
    record Verdict(String label, Set<String> restoreRules, String text) {
        private static final Pattern VERDICT = Pattern.compile("Verdict: (\\w+)");
        /** A finding's line, as {@code Finding#describe} starts it: {@code LEVEL rule-id: reason}. */
        private static final Pattern RESTORE_RULE = Pattern.compile("(?m)^(?:BLOCK|WARN|INFO) (restore-[a-z-]+): ");

        static Verdict of(String explain) {
            int section = explain.indexOf("== SQL Guard ==");
            String guard = section < 0 ? explain : explain.substring(section);
            Matcher verdict = VERDICT.matcher(guard);
            String label = verdict.find() ? verdict.group(1) : "?";
            Set<String> rules = new TreeSet<>();
            Matcher rule = RESTORE_RULE.matcher(guard);
            while (rule.find()) {
                rules.add(rule.group(1));
            }
            return new Verdict(label, rules, guard);
        }
    }

    /**
     * A script of {@code cross-line/}: its statements (comment lines dropped, split at a ';' that
     * ends a line), the outcome its first line records ({@code RESTORED}, {@code NOT-MAPPABLE},
     * {@code FAILED-AFTER-START}, {@code RESTORED WITH STATE SKIPPED}) and its {@code -- expect-guard:}
     * line ({@code <verdict> [<restore rules>]}).
     */
    record Script(String name, Path file, List<String> statements, Outcome expectedOutcome, String expectGuard) {

        static Script read(Path file) throws IOException {
            List<String> lines = Files.readAllLines(file);
            String first = lines.get(0);
            String expectGuard = lines.stream().filter(l -> l.startsWith("-- expect-guard:"))
                    .map(l -> l.substring("-- expect-guard:".length()).strip()).findFirst().orElseThrow();
            String text = String.join("\n", lines.stream().filter(line -> !line.strip().startsWith("--")).toList());
            List<String> statements = Arrays.stream(text.split(";\\s*(\\n|$)")).map(String::strip)
                    .filter(s -> !s.isEmpty()).toList();
            String name = file.getFileName().toString().replaceFirst("\\.sql$", "");
            return new Script(name, file, statements, outcome(first), expectGuard);
        }

        private static final Pattern RECORDED = Pattern.compile("on stock Flink [0-9.]+: (.*)");

        static Outcome outcome(String text) {
            Matcher recorded = RECORDED.matcher(text);
            String words = recorded.find() ? recorded.group(1) : "";
            String normal = words.strip().toUpperCase(Locale.ROOT).replaceAll("[ -]+", "_");
            for (Outcome outcome : new Outcome[] {
                    Outcome.RESTORED_WITH_STATE_SKIPPED, Outcome.NOT_MAPPABLE, Outcome.FAILED_AFTER_START, Outcome.RESTORED}) {
                if (normal.startsWith(outcome.name())) {
                    return outcome;
                }
            }
            // Not measured yet: the run records what it saw; the assertion on it fails with the outcome.
            return null;
        }
    }
}
