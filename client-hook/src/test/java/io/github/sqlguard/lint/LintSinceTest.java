package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.sqlguard.cli.SqlGuardCommand;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code lint --since REF} in a real git repository: the fixture repository (Kafka, upsert-kafka,
 * a Debezium topic, init scripts with a catalog and a UDF) committed, then changed in the working
 * tree as a pull request changes it. Only the changed and added scripts are linted, and only what
 * the change adds fails the run. Skipped where {@code git} is not installed.
 */
class LintSinceTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path dir;
    private Path repo;
    private Path kafkaJar;

    @BeforeEach
    void committedFixtureRepository() throws Exception {
        assumeTrue(onPath("git"), "git is needed");
        repo = dir.resolve("repo");
        Path fixture = Path.of("src/test/resources/fixture-repo");
        try (Stream<Path> files = Files.walk(fixture)) {
            for (Path from : files.toList()) {
                Path to = repo.resolve(fixture.relativize(from).toString());
                if (Files.isDirectory(from)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(from, to);
                }
            }
        }
        Files.move(UdfJar.build(dir), Files.createDirectories(repo.resolve("lib")).resolve("udfs.jar"));
        kafkaJar = Path.of(System.getProperty("sql-guard.kafka.jar",
                "target/connector-jars/flink-sql-connector-kafka-5.0.0-2.2.jar")).toAbsolutePath();
        git("init", "-q", "-b", "main");
        git("add", "-A");
        git("commit", "-q", "-m", "jobs as they run today");
        git("checkout", "-q", "-b", "change");
    }

    @Test
    void lintsTheChangedAndAddedScriptsAndFailsOnlyOnWhatTheyAdd() throws Exception {
        // Changed: the join keeps its finding (unchanged) and gains a Top-N that keeps every key (new).
        append("jobs/customer_orders.sql", """

                SELECT customer_id, order_id FROM (
                  SELECT *, ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY amount DESC) AS rn FROM orders
                ) WHERE rn <= 5;
                """);
        // Added, committed on the branch: an aggregation without a state TTL.
        Files.writeString(repo.resolve("jobs/orders_per_customer.sql"),
                "SELECT customer_id, COUNT(*) AS orders FROM orders GROUP BY customer_id;\n");
        git("add", "-A");
        git("commit", "-q", "-m", "a change under review");
        // Untouched: jobs/top_spenders.sql blocks (unbounded-rank) as it always did.
        Path json = dir.resolve("since.json");
        Path sarif = dir.resolve("since.sarif");

        int exit = lint("--since", "main", "--format", "json", "-o", json.toString());
        lint("--since", "main", "--format", "sarif", "-o", sarif.toString());

        assertThat(exit).isEqualTo(LintCommand.FINDINGS);
        Map<String, List<String>> findings = findingsByFile(json);
        assertThat(findings.keySet()).as("linted: the changed and added scripts (and the init scripts that set them up)")
                .containsExactlyInAnyOrder("init/catalog.sql", "init/tables.sql", "jobs/customer_orders.sql",
                        "jobs/orders_per_customer.sql");
        assertThat(findings.get("jobs/customer_orders.sql")).as("1.20 also keeps a ChangelogNormalize: FixtureVerdicts")
                .containsExactlyElementsOf(FixtureVerdicts.FLINK_1
                        ? List.of("stateful-without-ttl unchanged", "stateful-without-ttl unchanged", "unbounded-rank new")
                        : List.of("stateful-without-ttl unchanged", "unbounded-rank new"));
        assertThat(findings.get("jobs/orders_per_customer.sql")).containsExactly("stateful-without-ttl new");
        List<String> states = new ArrayList<>();
        for (JsonNode r : JSON.readTree(sarif.toFile()).path("runs").get(0).path("results")) {
            states.add(r.path("ruleId").asText() + " " + r.path("baselineState").asText());
        }
        List<String> expected = new ArrayList<>(List.of(
                "stateful-without-ttl unchanged", "unbounded-rank new", "stateful-without-ttl new"));
        if (FixtureVerdicts.FLINK_1) {
            expected.add("stateful-without-ttl unchanged");
        }
        assertThat(states).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void passesAChangeThatOnlyMovesAndRewordsWhatWasThereAndNamesWhatItFixed() throws Exception {
        // Changed: a new comment and line breaks; the Top-N still blocks, but it did before the change.
        Files.writeString(repo.resolve("jobs/top_spenders.sql"),
                "-- Reviewed: kept as it is until the window rewrite lands.\n\n"
                        + Files.readString(repo.resolve("jobs/top_spenders.sql")).replace("FROM (", "FROM\n  (")
                        + "\n");
        // Changed, not committed: a state TTL removes the Deduplicate's advisory (absent).
        Files.writeString(repo.resolve("jobs/latest_big_order.sql"),
                "SET 'table.exec.state.ttl' = '7 d';\n" + Files.readString(repo.resolve("jobs/latest_big_order.sql")));
        Path text = dir.resolve("since.txt");
        Path sarif = dir.resolve("since.sarif");

        int exit = lint("--since", "main", "-o", text.toString());
        lint("--since", "main", "--format", "sarif", "-o", sarif.toString());

        assertThat(exit).as(Files.readString(text)).isEqualTo(LintCommand.OK);
        assertThat(Files.readString(text))
                .doesNotContain("BLOCK unbounded-rank")
                .contains("0 blocking, 0 warnings, 0 advisories new; 1 unchanged and 1 gone since main (")
                .as("no --baseline was given: the summary names the merge base alone")
                .doesNotContain("baseline");
        List<String> states = new ArrayList<>();
        for (JsonNode r : JSON.readTree(sarif.toFile()).path("runs").get(0).path("results")) {
            String uri = r.path("locations").get(0).path("physicalLocation").path("artifactLocation").path("uri").asText();
            states.add(uri.substring(uri.indexOf("jobs/")) + " " + r.path("ruleId").asText() + " " + r.path("baselineState").asText());
        }
        assertThat(states).containsExactlyInAnyOrder(
                "jobs/top_spenders.sql unbounded-rank unchanged", "jobs/latest_big_order.sql stateful-without-ttl absent");
    }

    @Test
    void lintFixSinceTheCommittedJobWritesARewriteThatLintSinceThenLetsRestore() throws Exception {
        // Issue 30 (round 55's new user): lint --fix wrote the window Top-N, which the next lint --since refused.
        Path repo = Files.createDirectories(dir.resolve("topn"));
        Path script = Files.writeString(repo.resolve("top_products.sql"), LintRewritesOfARestoreTest.TOP_N);
        git(repo, "init", "-q", "-b", "main");
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "the job as it runs");
        // Changed in its comment only: the job is the one that runs, and --since judges it as a restore of it.
        Files.writeString(script, "-- top products per category\n" + LintRewritesOfARestoreTest.TOP_N);

        new picocli.CommandLine(new LintCommand(repo)).execute("-q", "--no-project", "--since", "main", "--fix");

        String fixed = Files.readString(script);
        assertThat(fixed).doesNotContain("TUMBLE");
        if (!FixtureVerdicts.FLINK_1) {
            assertThat(fixed).contains("SET 'table.exec.state.ttl' = '1 d';");
        }
        Path report = dir.resolve("since.txt");
        new picocli.CommandLine(new LintCommand(repo)).execute("-q", "--no-project", "--since", "main", "-o", report.toString());
        assertThat(Files.readString(report)).doesNotContain("restore-unclaimed-state");
    }

    @Test
    void lintsTheChangedSqlFilesOfARepositoryWithoutAProjectFileWhenNoPathIsGiven() throws Exception {
        // As docs/user-guide/lint-changes.md shows it, in a repository that has no sql-guard.yaml.
        Path plain = Files.createDirectories(dir.resolve("plain"));
        String table = "CREATE TABLE orders (order_id BIGINT, customer_id BIGINT, amount DOUBLE) WITH ('connector' = 'datagen');\n";
        Files.writeString(plain.resolve("changed.sql"), table);
        Files.writeString(plain.resolve("untouched.sql"), table
                + "SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY amount DESC) AS rn"
                + " FROM orders) WHERE rn <= 3;\n");
        Files.writeString(plain.resolve("README.md"), "jobs\n");
        git(plain, "init", "-q", "-b", "main");
        git(plain, "add", "-A");
        git(plain, "commit", "-q", "-m", "jobs as they run today");
        git(plain, "checkout", "-q", "-b", "change");
        Files.writeString(plain.resolve("changed.sql"), table
                + "SELECT customer_id, COUNT(*) AS orders FROM orders GROUP BY customer_id;\n");
        Files.createDirectories(plain.resolve("jobs"));
        Files.writeString(plain.resolve("jobs/added.sql"), table + "SELECT order_id, amount FROM orders WHERE amount > 10;\n");
        Files.writeString(plain.resolve("README.md"), "jobs, changed\n");
        Path json = dir.resolve("plain.json");

        int exit = new picocli.CommandLine(new LintCommand(plain))
                .execute("--since", "main", "-q", "--format", "json", "-o", json.toString());

        assertThat(exit).as("a new warning does not reach --fail-on BLOCK").isEqualTo(LintCommand.OK);
        Map<String, List<String>> findings = findingsByFile(plain, json);
        assertThat(findings.keySet()).as("the changed and added *.sql files of the repository, nothing else")
                .containsExactlyInAnyOrder("changed.sql", "jobs/added.sql");
        assertThat(findings.get("changed.sql")).containsExactly("stateful-without-ttl new");
        assertThat(findings.get("jobs/added.sql")).isEmpty();
    }

    @Test
    void asksForPathsWithoutSinceAndNamesTheCommandAsStarted() throws Exception {
        Path plain = Files.createDirectories(dir.resolve("plain"));
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream stderr = System.err;
        int exit;
        try {
            System.setErr(new java.io.PrintStream(err, true, StandardCharsets.UTF_8));
            // As the jar names its command line (SqlGuardCommand#execute, the name from this property when set).
            System.setProperty("sql-guard.command", "java -jar flink-sql-guard-cli.jar");
            exit = SqlGuardCommand.execute("lint", "--no-project");
        } finally {
            System.setErr(stderr);
            System.clearProperty("sql-guard.command");
        }

        assertThat(exit).isEqualTo(LintCommand.USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("--since GIT-REF")
                .contains("Usage: java -jar flink-sql-guard-cli.jar lint [OPTIONS] FILE|DIR...")
                .doesNotContain("sql-guard.sh");
        assertThat(plain).isEmptyDirectory();
    }

    @Test
    void refusesARevisionGitDoesNotKnow() throws Exception {
        assertThat(lint("--since", "no-such-branch")).isEqualTo(LintCommand.USAGE);
    }

    @Test
    void namesTheBranchesWhenTheDocumentedMainIsNotOne() throws Exception {
        // A new user's 'git init' names the first branch master (git's default without
        // init.defaultBranch); 'lint --since main' as the documentation writes it then said only
        // "git merge-base main HEAD failed: fatal: Not a valid object name main".
        Path plain = Files.createDirectories(dir.resolve("plain"));
        Files.writeString(plain.resolve("job.sql"), "SET 'table.exec.state.ttl' = '1 d';\n");
        git(plain, "init", "-q", "-b", "master");
        git(plain, "add", "-A");
        git(plain, "commit", "-q", "-m", "jobs");
        git(plain, "checkout", "-q", "-b", "change");
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream stderr = System.err;
        int exit;
        try {
            System.setErr(new java.io.PrintStream(err, true, StandardCharsets.UTF_8));
            exit = new picocli.CommandLine(new LintCommand(plain)).execute("--since", "main", "-q");
        } finally {
            System.setErr(stderr);
            System.clearProperty("sql-guard.command");
        }

        assertThat(exit).isEqualTo(LintCommand.USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("--since main: no revision 'main' in the git repository at ")
                .contains("its branches: change (current), master")
                .contains("e.g. --since master")
                .doesNotContain("fatal:");
    }

    @Test
    void saysWhatToDoOutsideAGitRepository() throws Exception {
        // A new user's first 'lint --since main' from a directory that is not in a repository said only
        // "git rev-parse --show-toplevel failed: fatal: not a git repository ...".
        Path plain = notARepository();

        assertThat(sinceMainFrom(plain))
                .contains("--since main: " + plain + " is not in a git working tree (")
                .contains("run lint inside the repository whose scripts it lints");
    }

    @Test
    void namesTheWorkingDirectoryOutsideAGitRepositoryByItsAbsolutePath() throws Exception {
        // lint's working directory is Path.of(""): run from outside a repository, the message said
        // "--since main:  is not in a git working tree", naming no directory.
        Path plain = notARepository();
        Path relative = Path.of("").toAbsolutePath().relativize(plain);

        assertThat(sinceMainFrom(relative))
                .contains("--since main: " + plain + " is not in a git working tree (")
                .doesNotContain("--since main: " + relative + " is");
    }

    /** A directory with a script, outside any git repository. */
    private Path notARepository() throws IOException {
        Path plain = Files.createDirectories(dir.resolve("not-a-repository"));
        Files.writeString(plain.resolve("job.sql"), "SET 'table.exec.state.ttl' = '1 d';\n");
        // The test's temporary directory is inside the build's own checkout: a .git file that points nowhere
        // stops git's search for a repository here, as a directory outside any repository would.
        Files.writeString(plain.resolve(".git"), "gitdir: " + plain.resolve("no-repository") + "\n");
        return plain;
    }

    /** Standard error of {@code lint --since main} started in {@code workingDirectory}, a usage error. */
    private static String sinceMainFrom(Path workingDirectory) {
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream stderr = System.err;
        int exit;
        try {
            System.setErr(new java.io.PrintStream(err, true, StandardCharsets.UTF_8));
            exit = new picocli.CommandLine(new LintCommand(workingDirectory))
                    .execute("--since", "main", "-q", "--no-project");
        } finally {
            System.setErr(stderr);
        }
        assertThat(exit).isEqualTo(LintCommand.USAGE);
        return err.toString(StandardCharsets.UTF_8);
    }

    private int lint(String... args) {
        List<String> command = new ArrayList<>(List.of("lint", "-q", "--project", repo.resolve(ProjectFile.NAME).toString(),
                "--jar", kafkaJar.toString()));
        command.addAll(List.of(args));
        return SqlGuardCommand.execute(command.toArray(String[]::new));
    }

    /** Each file's findings as {@code rule baselineState}, by path relative to the repository. */
    private Map<String, List<String>> findingsByFile(Path report) throws IOException {
        return findingsByFile(repo, report);
    }

    /** Each file's findings as {@code rule baselineState}, by path relative to {@code repo}. */
    private static Map<String, List<String>> findingsByFile(Path repo, Path report) throws IOException {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (JsonNode s : JSON.readTree(report.toFile())) {
            String file = repo.toAbsolutePath().relativize(Path.of(s.path("file").asText()).toAbsolutePath()).toString();
            List<String> findings = out.computeIfAbsent(file, f -> new ArrayList<>());
            for (JsonNode f : s.path("findings")) {
                findings.add(f.path("rule").asText() + " " + f.path("baselineState").asText());
            }
        }
        return out;
    }

    private void append(String file, String text) throws IOException {
        Files.writeString(repo.resolve(file), Files.readString(repo.resolve(file)) + text);
    }

    private void git(String... args) throws IOException, InterruptedException {
        git(repo, args);
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

    private static boolean onPath(String tool) {
        for (String entry : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(entry, tool))) {
                return true;
            }
        }
        return false;
    }
}
