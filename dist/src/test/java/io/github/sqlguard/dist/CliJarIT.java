package io.github.sqlguard.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.sqlguard.testing.CaseCorpus;
import io.github.sqlguard.testing.GatewayVerdicts;
import io.github.sqlguard.testing.LineExpectations;
import io.github.sqlguard.testing.RewriteGoldens;
import io.github.sqlguard.testing.SqlScript;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The runnable CLI jar of this build's Flink line ({@code
 * dist/target/flink-sql-guard-cli-<version>-flink-<line>.jar}), started as {@code java -jar} in an
 * empty directory with nothing but Java: no class path, no JVM flags (its manifest's {@code
 * Add-Opens} gives Flink the opens it needs), no {@code FLINK_CONF_DIR}, no Maven. It lints the
 * whole case corpus with this line's verdicts, runs Flink's SQL Client with the guard's advisories,
 * and in the 1.20 build compares its report with the 2.3 jar's: exactly the cases of {@code
 * cases-flink-1.20.properties} differ, each with the rules' reasons.
 *
 * <p>Each line's run keeps its corpus copy and its lint report of it in {@code
 * dist/target/cli-jar-it}, the report beside a key: the SHA-256 of the jar that wrote it and of the
 * corpus it linted, and lint's exit code. The 1.20 build compares with the report the 2.3 build (run
 * first, as {@code .ci/run} does) left there when its key is that of the 2.3 jar and the corpus of
 * this run, instead of having the 2.3 jar lint the same corpus again; otherwise the 2.3 jar lints it
 * here. Either way the 2.3 side is the 2.3 jar's own lint of this very corpus copy, at the same path
 * (the comparison matches statements by file).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CliJarIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Path jar;
    private Path kept;
    private Path empty;
    private Path corpus;
    private Path report;
    private Run lint;

    @BeforeAll
    void lintTheCorpusWithTheJar(@TempDir Path dir) throws Exception {
        jar = Path.of(System.getProperty("sql-guard.cli.jar")).toAbsolutePath();
        assertThat(jar).as("built by this module's package phase").isRegularFile();
        kept = Files.createDirectories(jar.getParent().resolve("cli-jar-it"));
        empty = Files.createDirectories(dir.resolve("empty"));
        corpus = corpusCopy(kept.resolve("corpus"));
        report = reportOf(jar);
        Files.deleteIfExists(keyOf(jar));
        lint = java(jar, "lint", "-q", "--format", "json", "-o", report.toString(), corpus.toString());
        Files.writeString(keyOf(jar), key(jar, lint.exit()));
    }

    @Test
    void startsFromAnEmptyDirectoryWithJavaAloneAndNamesItsFlink() throws Exception {
        Run version = java(jar, "--version");

        assertThat(version.exit()).as(version.output()).isZero();
        assertThat(version.output()).contains("Flink SQL Guard ").contains("Flink " + System.getProperty("flink.version"));
        // Incomplete (3): case 169 adds a jar that does not exist, which lint reports as missing-dependency.
        assertThat(lint.exit()).as("lint of the corpus: %s", lint.output()).isEqualTo(3);
        assertThat(lint.output().lines()).as("stderr: lint's own lines only, no logging")
                .filteredOn(line -> !line.startsWith("sql-guard: the first start of this jar writes its start-up cache"))
                .containsExactly("sql-guard lint: 1 statement(s) could not be analysed (missing-dependency): see the report");
        try (Stream<Path> left = Files.list(empty)) {
            assertThat(left).as("nothing written to the working directory").isEmpty();
        }
    }

    @Test
    void lintsInASecondJvmThatMapsAClassArchiveWrittenByTheFirstRun() throws Exception {
        // The corpus lint of @BeforeAll ran lint's fast start (FastStart): the first run wrote the archive.
        try (Stream<Path> archives = Files.list(kept.resolve("class-archive"))) {
            assertThat(archives.map(p -> p.getFileName().toString()))
                    .as("the archive of this jar and JVM, published under its name")
                    .anyMatch(name -> name.startsWith(jar.getFileName().toString().replace(".jar", "")) && name.endsWith(".jsa"));
        }
        // The table planner is on the CLI jar's class path (flink-table-planner_2.12, not its loader): nothing
        // unpacks it, into the cache or the temporary directory.
        try (Stream<Path> planners = Files.list(kept.resolve("class-archive"))) {
            assertThat(planners.map(p -> p.getFileName().toString()))
                    .as("no table planner jar unpacked into the cache")
                    .noneMatch(name -> name.startsWith("flink-table-planner"));
        }
        Run usage = java(jar, "lint");

        assertThat(usage.exit()).isEqualTo(2);
        assertThat(usage.output()).contains("Usage: java -jar " + jar.getFileName() + " lint").doesNotContain("sql-guard.sh");
    }

    @Test
    void lintsJvmTakesPicocliFromTheArchiveAsWell() throws Exception {
        // Java 17-24: a static archive (StaticClassArchive) keeps picocli's Java 5 class files, which the dynamic
        // archive of earlier versions left out; the first JVM's JDK archive holds none of picocli's classes.
        Run usage = java(empty, List.of("-Xlog:class+load=info"), jar, "lint");

        assertThat(usage.exit()).as(usage.output()).isEqualTo(2);
        assertThat(usage.output().lines()).as("picocli's classes, loaded in lint's JVM")
                .anyMatch(line -> line.contains(" picocli.CommandLine source: shared objects file"))
                .noneMatch(line -> line.contains(" picocli.CommandLine source: file:"));
    }

    @Test
    void startsItsLauncherAgentWhileTheLauncherReadsTheManifestBeforeTheMainClass() throws Exception {
        // JarOpenedOnceAgent: loaded inside LauncherHelper.getMainClassFromJar, while its JarFile is open, so that the
        // class loader shares that open jar instead of reading its central directory a second time.
        Run version = java(empty, List.of("-Xlog:class+load=info"), jar, "--version");

        assertThat(version.exit()).as(version.output()).isZero();
        List<String> loaded = version.output().lines().filter(line -> line.contains("[class,load]"))
                .map(line -> line.replaceFirst(".*\\[class,load\\] (\\S+) .*", "$1")).toList();
        String agent = "io.github.sqlguard.cli.JarOpenedOnceAgent";
        String main = "io.github.sqlguard.cli.SqlGuardCommand";
        assertThat(loaded).contains("sun.instrument.InstrumentationImpl", agent, main);
        assertThat(loaded.indexOf(agent)).as("the agent before the main class").isLessThan(loaded.indexOf(main));
        assertThat(version.output()).contains("Flink SQL Guard ");
    }

    @Test
    void lintThroughTheLauncherAuditsToAFileOfItsOwnNotTheGatewaysAudit(@TempDir Path dir) throws Exception {
        // A new user's lint through bin/sql-guard.sh once appended its records to log/sql-guard-audit.jsonl, the
        // file bin/sql-guard-gateway.sh audits to (conf/logback-client.xml named the same file).
        Path script = dir.resolve("top.sql");
        Files.writeString(script, "CREATE TABLE orders (order_id BIGINT, customer_id BIGINT, amount DOUBLE)"
                + " WITH ('connector' = 'datagen');\nSELECT customer_id, COUNT(*) FROM orders GROUP BY customer_id;\n");
        Path logDir = dir.resolve("log");
        List<String> command = List.of("bash", Path.of("..", "bin", "sql-guard.sh").toAbsolutePath().normalize().toString(),
                "lint", "-q", script.toString());
        ProcessBuilder builder = new ProcessBuilder(command).directory(empty.toFile()).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().remove("FLINK_CONF_DIR");
        builder.environment().remove("JVM_ARGS");
        builder.environment().put("SQL_GUARD_CLI_JAR", jar.toString());
        builder.environment().put("SQL_GUARD_LOG_DIR", logDir.toString());
        builder.environment().put("SQL_GUARD_CACHE_DIR", kept.resolve("class-archive").toString());
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(10, TimeUnit.MINUTES)).isTrue();

        assertThat(process.exitValue()).as(output).isZero();
        assertThat(logDir.resolve("sql-guard-audit.jsonl")).as("the gateway's audit file").doesNotExist();
        assertThat(Files.readString(logDir.resolve("sql-guard-lint-audit.jsonl"))).contains("\"instance\":\"lint\"");
    }

    @Test
    void lintsTheChangedScriptsOfAGitRepositoryWithoutAProjectFileAsThePreCommitHookDoes(@TempDir Path dir)
            throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                        .anyMatch(entry -> Files.isExecutable(Path.of(entry, "git"))), "git is needed");
        Path repo = Files.createDirectories(dir.resolve("repo"));
        String table = "CREATE TABLE orders (order_id BIGINT, customer_id BIGINT, amount DOUBLE) WITH ('connector' = 'datagen');\n";
        Files.writeString(repo.resolve("changed.sql"), table);
        Files.writeString(repo.resolve("untouched.sql"), table);
        git(repo, "init", "-q", "-b", "main");
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "jobs");
        git(repo, "checkout", "-q", "-b", "change");
        Files.writeString(repo.resolve("changed.sql"), table + "SELECT customer_id, COUNT(*) FROM orders GROUP BY customer_id;\n");

        Run run = java(repo, jar, "lint", "--since", "main");

        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(run.output()).contains("sql-guard lint: 1 script(s) changed since main (")
                .contains("changed.sql:2:1: WARN stateful-without-ttl")
                .contains("1 file, 2 statements: 0 blocking, 1 warning, 0 advisories new")
                .doesNotContain("untouched.sql");
    }

    @Test
    void aFirstStartAnswersAnUnknownRevisionAtOnceWithoutWritingTheCache(@TempDir Path dir) throws Exception {
        // Round 68's new user: the documented 'lint --since main' where the branch is master waited 1 min 58 s for its
        // usage error on a busy machine: the first start of a jar linted the training script and wrote the start-up
        // cache before lint read --since. A cache directory of its own makes this start a first one.
        org.junit.jupiter.api.Assumptions.assumeTrue(
                Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                        .anyMatch(entry -> Files.isExecutable(Path.of(entry, "git"))), "git is needed");
        Path repo = Files.createDirectories(dir.resolve("repo"));
        Files.writeString(repo.resolve("job.sql"), "SET 'table.exec.state.ttl' = '1 d';\n");
        git(repo, "init", "-q", "-b", "master");
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "jobs");
        Path cache = dir.resolve("cache");
        List<String> command = new ArrayList<>(List.of(javaCommand(), "-jar", jar.toString(), "lint", "--since", "main"));
        ProcessBuilder builder = new ProcessBuilder(command).directory(repo.toFile()).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().remove("FLINK_CONF_DIR");
        builder.environment().remove("SQL_GUARD_FAST_START");
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        builder.environment().put("SQL_GUARD_CACHE_DIR", cache.toString());
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(10, TimeUnit.MINUTES)).isTrue();

        assertThat(process.exitValue()).as(output).isEqualTo(2);
        assertThat(output).contains("--since main: no revision 'main'").contains("e.g. --since master")
                .doesNotContain("start-up cache");
        try (Stream<Path> written = Files.list(cache)) {
            assertThat(written.map(p -> p.getFileName().toString())).as("no archive, no recording, no launch file")
                    .isEmpty();
        }
    }

    @Test
    void judgesAChangedJobAsARestoreOfTheOldOnesSavepointForTwoFilesWithoutGit(@TempDir Path dir) throws Exception {
        writeWidenedTopNKey(dir);

        Run run = java(dir, jar, "lint", "--restores-from", "old.sql", "new.sql");

        assertThat(run.exit()).as(run.output()).isEqualTo(1);
        assertThat(run.output())
                .contains("new.sql:3:1: restore: cannot restore (from the savepoint of the job of old.sql)")
                .contains("new.sql:3:1: BLOCK restore-unclaimed-state: Flink would refuse to start this job")
                .contains("partitionBy=[user_id]")
                // old.sql is the savepoint's job, not linted: no line reports on it (a rewrite's changes: line may
                // name it, "the savepoint of the job of old.sql: ...").
                .doesNotContainPattern("(?m)^old\\.sql:");
    }

    /**
     * The old version from a shell's process substitution, as {@code lint --restores-from <(git show
     * main:job.sql) job.sql}: lint's second JVM does not inherit the launcher's {@code /dev/fd/63}.
     */
    @Test
    void readsTheOldVersionFromAProcessSubstitutionInLintsSecondJvm(@TempDir Path dir) throws Exception {
        writeWidenedTopNKey(dir);

        Run run = run(dir, List.of("bash", "-c", "\"$JAVA\" -jar \"$JAR\" lint --restores-from <(cat old.sql) new.sql"));

        assertThat(run.exit()).as(run.output()).isEqualTo(1);
        assertThat(run.output())
                .contains("new.sql:3:1: BLOCK restore-unclaimed-state: Flink would refuse to start this job")
                .doesNotContain("no such file");
    }

    /** Shared state-changes pair 07: the Top-N's partition key widened, which Flink refuses to restore. */
    private static void writeWidenedTopNKey(Path dir) throws IOException {
        String clicks = "CREATE TABLE clicks (user_id INT, region STRING, v INT) WITH ('connector' = 'datagen');\n";
        Files.writeString(dir.resolve("old.sql"), clicks
                + "CREATE TABLE top_clicks (user_id INT, v INT, rn BIGINT, PRIMARY KEY (user_id, rn) NOT ENFORCED)"
                + " WITH ('connector' = 'blackhole');\n"
                + "INSERT INTO top_clicks SELECT user_id, v, rn FROM (SELECT user_id, v, ROW_NUMBER() OVER"
                + " (PARTITION BY user_id ORDER BY v DESC) AS rn FROM clicks) WHERE rn <= 3;\n");
        Files.writeString(dir.resolve("new.sql"), clicks
                + "CREATE TABLE top_clicks (user_id INT, region STRING, v INT, rn BIGINT,"
                + " PRIMARY KEY (user_id, region, rn) NOT ENFORCED) WITH ('connector' = 'blackhole');\n"
                + "INSERT INTO top_clicks SELECT user_id, region, v, rn FROM (SELECT user_id, region, v, ROW_NUMBER() OVER"
                + " (PARTITION BY user_id, region ORDER BY v DESC) AS rn FROM clicks) WHERE rn <= 3;\n");
    }

    @Test
    void lintsEveryCaseWithTheVerdictOfThisFlinkLine() throws Exception {
        Map<String, List<JsonNode>> byFile = statementsByFile(report);
        List<Path> checked = new ArrayList<>();
        for (Path file : CaseCorpus.all()) {
            SqlScript script = SqlScript.read(file);
            // A case's own policy (-- policy:) is lint's configuration, not the bundled one: client-hook's LintTest
            // lints those cases with it.
            if (!script.lintedAsTheGatewayJudges() || !script.policy().isEmpty()) {
                continue;
            }
            List<JsonNode> statements = byFile.get(file.getFileName().toString());
            assertThat(statements).as("statements of %s", file.getFileName()).isNotEmpty();
            JsonNode last = statements.get(statements.size() - 1);
            assertThat(last.path("verdict").asText()).as("verdict of %s", file.getFileName()).isEqualTo(script.expectedVerdict());
            List<String> rules = new ArrayList<>();
            last.path("findings").forEach(f -> rules.add(f.path("rule").asText()));
            assertThat(rules).as("rules of %s", file.getFileName()).containsAll(script.expectedRules());
            assertThat(last.path("flinkVersion").asText()).isEqualTo(System.getProperty("flink.version"));
            checked.add(file);
        }
        assertThat(checked).hasSizeGreaterThan(90);
        // What an upgrade report compares: a Top-N's Rank and its state TTL from Flink's compiled plan.
        JsonNode topN = last(byFile.get("03-top-n-business-column.sql"));
        assertThat(topN.path("statefulOperators").path("Rank").asInt()).isEqualTo(1);
        assertThat(topN.path("operatorStateTtl").get(0).path("ttlMs").asLong()).isZero();
        assertThat(topN.path("operatorStateTtl").get(0).path("source").asText()).isEqualTo("compiled-plan");
    }

    /**
     * Gateway and lint share one pipeline: each statement of every case this jar linted that lint judges as the
     * gateway does ({@link SqlScript#lintedAsTheGatewayJudges}) has the verdict and rule ids the guarded gateway
     * service gave it in gateway-interceptor's {@code CaseCorpusTest} of the same build ({@link GatewayVerdicts}:
     * the same guard classes, Flink and case content). client-hook's {@code GatewayLintEquivalenceIT} compares the
     * rest: the cases with a policy of their own, and those not recorded. A build whose {@code CaseCorpusTest} did
     * not run on this Flink (the 1.20 step of {@code .ci/run}) recorded nothing to compare with: skipped there.
     */
    @Test
    void givesEveryStatementTheVerdictTheGatewayServiceGaveIt() throws Exception {
        Map<String, List<JsonNode>> byFile = statementsByFile(report);
        List<String> differ = new ArrayList<>();
        int compared = 0;
        for (Path file : CaseCorpus.all()) {
            SqlScript script = SqlScript.read(file);
            Optional<List<String>> decided = GatewayVerdicts.recorded(file);
            if (!script.lintedAsTheGatewayJudges() || !script.policy().isEmpty() || decided.isEmpty()) {
                continue;
            }
            compared++;
            List<String> linted =
                    byFile.getOrDefault(file.getFileName().toString(), List.of()).stream().map(CliJarIT::verdictOf).toList();
            if (!linted.equals(decided.get())) {
                differ.add(file.getFileName() + ": lint " + linted + ", gateway " + decided.get());
            }
        }
        System.out.printf("%d cases compared with the gateway verdicts CaseCorpusTest recorded%n", compared);
        assumeTrue(compared > 0, "no gateway verdicts recorded by this build's CaseCorpusTest on Flink " + System.getProperty("flink.version"));
        assertThat(differ).as("statements lint and the gateway judge differently").isEmpty();
    }

    /**
     * The golden files of client-hook's {@code RewriteGoldenFilesTest} for the project's own cases ({@link
     * RewriteGoldens}): each case's last statement in this jar's report has the findings and proven rewrites its
     * golden file pins, on this Flink line. The corpus is linted once for both: with {@code
     * -Dsql-guard.golden.from-cli-jar=true} ({@code .ci/run}) {@code RewriteGoldenFilesTest} leaves these cases to this
     * test. {@code -Dsql-guard.golden.write=true} rewrites the files from this report; {@code RewriteGoldenFilesTest}
     * writes them too, one case at a time in process.
     */
    @Test
    void givesTheOwnCasesTheFindingsAndRewritesOfTheirGoldenFiles() throws Exception {
        Map<String, List<JsonNode>> byFile = statementsByFile(report);
        boolean flink1 = System.getProperty("flink.line").startsWith("1.");
        List<String> differ = new ArrayList<>();
        int checked = 0;
        for (String name : RewriteGoldens.corpusCases()) {
            Path file = CaseCorpus.ownDir().resolve(name + ".sql");
            assertThat(file).as("the case of golden file %s", name).isRegularFile();
            // A case with a policy of its own is not in this jar's corpus copy: RewriteGoldenFilesTest checks it.
            if (!SqlScript.read(file).policy().isEmpty()) {
                continue;
            }
            List<JsonNode> statements = byFile.get(file.getFileName().toString());
            assertThat(statements).as("statements of %s in the report", name).isNotEmpty();
            String actual = RewriteGoldens.text(last(statements));
            Path golden = RewriteGoldens.file(name, actual, flink1);
            if (Boolean.getBoolean(RewriteGoldens.WRITE)) {
                Files.writeString(golden, actual);
            }
            String expected = Files.readString(golden);
            if (!actual.equals(expected)) {
                differ.add(golden.getFileName() + ":\n" + actual);
            }
            checked++;
        }
        assertThat(checked).as("golden files checked").isGreaterThan(200);
        assertThat(differ).as("golden files this report differs from (write them with -Dsql-guard.golden.write=true,"
                + " then read the diff)").isEmpty();
    }

    @Test
    void runsFlinksSqlClientWithTheGuardsAdvisories(@TempDir Path dir) throws Exception {
        // No statement starts a job: an advisory on a SET that runs, then a SET the guard blocks.
        Path script = Files.writeString(dir.resolve("session.sql"), """
                CREATE TABLE orders (user_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');
                SET 'table.exec.state.ttl' = '3600000';
                SET 'table.exec.state.ttl' = '24';
                """);

        Run client = java(jar, "client", "-f", script.toString(), "--history", dir.resolve("history").toString());

        assertThat(client.exit()).as(client.output()).isZero();
        assertThat(client.output())
                .contains("Flink SQL Guard: guarded SQL Gateway listening at")
                .contains("[INFO] Execute statement succeeded.")
                .contains("INFO ttl-bare-number: '3600000' has no unit")
                .contains("[sql-guard] Statement blocked by policy: ttl-too-short");
    }

    /**
     * Set in the Flink 1.20 build ({@code -Pflink-1.20}) to the 2.3 CLI jar the default build left in
     * dist/target ({@code .ci/run} builds 2.3 first); the 2.3 build has no newer line to compare with.
     */
    @Test
    @EnabledIfSystemProperty(named = "sql-guard.cli.next-line.jar", matches = ".+")
    void comparesWithTheNextLineAndListsExactlyTheCasesItDecidesDifferently(@TempDir Path dir) throws Exception {
        Path next = Path.of(System.getProperty("sql-guard.cli.next-line.jar")).toAbsolutePath();
        assertThat(next).as("the 2.3 CLI jar: build the default line first (mvn -B -ntp verify), then -Pflink-1.20")
                .isRegularFile();
        Path nextReport = reportOf(next);
        Path comparison = dir.resolve("compare.json");
        Path markdown = dir.resolve("compare.md");
        // The 2.3 build's lint of this corpus with this jar, ended incomplete (3) as lint of the corpus
        // ends (startsFromAnEmptyDirectoryWithJavaAloneAndNamesItsFlink); else the 2.3 jar lints it now.
        boolean keptByTheNextLine = Files.isRegularFile(nextReport) && Files.isRegularFile(keyOf(next))
                && Files.readString(keyOf(next)).equals(key(next, 3));
        if (!keptByTheNextLine) {
            nextReport = dir.resolve("lint-next.json");
            Run nextLint = java(next, "lint", "-q", "--format", "json", "-o", nextReport.toString(), corpus.toString());
            assertThat(nextLint.exit()).as(nextLint.output()).isEqualTo(3);
        }

        Run compare = java(next, "compare", "--format", "json", "-o", comparison.toString(), report.toString(),
                nextReport.toString());
        java(next, "compare", "--format", "markdown", "-o", markdown.toString(), report.toString(), nextReport.toString());

        assertThat(compare.exit()).as(compare.output()).isEqualTo(1);
        JsonNode root = JSON.readTree(comparison.toFile());
        assertThat(root.path("before").path("flinkVersion").asText()).isEqualTo(System.getProperty("flink.version"));
        Map<String, JsonNode> differences = new TreeMap<>();
        for (JsonNode d : root.path("differences")) {
            differences.put(Path.of(d.path("file").asText()).getFileName().toString(), d);
        }
        Map<String, LineExpectations.Expectation> known = LineExpectations.of(System.getProperty("flink.line"));
        // Planned apart, decided alike: the same verdict and rules from other operators (checked below).
        Map<String, JsonNode> plannedApart = new TreeMap<>(differences);
        plannedApart.keySet().retainAll(PLANNED_APART_DECIDED_ALIKE);
        differences.keySet().removeAll(PLANNED_APART_DECIDED_ALIKE);
        assertThat(plannedApart.keySet()).as("the cases planned apart but decided alike").isEqualTo(PLANNED_APART_DECIDED_ALIKE);
        plannedApart.forEach((name, d) -> {
            assertThat(d.path("rulesAdded")).as("rules %s adds", name).isEmpty();
            assertThat(d.path("rulesRemoved")).as("rules %s removes", name).isEmpty();
            assertThat(d.path("before").path("verdict").asText()).as("%s on this line", name)
                    .isEqualTo(d.path("after").path("verdict").asText());
        });
        assertThat(differences.keySet()).as("the cases decided differently").isEqualTo(new TreeSet<>(known.keySet()));
        for (Map.Entry<String, JsonNode> e : differences.entrySet()) {
            JsonNode d = e.getValue();
            LineExpectations.Expectation expected = known.get(e.getKey());
            // The header states the 2.3 verdict (SqlScript.read would give this line's).
            List<String> headerRules = CaseCorpus.headerRules(CaseCorpus.all().stream()
                    .filter(f -> f.getFileName().toString().equals(e.getKey())).findFirst().orElseThrow());
            assertThat(d.path("before").path("verdict").asText()).as("%s on this line", e.getKey())
                    .isEqualTo(expected.verdict());
            List<String> reasons = new ArrayList<>();
            d.path("rulesAdded").forEach(r -> reasons.add(r.path("message").asText()));
            d.path("rulesRemoved").forEach(r -> reasons.add(r.path("message").asText()));
            assertThat(reasons).as("the reasons %s differs (%s)", e.getKey(), expected.why()).isNotEmpty()
                    .allSatisfy(r -> assertThat(r).isNotBlank());
            assertThat(headerRules).as("the next line's rules of %s", e.getKey())
                    .isSubsetOf(rules(d.path("after")));
        }
        assertThat(Files.readString(markdown)).contains("| `").contains("07-row-number-without-filter-business-column.sql");
    }

    /**
     * Corpus cases the two lines plan with other operators and decide alike (same verdict, same rules), so
     * cases-flink-1.20.properties does not list them: Flink 2.x plans a {@code MultiJoin}
     * ({@code table.optimizer.multi-join.enabled}) where 1.20 plans binary regular joins, and stateful-without-ttl
     * finds both.
     */
    private static final Set<String> PLANNED_APART_DECIDED_ALIKE = Set.of(
            "941-users-orders-payments-multi-join-enabled-every-input-grows.sql",
            "942-four-way-multi-join-into-sink-each-input-keeps-its-rows.sql",
            "964-orders-shipments-invoices-multi-join-into-sink-hint-per-input-rows-expire-after-stored.sql",
            "965-sessions-left-join-clicks-and-purchases-multi-join-unaliased-hint-names-the-tables.sql");

    private static List<String> rules(JsonNode side) {
        List<String> out = new ArrayList<>();
        side.path("rules").forEach(r -> out.add(r.asText()));
        return out;
    }

    /** Where the run of {@code cliJar}'s line keeps its lint report of the corpus. */
    private Path reportOf(Path cliJar) {
        return kept.resolve(cliJar.getFileName() + ".lint.json");
    }

    /** Where the run of {@code cliJar}'s line keeps the key of its report ({@link #key}). */
    private Path keyOf(Path cliJar) {
        return kept.resolve(cliJar.getFileName() + ".lint.key");
    }

    /** What a kept report was made from: lint's exit code, the SHA-256 of the jar and of the corpus copy (names and contents). */
    private String key(Path cliJar, int exit) throws IOException {
        MessageDigest corpusDigest = sha256();
        try (Stream<Path> files = Files.list(corpus)) {
            for (Path file : files.sorted().toList()) {
                corpusDigest.update((file.getFileName() + "\0").getBytes(StandardCharsets.UTF_8));
                corpusDigest.update(Files.readAllBytes(file));
                corpusDigest.update((byte) 0);
            }
        }
        MessageDigest jarDigest = sha256();
        try (var in = Files.newInputStream(cliJar)) {
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                jarDigest.update(buffer, 0, n);
            }
        }
        HexFormat hex = HexFormat.of();
        return "exit " + exit + "\njar " + hex.formatHex(jarDigest.digest()) + "\ncorpus " + hex.formatHex(corpusDigest.digest())
                + "\n";
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    /**
     * The corpus as lint reads a repository's scripts: each case's header comments blanked (line
     * numbers kept), the cases with a policy of their own left out; {@code dir} holds those files and
     * nothing else.
     */
    private static Path corpusCopy(Path dir) throws IOException {
        Files.createDirectories(dir);
        try (Stream<Path> old = Files.list(dir)) {
            for (Path file : old.toList()) {
                Files.delete(file);
            }
        }
        for (Path file : CaseCorpus.all()) {
            // A case with its own policy (-- policy:) is linted under it by client-hook's LintTest; under
            // the bundled policy its jars that do not exist would count as missing dependencies here.
            if (SqlScript.read(file).policy().isEmpty()) {
                Files.writeString(dir.resolve(file.getFileName().toString()), SqlScript.withoutHeader(Files.readString(file)));
            }
        }
        return dir;
    }

    private static Map<String, List<JsonNode>> statementsByFile(Path report) throws IOException {
        Map<String, List<JsonNode>> out = new LinkedHashMap<>();
        for (JsonNode s : JSON.readTree(report.toFile())) {
            out.computeIfAbsent(Path.of(s.path("file").asText()).getFileName().toString(), f -> new ArrayList<>()).add(s);
        }
        return out;
    }

    /** A reported statement's verdict and rule ids, as {@link GatewayVerdicts#of} writes the gateway's. */
    private static String verdictOf(JsonNode statement) {
        List<String> rules = new ArrayList<>();
        statement.path("findings").forEach(f -> rules.add(f.path("rule").asText()));
        return GatewayVerdicts.of(statement.path("verdict").asText(), rules.stream());
    }

    private static JsonNode last(List<JsonNode> statements) {
        return statements.get(statements.size() - 1);
    }

    private record Run(int exit, String output) {}

    /** {@code java -jar JAR args...} in the empty directory, without FLINK_CONF_DIR; stdout and stderr as one text. */
    private Run java(Path jarFile, String... args) throws IOException, InterruptedException {
        return java(empty, jarFile, args);
    }

    private static void git(Path repo, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString(), "-c", "user.name=t",
                "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(1, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as(String.join(" ", command) + ": " + output).isZero();
    }

    /**
     * {@code java -jar JAR args...} in {@code directory}, without FLINK_CONF_DIR, lint's class-data
     * archive kept in {@code target/cli-jar-it/class-archive}; stdout and stderr as one text.
     */
    private Run java(Path directory, Path jarFile, String... args) throws IOException, InterruptedException {
        return java(directory, List.of(), jarFile, args);
    }

    /** {@link #java(Path, Path, String...)} with JVM options before {@code -jar}. */
    private Run java(Path directory, List<String> jvmOptions, Path jarFile, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(javaCommand()));
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", jarFile.toString()));
        command.addAll(List.of(args));
        return run(directory, command);
    }

    private static String javaCommand() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * {@code command} in {@code directory} as {@link #java(Path, Path, String...)} runs the jar, with
     * {@code JAVA} and {@code JAR} in its environment naming this JVM's {@code java} and the jar.
     */
    private Run run(Path directory, List<String> command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().remove("FLINK_CONF_DIR");
        builder.environment().put("SQL_GUARD_CACHE_DIR", kept.resolve("class-archive").toString());
        builder.environment().remove("SQL_GUARD_FAST_START");
        builder.environment().remove("CLASSPATH");
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        builder.environment().put("JAVA", javaCommand());
        builder.environment().put("JAR", jar.toString());
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(10, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IllegalStateException(String.join(" ", command) + " did not end: " + output);
        }
        return new Run(process.exitValue(), output);
    }
}
