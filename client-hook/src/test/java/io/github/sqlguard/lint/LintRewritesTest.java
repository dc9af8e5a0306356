package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.cli.SqlGuardCommand;
import io.github.sqlguard.statement.ScriptSplitter;
import io.github.sqlguard.testing.CaseCorpus;
import io.github.sqlguard.testing.SqlScript;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Issue 23's "done when" for lint: every shared case whose last statement is BLOCK or WARN with a
 * finding of a rule the rewrites answer gets a verified rewrite in {@code lint --format json}, and
 * linting the case's setup followed by that rewrite gives no BLOCK and not the original rule.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LintRewritesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The rules of issue 23's table ({@code rewrite.RewriteFamilies}). */
    private static final Set<String> REWRITTEN = Set.of(
            "unbounded-rank", "global-rank", "dedup-not-recognized", "row-number-without-order-by", "over-order-desc",
            "unbounded-over-aggregate", "rn-filter-in-same-select", "frame-with-row-number", "rank-function-unsupported",
            "sort-non-time", "ttl-bare-number", "ttl-too-short", "ttl-not-a-table-option", "ttl-hint-ignored",
            "stateful-without-ttl", "on-conflict-required", "ttl-unknown-key", "unquoted-set-after-comment");

    /** Shared case 03 with a comment over the Top-N. */
    private static final String TOP_N_SCRIPT = "CREATE TABLE orders (\n"
            + "  order_id STRING,\n"
            + "  user_id STRING,\n"
            + "  amount DOUBLE,\n"
            + "  order_time TIMESTAMP(3),\n"
            + "  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND\n"
            + ") WITH ('connector' = 'datagen', 'rows-per-second' = '10');\n"
            + "\n"
            + "-- the top 3 orders per user\n"
            + "SELECT * FROM (\n"
            + "  SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn FROM orders\n"
            + ") t WHERE rn <= 3;\n";

    /**
     * Findings of those rules for which no rewrite applies, each with why: offering one would change
     * the statement's meaning without fixing the finding.
     */
    private static final Map<String, String> NO_REWRITE = noRewrite();

    private static Map<String, String> noRewrite() {
        Map<String, String> out = new HashMap<>();
        out.put("40-order-by-limit-append-only.sql global-rank",
                "the largest rows of the whole stream so far: the window Top-N of global-rank would rank per window (another"
                        + " result) and still hold each window in one partition");
        return out;
    }

    private LintEngine engine;
    private final List<Path> cases = new ArrayList<>();

    @BeforeAll
    void start() throws Exception {
        engine = new LintEngine(new Configuration());
        cases.addAll(CaseCorpus.scripts(CaseCorpus.sharedDir()));
    }

    @AfterAll
    void stop() {
        engine.close();
    }

    @Test
    void everyBlockOrWarnFindingOfTheFamiliesGetsAVerifiedRewriteThatLintsWithoutIt() throws Exception {
        List<String> missing = new ArrayList<>();
        List<String> failing = new ArrayList<>();
        int verified = 0;
        for (Path file : cases) {
            String text = SqlScript.withoutHeader(Files.readString(file));
            JsonNode report = json(engine.lint(file.getFileName().toString(), text));
            JsonNode last = report.get(report.size() - 1);
            List<String> setup = setupOf(text);
            for (JsonNode finding : last.path("findings")) {
                String rule = finding.path("rule").asText();
                String level = finding.path("level").asText();
                if (!REWRITTEN.contains(rule) || !(level.equals("BLOCK") || level.equals("WARN"))
                        || NO_REWRITE.containsKey(file.getFileName() + " " + rule)) {
                    continue;
                }
                JsonNode rewrite = finding.path("rewrite");
                if (!rewrite.path("verified").asBoolean()) {
                    missing.add(file.getFileName() + " " + level + " " + rule);
                    continue;
                }
                verified++;
                String script = String.join(";\n", setup) + (setup.isEmpty() ? "" : ";\n") + rewrite.path("sql").asText();
                JsonNode relinted = json(engine.lint(file.getFileName() + " rewritten", script));
                List<String> after = new ArrayList<>();
                relinted.forEach(s -> s.path("findings").forEach(f -> after.add(f.path("level").asText() + " "
                        + f.path("rule").asText())));
                List<String> lastRules = new ArrayList<>();
                relinted.get(relinted.size() - 1).path("findings").forEach(f -> lastRules.add(f.path("rule").asText()));
                if (after.stream().anyMatch(f -> f.startsWith("BLOCK ")) || lastRules.contains(rule)) {
                    failing.add(file.getFileName() + " " + rule + "/" + rewrite.path("family").asText() + ": " + after);
                }
            }
        }
        assertThat(verified).isPositive();
        assertThat(missing).as("BLOCK or WARN findings of the families without a verified rewrite").isEmpty();
        assertThat(failing).as("rewrites that lint with a BLOCK or the original rule").isEmpty();
    }

    @Test
    void jsonRewriteCarriesTheStatementItsOperatorsColumnsAndChange() throws Exception {
        Path file = cases.stream().filter(p -> p.getFileName().toString().startsWith("03-")).findFirst().orElseThrow();
        JsonNode report = json(engine.lint(file.getFileName().toString(), SqlScript.withoutHeader(Files.readString(file))));

        JsonNode rewrite = report.get(report.size() - 1).path("findings").get(0).path("rewrite");

        assertThat(rewrite.path("family").asText()).isEqualTo("window-top-n");
        assertThat(rewrite.path("verified").asBoolean()).isTrue();
        assertThat(rewrite.path("sql").asText()).contains("TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '5' MINUTE)")
                .endsWith(";");
        assertThat(rewrite.path("operators")).extracting(JsonNode::asText).containsExactly("WindowRank");
        assertThat(rewrite.path("columns").asText()).isEqualTo("window_start, window_end added");
        assertThat(rewrite.path("changes").asText()).contains("per 5 min TUMBLE window");
    }

    @Test
    void fixWritesTheProvenRewriteIntoTheScriptKeepingEverythingElse(@TempDir Path dir) throws Exception {
        Path script = Files.writeString(dir.resolve("top-n.sql"), TOP_N_SCRIPT);

        assertThat(SqlGuardCommand.execute("lint", "-q", "--fix", "-o",
                dir.resolve("report.txt").toString(), script.toString())).isEqualTo(LintCommand.FINDINGS);

        String fixed = Files.readString(script);
        assertThat(fixed).startsWith(TOP_N_SCRIPT.substring(0, TOP_N_SCRIPT.indexOf("-- the top 3")))
                .contains("-- the top 3 orders per user\nSELECT * FROM (")
                .contains("PARTITION BY window_start, window_end, user_id ORDER BY amount DESC")
                .contains("FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '5' MINUTE))")
                .endsWith(") t WHERE rn <= 3;\n");
        // The fixed script lints clean of BLOCK findings.
        assertThat(SqlGuardCommand.execute("lint", "-q", "-o", dir.resolve("again.txt").toString(),
                script.toString())).isEqualTo(LintCommand.OK);
    }

    /**
     * Round 43's new user: a bare {@code '24'} state TTL above a Top-N. Fixed to {@code '24 h'}, the TTL bounds
     * the Top-N, whose own proven rewrite (a window Top-N, another result) was made in a session without it:
     * one pass writes the SET's fix only, names the Top-N's as left for the next pass, and the next lint finds
     * nothing to fix.
     */
    @Test
    void fixStopsAfterAFixThatChangesTheSessionTheNextStatementsWereJudgedIn(@TempDir Path dir) throws Exception {
        String script = "SET 'table.exec.state.ttl' = '24';\n" + TOP_N_SCRIPT;
        Path file = Files.writeString(dir.resolve("ttl-and-top-n.sql"), script);
        LintRun run = new LintRun(List.of(file.toString()), engine.lint(file.toString(), script), List.of());
        assertThat(run.statements()).filteredOn(s -> LintFixes.rewriteOf(s).isPresent()).hasSize(2);

        List<LintFixes> fixes = LintFixes.of(run);

        assertThat(fixes).hasSize(1);
        assertThat(fixes.get(0).hunks()).hasSize(1);
        assertThat(fixes.get(0).fixed()).startsWith("SET 'table.exec.state.ttl' = '24 h';\n")
                .endsWith(TOP_N_SCRIPT);
        assertThat(fixes.get(0).deferredNote()).hasValueSatisfying(note -> assertThat(note)
                .contains("1 proven rewrite(s) not written, of the statement(s) at line 11")
                .contains("the fix at line 1 changes the session they were judged in"));
        fixes.get(0).write();
        String fixed = Files.readString(file);
        LintRun again = new LintRun(List.of(file.toString()), engine.lint(file.toString(), fixed), List.of());
        assertThat(LintFixes.of(again)).isEmpty();
    }

    /**
     * Round 54's new user: {@code --fix} wrote an all-time Top-3 as a Top-3 per 5-minute window, and said only "wrote 1
     * proven rewrite(s)". It now names each rewrite it writes with what it changes and its columns.
     */
    @Test
    void fixSaysWhatEachRewriteItWritesChanges(@TempDir Path dir) throws Exception {
        Path script = Files.writeString(dir.resolve("top-n.sql"), TOP_N_SCRIPT);
        LintRun run = new LintRun(List.of(script.toString()), engine.lint(script.toString(), TOP_N_SCRIPT), List.of());

        List<LintFixes> fixes = LintFixes.of(run);

        assertThat(fixes).hasSize(1);
        assertThat(fixes.get(0).writtenNotes()).singleElement().satisfies(note -> assertThat(note)
                .startsWith("sql-guard lint: " + script + ":" + fixes.get(0).hunks().get(0).finding().line() + ":"
                        + fixes.get(0).hunks().get(0).finding().column() + ": wrote the window-top-n rewrite; changes: ")
                .contains("per 5 min TUMBLE window")
                .endsWith("; columns: window_start, window_end added"));
    }

    /**
     * Round 55's new user (finding 9): a TTL in a table's options, moved into a {@code SET} before the {@code CREATE
     * TABLE}. The text report's rewrite has the {@code SET} above the statement's leading comment; {@code --fix} and
     * {@code --diff} wrote it below, so that the comment then sat over the {@code SET}; and standard error named the
     * statement's first code line where the report names the finding's own line and column. One placement for all
     * (SARIF's fix too), and the finding's place: for the first statement of a script and for one after another.
     */
    @Test
    void fixPutsAMovedSetWhereTheReportShowsItAndNamesTheFindingsPlace(@TempDir Path dir) throws Exception {
        String orders = "-- orders joined with their shipments\n"
                + "CREATE TABLE orders (\n"
                + "  order_id STRING,\n"
                + "  amount DOUBLE\n"
                + ") WITH (\n"
                + "  'connector' = 'datagen',\n"
                + "  'state.ttl' = '1 h'\n"
                + ");\n";
        String shipments = "CREATE TABLE shipments (order_id STRING) WITH ('connector' = 'datagen');\n\n";
        for (String script : List.of(orders, shipments + orders)) {
            Path file = Files.writeString(dir.resolve("orders_shipments.sql"), script);
            LintRun run = new LintRun(List.of(file.toString()), engine.lint(file.toString(), script), List.of());
            LintedStatement create = run.statements().get(run.statements().size() - 1);
            LintFinding finding = create.findings().stream().filter(f -> f.ruleId().equals("ttl-not-a-table-option"))
                    .findFirst().orElseThrow();
            String shown = LintRewrites.withoutLastSemicolon(create.rewriteOf(finding).orElseThrow().sql());
            assertThat(shown).as("the text report's rewrite").startsWith("SET 'table.exec.state.ttl' = '1 h';\n"
                    + "-- orders joined with their shipments\nCREATE TABLE orders (");

            List<LintFixes> fixes = LintFixes.of(run);

            assertThat(fixes).singleElement().satisfies(fix -> {
                assertThat(fix.fixed()).isEqualTo(script.substring(0, script.indexOf("-- orders")) + shown + ";\n");
                assertThat(fix.writtenNotes()).singleElement().asString()
                        .startsWith("sql-guard lint: " + file + ":" + finding.line() + ":" + finding.column()
                                + ": wrote the ttl-as-job-setting rewrite");
            });
            assertThat(finding.line()).as("the option's line").isEqualTo(script.lines().toList().indexOf("  'state.ttl' = '1 h'") + 1);
            StringWriter sarif = new StringWriter();
            try (PrintWriter out = new PrintWriter(sarif)) {
                LintFormat.SARIF.write(run, out);
            }
            JsonNode replacement = JSON.readTree(sarif.toString()).path("runs").get(0).path("results").findValue("replacements")
                    .get(0);
            assertThat(replacement.path("deletedRegion").path("startLine").asInt())
                    .isEqualTo(script.lines().toList().indexOf("-- orders joined with their shipments") + 1);
            assertThat(replacement.path("deletedRegion").path("startColumn").asInt()).isEqualTo(1);
            assertThat(replacement.path("insertedContent").path("text").asText()).isEqualTo(shown);
        }
    }

    @Test
    void diffShowsTheReplacedLinesAndLeavesTheScriptAlone(@TempDir Path dir) throws Exception {
        Path script = Files.writeString(dir.resolve("top-n.sql"), TOP_N_SCRIPT);
        LintRun run = new LintRun(List.of(script.toString()), engine.lint(script.toString(), TOP_N_SCRIPT), List.of());

        List<LintFixes> fixes = LintFixes.of(run);
        StringWriter text = new StringWriter();
        StringWriter notes = new StringWriter();
        try (PrintWriter out = new PrintWriter(text); PrintWriter noted = new PrintWriter(notes)) {
            fixes.forEach(f -> f.diff(out, noted));
        }

        assertThat(fixes).hasSize(1);
        assertThat(notes.toString()).isEmpty();
        // Only the line that changes, with three lines of context, as diff -u writes it: the statement's first and
        // last lines, which the rewrite keeps, are context, not removed and added again.
        assertThat(text.toString())
                .startsWith("--- " + script + "\n+++ " + script + "\n@@ -8,5 +8,5 @@\n")
                .contains(" -- the top 3 orders per user\n SELECT * FROM (\n")
                .contains(" ) t WHERE rn <= 3;")
                .doesNotContain("-SELECT * FROM (").doesNotContain("+SELECT * FROM (")
                .contains("-  SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC)"
                        + " AS rn FROM orders\n")
                .contains("+  SELECT window_start, window_end, order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY"
                        + " window_start, window_end, user_id ORDER BY amount DESC) AS rn FROM TABLE(TUMBLE(TABLE orders,"
                        + " DESCRIPTOR(order_time), INTERVAL '5' MINUTE))\n");
        assertThat(Files.readString(script)).isEqualTo(TOP_N_SCRIPT);
    }

    /**
     * The diff's header names a script as {@code git diff} does where its path is relative ({@code a/x.sql},
     * {@code b/x.sql}), and as given where it is absolute, as {@code diff -u} does: before, {@code a//tmp/x.sql}.
     * Either applies with {@code patch -p1} (an absolute path's from {@code /}), as the lint guide says.
     */
    @Test
    void diffNamesTheScriptSoThatPatchP1AppliesIt(@TempDir Path dir) throws Exception {
        Path script = Files.writeString(dir.resolve("top-n.sql"), TOP_N_SCRIPT);
        assertThat(LintFixes.named(script, "a/")).isEqualTo(script.toString()).doesNotContain("//");
        assertThat(LintFixes.named(Path.of("jobs", "top-n.sql"), "b/")).isEqualTo("b/jobs/top-n.sql");

        LintRun run = new LintRun(List.of(script.toString()), engine.lint(script.toString(), TOP_N_SCRIPT), List.of());
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text); PrintWriter notes = new PrintWriter(new StringWriter())) {
            LintFixes.of(run).forEach(f -> f.diff(out, notes));
        }
        assertThat(text.toString()).startsWith("--- " + script + "\n+++ " + script + "\n");
        Path patch = Path.of("/usr/bin/patch");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(patch), "GNU patch to apply the diff");
        Path diff = Files.writeString(dir.resolve("fix.diff"), text.toString());
        Process applied = new ProcessBuilder(patch.toString(), "-p1", "-d", "/", "-i", diff.toString())
                .redirectErrorStream(true).start();
        String said = new String(applied.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(applied.waitFor()).as(said).isZero();
        assertThat(Files.readString(script)).isNotEqualTo(TOP_N_SCRIPT).contains("TABLE(TUMBLE(TABLE orders");
    }

    /**
     * {@code git apply}, which the lint guide names beside {@code patch -p1}, takes the diff: it refuses a hunk without
     * context lines (as {@code diff -U0} wrote them before) unless given {@code --unidiff-zero}.
     */
    @Test
    void gitAppliesTheDiff(@TempDir Path dir) throws Exception {
        Path git = Path.of("/usr/bin/git");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(git), "git to apply the diff");
        Path script = Files.writeString(dir.resolve("top-n.sql"), TOP_N_SCRIPT);
        LintRun run = new LintRun(List.of(script.toString()), engine.lint(script.toString(), TOP_N_SCRIPT), List.of());
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text); PrintWriter notes = new PrintWriter(new StringWriter())) {
            LintFixes.of(run).forEach(f -> f.diff(out, notes));
        }
        // As lint names a script given by a path relative to the repository: a/top-n.sql, b/top-n.sql.
        String relative = text.toString().replace("--- " + script, "--- a/top-n.sql").replace("+++ " + script, "+++ b/top-n.sql");
        Path diff = Files.writeString(dir.resolve("fix.diff"), relative);
        for (List<String> command : List.of(List.of(git.toString(), "init", "-q"),
                List.of(git.toString(), "apply", diff.toString()))) {
            Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
            String said = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertThat(process.waitFor()).as(command + ": " + said).isZero();
        }
        assertThat(Files.readString(script)).contains("TABLE(TUMBLE(TABLE orders").contains("-- the top 3 orders per user\n");
    }

    /**
     * SARIF fixes and GitHub suggestions are what {@code lint --fix} writes in one pass: one fix per statement
     * (a {@code SET '2'} is both ttl-too-short and ttl-bare-number, each answered by the same rewrite: two
     * replacements of one region before), and none for a statement judged in the session a fix above it changes
     * (accepting both would write the aggregation's TTL beside the SET fixed above it).
     */
    @Test
    void reportsOfferOneFixPerStatementAndNoneAfterAFixThatChangesTheSession(@TempDir Path dir) throws Exception {
        String script = "SET 'table.exec.state.ttl' = '2';\n\n"
                + "CREATE TABLE clicks (user_id STRING, url STRING) WITH ('connector' = 'datagen');\n\n"
                + "SELECT user_id, COUNT(*) AS n FROM clicks GROUP BY user_id;\n";
        Path file = Files.writeString(dir.resolve("clicks.sql"), script);
        LintRun run = new LintRun(List.of(file.toString()), engine.lint(file.toString(), script), List.of());
        LintedStatement set = run.statements().get(0);
        assertThat(set.findings().stream().filter(f -> set.rewriteOf(f).isPresent()).count()).isGreaterThan(1);
        LintedStatement query = run.statements().get(run.statements().size() - 1);
        assertThat(query.findings().stream().anyMatch(f -> query.rewriteOf(f).isPresent())).isTrue();

        StringWriter sarif = new StringWriter();
        try (PrintWriter out = new PrintWriter(sarif)) {
            LintFormat.SARIF.write(run, out);
        }
        List<Integer> fixedLines = new ArrayList<>();
        for (JsonNode result : JSON.readTree(sarif.toString()).path("runs").get(0).path("results")) {
            result.path("fixes").forEach(fix -> fixedLines.add(
                    result.path("locations").get(0).path("physicalLocation").path("region").path("startLine").asInt()));
        }
        assertThat(fixedLines).containsExactly(1);

        StringWriter github = new StringWriter();
        try (PrintWriter out = new PrintWriter(github)) {
            LintFormat.GITHUB.write(run, out);
        }
        assertThat(github.toString().split("```suggestion", -1)).hasSize(2);
    }

    /**
     * An advisory whose fix is configuration text ({@code '86400000'}, 1 d as meant, INFO ttl-bare-number) gets that
     * fix as a proven rewrite, and {@code --fix} writes it: before, it was shown and never written.
     */
    @Test
    void fixWritesTheUnitOfAnAdvisedBareTtl(@TempDir Path dir) throws Exception {
        String script = "SET 'table.exec.state.ttl' = '86400000';\n";
        Path file = Files.writeString(dir.resolve("ttl.sql"), script);
        LintRun run = new LintRun(List.of(file.toString()), engine.lint(file.toString(), script), List.of());
        assertThat(run.statements().get(0).findings()).singleElement()
                .satisfies(f -> assertThat(f.level()).isEqualTo(io.github.sqlguard.rules.Level.INFO));
        for (LintFixes fix : LintFixes.of(run)) {
            fix.write();
        }
        assertThat(Files.readString(file)).isEqualTo("SET 'table.exec.state.ttl' = '1 d';\n");
    }

    /**
     * A rewrite repeats the statement, its {@code OPTIONS} hint included: lint's reports (text, JSON,
     * SARIF, GitHub annotations) show the hint's secret as {@code '****'}, SARIF carries no fix and
     * GitHub no suggestion block for such a rewrite (either would print the secret, or write {@code
     * '****'} into the file), {@code --diff} leaves its hunk out and says so (a patch prints the lines as they
     * are), and {@code --fix} still writes the rewrite, secret and all, into the file.
     */
    @Test
    void reportsMaskARewritesSecretAndOnlyTheFixWritesIt(@TempDir Path dir) throws Exception {
        String script = "CREATE TABLE orders (user_id STRING, amount AS CHAR_LENGTH(user_id), order_time AS"
                + " CAST(CURRENT_TIMESTAMP AS TIMESTAMP(3)), WATERMARK FOR order_time AS order_time) WITH ('connector' ="
                + " 'filesystem', 'path' = '" + dir.resolve("orders") + "', 'format' = 'raw');\n\n"
                + "SELECT * FROM (\n  SELECT user_id, amount, order_time, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY"
                + " amount DESC) AS rn\n  FROM orders /*+ OPTIONS('partition.default-name' = 'https://u:S3CR3T-LINT@h/x') */\n"
                + ") t WHERE rn <= 3;\n";
        Path file = Files.writeString(dir.resolve("top-n.sql"), script);
        LintRun run = new LintRun(List.of(file.toString()), engine.lint(file.toString(), script), List.of());
        assertThat(run.statements().get(run.statements().size() - 1).findings()).isNotEmpty();

        for (LintFormat format : LintFormat.values()) {
            StringWriter text = new StringWriter();
            try (PrintWriter out = new PrintWriter(text)) {
                format.write(run, out);
            }
            assertThat(text.toString()).as(format.name()).doesNotContain("S3CR3T-LINT");
            if (format == LintFormat.JSON || format == LintFormat.TEXT) {
                assertThat(text.toString()).as(format.name()).contains("'partition.default-name' = '****'");
            }
            if (format == LintFormat.SARIF) {
                assertThat(text.toString()).doesNotContain("\"fixes\"");
            }
            if (format == LintFormat.GITHUB) {
                assertThat(text.toString()).doesNotContain("```suggestion").contains("lint --fix");
            }
        }

        // --diff: a patch prints the lines it removes and adds as they are, so the hunk is left out and named.
        StringWriter diff = new StringWriter();
        StringWriter notes = new StringWriter();
        try (PrintWriter out = new PrintWriter(diff); PrintWriter noted = new PrintWriter(notes)) {
            LintFixes.of(run).forEach(f -> f.diff(out, noted));
        }
        assertThat(diff.toString()).as("--diff").doesNotContain("S3CR3T-LINT").doesNotContain("@@");
        assertThat(notes.toString()).contains(file + ":3: the proven rewrite of this statement is not in the diff")
                .contains("lint --fix").doesNotContain("S3CR3T-LINT");

        for (LintFixes fix : LintFixes.of(run)) {
            fix.write();
        }
        assertThat(Files.readString(file)).contains("SET 'table.exec.state.ttl' = '1 d';\nSELECT * FROM (")
                .contains("OPTIONS('partition.default-name' = 'https://u:S3CR3T-LINT@h/x')");
    }

    /** The statements before the last, as written. */
    private static List<String> setupOf(String text) {
        List<String> statements = new ArrayList<>();
        ScriptSplitter.split(text).forEach(s -> statements.add(s.text()));
        return statements.subList(0, statements.size() - 1);
    }

    private static JsonNode json(List<LintedStatement> statements) throws Exception {
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            LintFormat.JSON.write(new LintRun(List.of(), statements, List.of()), out);
        }
        return JSON.readTree(text.toString());
    }
}
