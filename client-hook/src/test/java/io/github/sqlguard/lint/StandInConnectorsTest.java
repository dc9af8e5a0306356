package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.cli.SqlGuardCommand;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.StatefulOperators;
import io.github.sqlguard.statement.ScriptSplitter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.ExplainDetail;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code lint --stand-in-connectors}: the fixture repository's jobs and the jobs of {@code
 * src/test/resources/stand-in-jobs} (Top-N over Kafka and upsert-kafka, deduplication on proctime
 * and rowtime, ChangelogNormalize, a Debezium aggregation and join, an updating query into an
 * append-only Kafka sink, metadata columns, a window aggregation, view chains, {@code CREATE TABLE
 * ... LIKE}) are linted once with the real Kafka connector jar and once with stand-ins and no jar;
 * the plans' operators, the stateful operators as Flink prints them, the changelog modes, the
 * verdicts and the rule ids must be the same, and every finding made through a stand-in says so.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StandInConnectorsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** A node line of an EXPLAIN plan section: the tree prefix, then the operator's name. */
    private static final Pattern PHYSICAL_NODE = Pattern.compile("^[ :+-]*([A-Za-z][A-Za-z0-9_]*)\\(");
    private static final Pattern CHANGELOG_MODE = Pattern.compile("changelogMode=\\[([^\\]]*)]");

    private Path repo;
    private Path kafkaJar;
    private Path udfJar;
    private LintRun real;
    private LintRun standIn;

    @BeforeAll
    void lintTheJobsWithTheRealConnectorAndWithStandIns(@TempDir Path tmp) throws Exception {
        repo = tmp.resolve("repo");
        copy(Path.of("src/test/resources/fixture-repo"), repo);
        copy(Path.of("src/test/resources/stand-in-jobs"), repo.resolve("jobs/stand-in"));
        udfJar = Files.createDirectories(repo.resolve("lib")).resolve("udfs.jar");
        Files.move(UdfJar.build(tmp), udfJar);
        kafkaJar = Path.of(System.getProperty("sql-guard.kafka.jar",
                "target/connector-jars/flink-sql-connector-kafka-5.0.0-2.2.jar")).toAbsolutePath();
        assertThat(kafkaJar).isRegularFile();

        ProjectFile project = ProjectFile.load(repo.resolve(ProjectFile.NAME));
        ScriptFilter filter = new ScriptFilter(project.root(), project.include(), project.exclude());
        Configuration config = new Configuration();
        project.options().forEach(config::setString);
        List<URI> withKafka = List.of(udfJar.toUri(), kafkaJar.toUri());
        List<URI> withoutKafka = List.of(udfJar.toUri());
        real = new Linter(() -> new LintEngine(config, withKafka, false), null, project.init(), filter)
                .run(List.of(repo.resolve("jobs")));
        standIn = new Linter(() -> new LintEngine(config, withoutKafka, true), null, project.init(), filter)
                .run(List.of(repo.resolve("jobs")));
    }

    @Test
    void plansEveryScriptAsTheRealConnectorDoes() {
        assertThat(real.files()).hasSizeGreaterThanOrEqualTo(16);
        assertThat(standIn.files()).isEqualTo(real.files());
        assertThat(standIn.statements()).hasSameSizeAs(real.statements());
        int planned = 0;
        for (int i = 0; i < real.statements().size(); i++) {
            LintedStatement r = real.statements().get(i);
            LintedStatement s = standIn.statements().get(i);
            String at = r.file() + ":" + r.line();
            assertThat(s.file() + ":" + s.line()).isEqualTo(at);
            assertThat(s.verdict()).as("verdict of %s", at).isEqualTo(r.verdict());
            assertThat(ruleIds(s)).as("rules of %s", at).isEqualTo(ruleIds(r));
            assertThat(s.plan().isPresent()).as("planned: %s", at).isEqualTo(r.plan().isPresent());
            if (r.plan().isPresent()) {
                planned++;
                assertThat(operatorNames(s.plan().get())).as("operators of %s", at).isEqualTo(operatorNames(r.plan().get()));
                assertThat(stateful(s.plan().get())).as("stateful operators of %s", at).isEqualTo(stateful(r.plan().get()));
            }
        }
        assertThat(planned).as("statements compared by plan").isGreaterThanOrEqualTo(14);
        assertThat(standIn.statements().stream().flatMap(s -> s.plan().stream())
                        .flatMap(p -> stateful(p).stream()).map(o -> o.substring(0, o.indexOf(' '))).distinct())
                .contains("Rank", "Deduplicate", "ChangelogNormalize", "GroupAggregate", "Join", "Windowed");
        assertThat(real.statements()).noneMatch(LintedStatement::plansWithStandIn);
    }

    @Test
    void findsWhatTheRealConnectorFinds() {
        Map<String, String> last = lastVerdicts(standIn);
        assertThat(last)
                .containsEntry("jobs/top_spenders.sql", "BLOCK unbounded-rank")
                .containsEntry("jobs/customer_orders.sql", FixtureVerdicts.CUSTOMER_ORDERS)
                .containsEntry("jobs/latest_big_order.sql", "INFO stateful-without-ttl")
                .containsEntry("jobs/paid_per_order.sql", "OK")
                .containsEntry("jobs/stand-in/kafka_sink_updating.sql", "BLOCK updates-into-append-only")
                .containsEntry("jobs/stand-in/upsert_kafka_sink.sql", "OK")
                .containsEntry("jobs/stand-in/missing_catalog.sql", "UNANALYSED missing-dependency");
        assertThat(lastVerdicts(real)).isEqualTo(last);
        LintedStatement updating = last(standIn, "jobs/stand-in/kafka_sink_updating.sql");
        assertThat(updating.findings().get(0).finding().node()).contains("doesn't support consuming update changes");
        assertThat(updating.findings().get(0).finding().reason()).contains("accepts inserts only");
        assertThat(updating.standIn()).as("no plan: both roles")
                .contains("`customer_totals` ('kafka'; source +I, as format 'json' reports it to Flink; sink +I,");
        assertThat(last(standIn, "jobs/stand-in/upsert_kafka_sink.sql").standIn()).as("planned: the roles it plays")
                .contains("`orders` ('kafka'; source +I, as format 'json' reports it to Flink)")
                .contains("`customer_totals_upsert` ('upsert-kafka'; sink +I,+U,-D, upsert-kafka writes upserts)");
        assertThat(standIn.unanalysed()).as("only the catalog of a missing type").isEqualTo(1);
    }

    @Test
    void marksEveryFindingMadeThroughAStandIn() throws Exception {
        StringWriter json = new StringWriter();
        LintFormat.JSON.write(standIn, new PrintWriter(json));
        StringWriter text = new StringWriter();
        LintFormat.TEXT.write(standIn, new PrintWriter(text));

        int withFindings = 0;
        for (JsonNode s : JSON.readTree(json.toString())) {
            String file = s.path("file").asText();
            boolean onKafka = !file.endsWith("clean.sql") && !file.endsWith("catalog.sql")
                    && !file.endsWith("missing_catalog.sql");
            boolean setOnly = s.path("kind").asText().matches("SET|RESET|METADATA");
            if (onKafka && !setOnly) {
                assertThat(s.path("standIn").asText()).as("%s:%d", file, s.path("line").asInt())
                        .contains("stand-in connector for `").contains("changelog mode inferred, not the real connector");
                for (JsonNode f : s.path("findings")) {
                    assertThat(f.path("note").asText()).isEqualTo(s.path("standIn").asText());
                    withFindings++;
                }
            } else {
                assertThat(s.has("standIn")).as("%s:%d", file, s.path("line").asInt()).isFalse();
            }
        }
        assertThat(withFindings).isGreaterThanOrEqualTo(5);
        assertThat(last(standIn, "jobs/stand-in/upsert_normalize.sql").standIn())
                .contains("`customers` ('upsert-kafka'; source +U,-D, upsert-kafka reads upserts");
        assertThat(last(standIn, "jobs/paid_per_order.sql").standIn())
                .contains("`payments` ('kafka'; source +I,-U,+U,-D, as format 'debezium-json' reports it to Flink");
        assertThat(text.toString())
                .contains("jobs/top_spenders.sql:2:1: BLOCK unbounded-rank")
                .contains("    note: planned with a stand-in connector for `orders` ('kafka'; source +I, as format 'json' reports it to Flink)")
                .contains("planned with stand-in connectors (changelog modes inferred)");
    }

    @Test
    void givesTheSameChangelogModesAsTheRealConnector() throws Exception {
        Map<String, String> withKafka = changelogModes(false);
        Map<String, String> withStandIns = changelogModes(true);

        assertThat(withKafka).hasSizeGreaterThanOrEqualTo(14);
        assertThat(withStandIns).isEqualTo(withKafka);
        assertThat(withKafka.values()).anyMatch(m -> m.contains("ChangelogNormalize[I,UB,UA,D]"))
                .anyMatch(m -> m.contains("[I,UB,UA,D]") && m.contains("TableSourceScan"))
                .anyMatch(m -> m.contains("doesn't support consuming update changes"));
    }

    @Test
    void theCommandLineFlagAndTheProjectFileTurnItOn() throws Exception {
        Path out = repo.resolve("flag.json");
        String job = repo.resolve("jobs/top_spenders.sql").toString();

        int withFlag = SqlGuardCommand.execute("lint", "-q", "--project", repo.resolve(ProjectFile.NAME).toString(),
                "--stand-in-connectors", "--format", "json", "-o", out.toString(), job);
        String flagged = Files.readString(out);
        Path project = repo.resolve("stand-in.yaml");
        Files.writeString(project, Files.readString(repo.resolve(ProjectFile.NAME)) + "\nstand-in-connectors: true\n");
        int fromFile = SqlGuardCommand.execute("lint", "-q", "--project", project.toString(), "--format", "json",
                "-o", out.toString(), job);
        String fromProject = Files.readString(out);
        int flagWins = SqlGuardCommand.execute("lint", "-q", "--project", project.toString(), "--no-stand-in-connectors",
                "--format", "json", "-o", out.toString(), job);

        assertThat(withFlag).as(flagged).isEqualTo(LintCommand.FINDINGS);
        assertThat(flagged).contains("unbounded-rank").contains("\"standIn\"").doesNotContain(MissingDependency.ID);
        assertThat(fromFile).as(fromProject).isEqualTo(LintCommand.FINDINGS);
        assertThat(fromProject).contains("unbounded-rank").contains("\"note\"");
        assertThat(flagWins).isEqualTo(LintCommand.INCOMPLETE);
        assertThat(Files.readString(out)).contains(MissingDependency.ID).doesNotContain("standIn");
    }

    /**
     * A processing-time lookup join against a table whose connector lint lacks: a stand-in for a
     * lookup-capable connector (jdbc) is a lookup source, so Flink plans the stateless {@code
     * LookupJoin} it plans with the real JDBC connector (given to lint as a jar), and the statement is
     * OK; a stand-in for Kafka, whose source is no lookup source, is refused as the real Kafka
     * connector is ({@code Temporal Table Join requires primary key in versioned table}).
     */
    @Test
    void aLookupJoinPlansThroughAStandInAsThroughTheRealConnector(@TempDir Path tmp) throws Exception {
        Path jdbcJar = Path.of(System.getProperty("sql-guard.jdbc.jar",
                "target/connector-jars/flink-connector-jdbc-core-4.0.0-2.0.jar")).toAbsolutePath();
        assertThat(jdbcJar).isRegularFile();
        String orders = "CREATE TABLE orders (order_id STRING, user_id STRING, amount DOUBLE, proc_time AS PROCTIME())"
                + " WITH ('connector' = 'datagen');\n";
        String join = "SELECT o.order_id, u.name FROM orders AS o\n"
                + "JOIN users FOR SYSTEM_TIME AS OF o.proc_time AS u ON o.user_id = u.user_id;\n";
        Path jdbcDir = Files.createDirectories(tmp.resolve("jdbc"));
        Files.writeString(jdbcDir.resolve("lookup_jdbc.sql"), orders
                + "CREATE TABLE users (user_id STRING, name STRING) WITH ('connector' = 'jdbc',"
                + " 'url' = 'jdbc:derby:memory:users', 'table-name' = 'users');\n" + join);
        Path kafkaDir = Files.createDirectories(tmp.resolve("kafka"));
        Files.writeString(kafkaDir.resolve("lookup_kafka.sql"), orders
                + "CREATE TABLE users (user_id STRING, name STRING) WITH ('connector' = 'kafka', 'topic' = 'users',"
                + " 'properties.bootstrap.servers' = 'localhost:9092', 'format' = 'json');\n" + join);

        LintedStatement jdbcStandIn = lastOf(lint(jdbcDir, List.of(), true));
        LintedStatement jdbcReal = lastOf(lint(jdbcDir, List.of(jdbcJar.toUri()), false));
        assertThat(jdbcReal.verdict()).as("with the real JDBC connector: %s", jdbcReal.findings()).isEqualTo("OK");
        assertThat(jdbcReal.plan()).hasValueSatisfying(p -> assertThat(operatorNames(p)).contains("LookupJoin"));
        assertThat(jdbcStandIn.verdict()).as("through a stand-in: %s", jdbcStandIn.findings()).isEqualTo("OK");
        assertThat(jdbcStandIn.plansWithStandIn()).isTrue();
        assertThat(operatorNames(jdbcStandIn.plan().orElseThrow())).isEqualTo(operatorNames(jdbcReal.plan().orElseThrow()));

        LintedStatement kafkaStandIn = lastOf(lint(kafkaDir, List.of(), true));
        LintedStatement kafkaReal = lastOf(lint(kafkaDir, List.of(kafkaJar.toUri()), false));
        assertThat(ruleIds(kafkaReal)).containsExactly("temporal-join-not-versioned");
        assertThat(kafkaReal.findings().get(0).finding().reason()).contains("needs a PRIMARY KEY");
        assertThat(kafkaReal.findings().get(0).finding().node()).contains("Temporal Table Join requires primary key");
        assertThat(kafkaStandIn.verdict()).isEqualTo(kafkaReal.verdict());
        assertThat(ruleIds(kafkaStandIn)).isEqualTo(ruleIds(kafkaReal));
        assertThat(kafkaStandIn.findings().get(0).finding().node()).contains("Temporal Table Join requires primary key");
    }

    /**
     * A daily count over a Kafka table with a {@code WATERMARK} and a computed {@code PROCTIME()} column
     * (springMoon/sqlSubmit's {@code count_distinct.sql}, issue 30): Flink pushes the watermark into the
     * Kafka scan and, because of the computed column, emits the rowtime column from it as a plain
     * {@code TIMESTAMP(3)} that a {@code Reinterpret} makes event time. The fix, with the real connector
     * and through a stand-in, offers the window over {@code ts} the table has, not a {@code WATERMARK}
     * to declare.
     */
    @Test
    void aWatermarkPushedIntoTheKafkaScanKeepsItsColumnEventTime(@TempDir Path tmp) throws Exception {
        // Read from the scan's WatermarkPushDown ability on Flink 2.3.0 (CompiledPlanReader#pushedRowtime), from the
        // Calc reinterpreting the column on 1.20 (CompiledPlanReader#rowtimeOfConsumingCalc).
        Files.writeString(tmp.resolve("daily_uv.sql"), """
                CREATE TABLE user_log (user_id STRING, ts TIMESTAMP(3), process_time AS PROCTIME(),
                  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
                ) WITH ('connector' = 'kafka', 'topic' = 'user_log', 'properties.bootstrap.servers' = 'localhost:9092',
                  'properties.group.id' = 'uv', 'scan.startup.mode' = 'earliest-offset', 'format' = 'json');
                SELECT DATE_FORMAT(ts, 'yyyyMMdd') AS `day`, COUNT(DISTINCT user_id) AS uv FROM user_log
                GROUP BY DATE_FORMAT(ts, 'yyyyMMdd');
                """);
        for (LintedStatement query : List.of(lastOf(lint(tmp, List.of(kafkaJar.toUri()), false)),
                lastOf(lint(tmp, List.of(), true)))) {
            assertThat(ruleIds(query)).containsExactly("stateful-without-ttl");
            assertThat(query.findings().get(0).finding().fix())
                    .contains("or aggregate per window, whose state is freed when it closes")
                    .doesNotContain("WATERMARK FOR");
        }
    }

    private static LintRun lint(Path dir, List<URI> jars, boolean standIns) throws Exception {
        return new Linter(() -> new LintEngine(new Configuration(), jars, standIns), null).run(List.of(dir));
    }

    private static LintedStatement lastOf(LintRun run) {
        return run.statements().get(run.statements().size() - 1);
    }

    /**
     * Every script's statements in one plain table environment (the user's jars in its class loader;
     * stand-ins swapped in as lint swaps them), each query and INSERT explained with {@code
     * CHANGELOG_MODE}: its physical plan's operators with their changelog modes, read by the guard's
     * plan parser, or the planner's error. Keyed by file and line.
     */
    private Map<String, String> changelogModes(boolean standIns) throws Exception {
        List<URL> jars = new ArrayList<>(List.of(udfJar.toUri().toURL()));
        if (!standIns) {
            jars.add(kafkaJar.toUri().toURL());
        }
        Map<String, String> modes = new LinkedHashMap<>();
        try (URLClassLoader classLoader = new URLClassLoader(jars.toArray(URL[]::new), getClass().getClassLoader())) {
            TableEnvironmentInternal tEnv = (TableEnvironmentInternal) TableEnvironment.create(
                    EnvironmentSettings.newInstance().inStreamingMode().withClassLoader(classLoader).build());
            StandInConnectors swapper = new StandInConnectors();
            List<Path> scripts = new ArrayList<>(ProjectFile.load(repo.resolve(ProjectFile.NAME)).init());
            scripts.addAll(standIn.files().stream().filter(f -> !f.contains("init/")).map(Path::of).toList());
            for (Path script : scripts) {
                for (ScriptSplitter.Statement statement : ScriptSplitter.split(Files.readString(script))) {
                    String sql = Fingerprints.normalized(statement.text());
                    String key = repo.relativize(script.toAbsolutePath()) + ":" + statement.line();
                    if (sql.toUpperCase(Locale.ROOT).matches("^(SET|RESET)\\b.*")) {
                        continue; // a state TTL changes no changelog mode (and a plain TableEnvironment has no SET)
                    }
                    if (sql.toUpperCase(Locale.ROOT).matches("^(SELECT|INSERT|WITH)\\b.*")) {
                        modes.put(key, explained(tEnv, sql));
                    } else {
                        try {
                            tEnv.executeSql(sql);
                        } catch (RuntimeException e) {
                            modes.put(key, "failed: " + e.getClass().getSimpleName());
                            continue;
                        }
                        if (standIns) {
                            swapper.afterApplied(tEnv, classLoader, sql);
                        }
                    }
                }
            }
        }
        return modes;
    }

    private static String explained(TableEnvironmentInternal tEnv, String sql) {
        try {
            // The changelog mode of each node of the physical plan, as EXPLAIN CHANGELOG_MODE prints it.
            String explained = tEnv.explainSql(sql, ExplainDetail.CHANGELOG_MODE);
            String physical = explained.substring(explained.indexOf("== Optimized Physical Plan =="));
            physical = physical.substring(physical.indexOf('\n') + 1, physical.indexOf("\n== "));
            StringBuilder out = new StringBuilder();
            for (String line : physical.strip().split("\n")) {
                Matcher node = PHYSICAL_NODE.matcher(line);
                if (node.find()) {
                    Matcher mode = CHANGELOG_MODE.matcher(line);
                    out.append(node.group(1)).append('[').append(mode.find() ? mode.group(1) : "?").append("] ");
                }
            }
            return out.toString().strip();
        } catch (RuntimeException e) {
            StringBuilder causes = new StringBuilder("error:");
            for (Throwable t = e; t != null; t = t.getCause()) {
                String message = String.valueOf(t.getMessage());
                if (message.contains("doesn't support consuming update changes")) {
                    return "error: doesn't support consuming update changes";
                }
                causes.append(' ').append(t.getClass().getSimpleName());
            }
            return causes.toString();
        }
    }

    private static List<String> ruleIds(LintedStatement statement) {
        return statement.findings().stream().map(LintFinding::ruleId).sorted().toList();
    }

    private static List<String> operatorNames(ExplainedPlan plan) {
        return plan.operators().stream().map(o -> o.node().name()).toList();
    }

    /** The stateful operators as Flink prints them (type, keys, strategy, input specs) with their state TTLs. */
    private static List<String> stateful(ExplainedPlan plan) {
        return plan.operators().stream()
                .filter(o -> StatefulOperators.isStateful(o.node().name()))
                .map(o -> o.getClass().getSimpleName() + " " + o.node().description() + " " + o.state())
                .toList();
    }

    private Map<String, String> lastVerdicts(LintRun run) {
        Map<String, String> last = new LinkedHashMap<>();
        for (LintedStatement s : run.statements()) {
            StringBuilder v = new StringBuilder(s.verdict());
            s.findings().forEach(f -> v.append(' ').append(f.ruleId()));
            last.put(relative(s.file()), v.toString());
        }
        return last;
    }

    private LintedStatement last(LintRun run, String file) {
        return run.statements().stream().filter(s -> relative(s.file()).equals(file)).reduce((a, b) -> b).orElseThrow();
    }

    private String relative(String file) {
        return repo.toAbsolutePath().relativize(Path.of(file).toAbsolutePath()).toString().replace('\\', '/');
    }

    private static void copy(Path from, Path to) throws Exception {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }

}
