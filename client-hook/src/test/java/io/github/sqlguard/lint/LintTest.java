package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.cli.SqlGuardCommand;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.testing.CaseCorpus;
import io.github.sqlguard.testing.SqlScript;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/** {@code sql-guard.sh lint} over the shared case corpus and over bad input. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LintTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Path cases;
    private LintRun corpus;
    /** The runs of the cases with a {@code -- policy:} header, by the directory each was linted from. */
    private final Map<Path, LintRun> policyRuns = new LinkedHashMap<>();
    /** Each linted file's source case, by file name. */
    private final Map<String, Path> sources = new HashMap<>();

    /**
     * Lints the shared corpus as files, each with its header (the leading {@code -- expect:} comment
     * block, test metadata) blanked as the gateway corpus test does: Flink's own parser refuses an
     * unquoted {@code SET} after a comment, so the header would otherwise be linted as part of the
     * first statement. Line numbers are kept. A case with a {@code -- policy:} header (a shared one,
     * and the project's own cases that have one) is linted with those options as lint's configuration
     * (what {@code --conf-dir}'s config.yaml or {@code -D} give), one run per distinct policy.
     */
    @BeforeAll
    void lintTheCorpus(@TempDir Path dir) throws Exception {
        cases = Files.createDirectories(dir.resolve("cases"));
        Map<Map<String, String>, List<Path>> byPolicy = new LinkedHashMap<>();
        for (Path file : CaseCorpus.scripts(CaseCorpus.sharedDir())) {
            byPolicy.computeIfAbsent(SqlScript.read(file).policy(), p -> new ArrayList<>()).add(file);
        }
        for (Path file : CaseCorpus.scripts(CaseCorpus.ownDir())) {
            SqlScript script = SqlScript.read(file);
            if (!script.policy().isEmpty()) {
                byPolicy.computeIfAbsent(script.policy(), p -> new ArrayList<>()).add(file);
            }
        }
        int run = 0;
        for (Map.Entry<Map<String, String>, List<Path>> group : byPolicy.entrySet()) {
            Path groupDir = group.getKey().isEmpty() ? cases : Files.createDirectories(dir.resolve("policy-" + run++));
            for (Path file : group.getValue()) {
                Files.writeString(groupDir.resolve(file.getFileName().toString()), SqlScript.withoutHeader(Files.readString(file)));
                sources.put(file.getFileName().toString(), file);
            }
            Configuration config = Configuration.fromMap(group.getKey());
            // Two scripts at a time, as lint does on two cores: the verdicts are those of one at a time.
            LintRun linted =
                    new Linter(() -> new LintEngine(config), null, List.of(), ScriptFilter.ALL_SQL, 2).run(List.of(groupDir));
            if (group.getKey().isEmpty()) {
                corpus = linted;
            } else {
                policyRuns.put(groupDir, linted);
            }
        }
    }

    @AfterAll
    void noLeftovers() {
        corpus = null;
        policyRuns.clear();
    }

    @Test
    void givesEachCaseTheVerdictOfItsFlinkLine() throws Exception {
        assertThat(corpus.problems()).isEmpty();
        assertVerdicts(cases, corpus, 25);
    }

    @Test
    void givesEachCaseWithAPolicyHeaderTheVerdictUnderThatPolicy() throws Exception {
        assertThat(policyRuns).as("runs of cases with a -- policy: header").isNotEmpty();
        for (Map.Entry<Path, LintRun> run : policyRuns.entrySet()) {
            assertThat(run.getValue().problems()).isEmpty();
            assertVerdicts(run.getKey(), run.getValue(), 1);
        }
    }

    private void assertVerdicts(Path dir, LintRun linted, int atLeast) throws Exception {
        List<Path> files;
        try (Stream<Path> list = Files.list(dir)) {
            files = list.filter(p -> p.toString().endsWith(".sql")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(atLeast);
        Map<String, List<LintedStatement>> byFile = new LinkedHashMap<>();
        linted.statements().forEach(s -> byFile.computeIfAbsent(s.file(), f -> new ArrayList<>()).add(s));
        for (Path file : files) {
            // The header's verdict, or this build's Flink line's where it decides otherwise (LineExpectations).
            SqlScript expected = SqlScript.read(sources.get(file.getFileName().toString()));
            List<LintedStatement> statements = byFile.get(Linter.display(file));
            assertThat(statements).as("statements of %s", file).isNotEmpty();
            LintedStatement last = statements.get(statements.size() - 1);
            assertThat(last.verdict()).as("verdict of %s", file).isEqualTo(expected.expectedVerdict());
            assertThat(last.findings()).extracting(LintFinding::ruleId).as("rules of %s", file)
                    .containsAll(expected.expectedRules())
                    .noneMatch(expected.absentRules()::contains);
            assertThat(statements.subList(0, statements.size() - 1)).as("setup of %s", file)
                    .filteredOn(s -> !expected.refusedSetupAllowed(s.findings().stream().map(LintFinding::ruleId).toList()))
                    .allSatisfy(s -> assertThat(s.verdict()).isNotEqualTo("BLOCK"));
        }
    }

    @Test
    void writesSarifThatValidatesAgainstTheSarif210Schema() throws Exception {
        String sarif = write(LintFormat.SARIF, corpus);
        JsonNode document = JSON.readTree(sarif);
        JsonSchema schema;
        try (InputStream in = getClass().getResourceAsStream("/sarif-2.1.0-rtm.5.json")) {
            schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V4).getSchema(in);
        }
        Set<ValidationMessage> errors = schema.validate(document);
        assertThat(errors).isEmpty();
        assertThat(document.path("runs").get(0).path("tool").path("driver").has("semanticVersion"))
                .as("classes outside a jar claim no version (SARIF's semanticVersion is optional)").isFalse();

        JsonNode results = document.path("runs").get(0).path("results");
        assertThat(results).isNotEmpty();
        JsonNode topN = null;
        for (JsonNode r : results) {
            String uri = r.path("locations").get(0).path("physicalLocation").path("artifactLocation").path("uri").asText();
            if (uri.endsWith("03-top-n-business-column.sql")) {
                topN = r;
            }
        }
        assertThat(topN).isNotNull();
        assertThat(topN.path("ruleId").asText()).isEqualTo("unbounded-rank");
        assertThat(topN.path("level").asText()).isEqualTo("error");
        assertThat(topN.path("locations").get(0).path("physicalLocation").path("region").path("startLine").asInt())
                .isEqualTo(11);
    }

    @Test
    void placesEveryFindingAtItsLineAndColumnInTheFileInEveryFormat() throws Exception {
        // Case 25: the STATE_TTL hint is on line 11 of the file (line 1 of its statement), column 12. A
        // finding about the hint is placed there; 1.20's ttl-hint-ignored diagnoses Flink's refusal of the
        // query, which names no position, so it is at the statement (cases-flink-1.20.properties).
        String file = Linter.display(cases.resolve("25-state-ttl-hint-bare-number.sql"));
        List<LintFinding> hints = corpus.statements().stream().filter(s -> s.file().equals(file))
                .flatMap(s -> s.findings().stream()).toList();
        List<String> rules = SqlScript.read(CaseCorpus.sharedDir().resolve("25-state-ttl-hint-bare-number.sql")).expectedRules();
        assertThat(hints).extracting(LintFinding::ruleId).containsAll(rules);
        assertThat(hints).filteredOn(f -> f.finding().node().startsWith("STATE_TTL(")).extracting(LintFinding::ruleId)
                .contains("ttl-bare-number");
        List<String> positions = new ArrayList<>();
        for (LintFinding f : hints) {
            boolean atHint = f.finding().node().startsWith("STATE_TTL(");
            if (atHint) {
                assertThat(f.finding().node()).isEqualTo("STATE_TTL('orders' = '24') at line 11");
            }
            // A reason that quotes the hint (ttl-too-short's "from STATE_TTL(...) at line N") quotes the file's line.
            assertThat(f.finding().reason()).as(f.ruleId()).doesNotContain("STATE_TTL('orders' = '24') at line 1)")
                    .doesNotContain("STATE_TTL('orders' = '24') at line 1,")
                    .doesNotContain("24 ms (24 ms,");
            assertThat(f.line()).isEqualTo(11);
            assertThat(f.column()).as(f.ruleId()).isEqualTo(atHint ? 12 : 1);
            positions.add(f.line() + ":" + f.column());
        }

        String text = write(LintFormat.TEXT, corpus);
        String github = write(LintFormat.GITHUB, corpus);
        for (LintFinding f : hints) {
            assertThat(text).contains(file + ":" + f.line() + ":" + f.column() + ": " + f.label() + " " + f.ruleId() + ":");
            if (f.level() == Level.BLOCK) {
                assertThat(github).contains("::error file=" + file + ",line=" + f.line() + ",col=" + f.column()
                        + ",title=sql-guard " + f.ruleId() + "::");
            }
        }
        assertThat(text).contains("    at:  STATE_TTL('orders' = '24') at line 11")
                .doesNotContain("STATE_TTL('orders' = '24') at line 1\n");
        JsonNode json = null;
        for (JsonNode s : JSON.readTree(write(LintFormat.JSON, corpus))) {
            if (s.path("file").asText().equals(file) && s.path("kind").asText().equals("QUERY")) {
                json = s;
            }
        }
        assertThat(json).isNotNull();
        assertThat(json.path("line").asInt()).isEqualTo(11);
        List<String> jsonPositions = new ArrayList<>();
        json.path("findings").forEach(f -> jsonPositions.add(f.path("line").asInt() + ":" + f.path("column").asInt()));
        assertThat(jsonPositions).isEqualTo(positions);
        List<String> sarifPositions = new ArrayList<>();
        for (JsonNode r : JSON.readTree(write(LintFormat.SARIF, corpus)).path("runs").get(0).path("results")) {
            JsonNode physical = r.path("locations").get(0).path("physicalLocation");
            if (physical.path("artifactLocation").path("uri").asText().endsWith("25-state-ttl-hint-bare-number.sql")) {
                sarifPositions.add(physical.path("region").path("startLine").asInt() + ":"
                        + physical.path("region").path("startColumn").asInt());
            }
        }
        assertThat(sarifPositions).isEqualTo(positions);

        // A WITH option is placed at its key; a validation error at the object it names.
        String options = Linter.display(cases.resolve("27-state-ttl-option-then-query.sql"));
        assertThat(write(LintFormat.TEXT, corpus))
                .contains(options + ":10:59: WARN ttl-not-a-table-option:")
                .contains("(WITH, line 10)");
    }

    @Test
    void linksEachSarifRuleToItsPageUnderTheDocsBaseUrl(@TempDir Path dir) throws Exception {
        Path script = Files.writeString(dir.resolve("hint.sql"), Files.readString(cases.resolve("25-state-ttl-hint-bare-number.sql")));
        Path out = dir.resolve("report.sarif");

        SqlGuardCommand.execute("lint", "-q", "--format", "sarif", "-o", out.toString(),
                "-D", "sql-guard.docs-base-url=https://docs.example.com/guard", script.toString());

        JsonNode rules = JSON.readTree(out.toFile()).path("runs").get(0).path("tool").path("driver").path("rules");
        assertThat(rules).isNotEmpty().allSatisfy(r -> assertThat(r.path("helpUri").asText())
                .isEqualTo("https://docs.example.com/guard/docs/rules/" + r.path("id").asText() + ".md"));
        JsonNode defaults = JSON.readTree(write(LintFormat.SARIF, corpus)).path("runs").get(0).path("tool").path("driver")
                .path("rules").get(0);
        assertThat(defaults.path("helpUri").asText())
                .isEqualTo("https://github.com/sql-guard/flink-sql-guard/blob/main/docs/rules/" + defaults.path("id").asText() + ".md");
    }

    @Test
    void aRewriteThatAnswersTwoFindingsOfAStatementIsWrittenOutOnceInTheTextReport(@TempDir Path dir) throws Exception {
        // '24' is both ttl-too-short (24 ms) and ttl-bare-number; both are answered by SET ... = '24 h'.
        Path script = Files.writeString(dir.resolve("ttl.sql"), "SET 'table.exec.state.ttl' = '24';\n");

        String text = write(LintFormat.TEXT, new Linter(() -> new LintEngine(new Configuration()), null).run(List.of(script)));

        assertThat(text).contains("ttl-too-short").contains("ttl-bare-number");
        // The rewrite's SQL, indented under "rewrite", once (the fix names the same SET in its sentence).
        assertThat(text.split("\n      SET 'table.exec.state.ttl' = '24 h';", -1)).as(text).hasSize(2);
        assertThat(text).contains("the same statements as the rewrite shown above under ttl-")
                // Written out once, its header names the other finding it answers (issue 30, round 68).
                .containsPattern("rewrite \\(ttl-unit, proven in this session; it answers ttl-[a-z-]+ on [^)]+ too\\):");
    }

    @Test
    void progressLinesNameAPreviousVersionByItsLabelNotItsScratchFile(@TempDir Path dir) throws Exception {
        // Round 55's new user: lint --since printed "[1/6] /tmp/sql-guard-since.../jobs/topn.sql".
        Path scratch = Files.createDirectories(dir.resolve("sql-guard-since123/jobs"));
        Path old = Files.writeString(scratch.resolve("topn.sql"), "SET 'parallelism.default' = '1';\n");
        List<Path> inputs = new ArrayList<>(List.of(old));
        for (String name : List.of("topn", "a", "b", "c")) {
            inputs.add(Files.writeString(dir.resolve(name + ".sql"), "SET 'parallelism.default' = '2';\n"));
        }
        java.io.ByteArrayOutputStream progress = new java.io.ByteArrayOutputStream();

        new Linter(() -> new LintEngine(new Configuration()), new java.io.PrintStream(progress, true))
                .run(inputs, Map.of(Linter.display(inputs.get(1)),
                        new Linter.PreviousVersion(Linter.display(old), "jobs/topn.sql at main (3f2a1c9)")));

        assertThat(progress.toString())
                .contains("sql-guard lint: [1/5] jobs/topn.sql at main (3f2a1c9)")
                .doesNotContain("sql-guard-since123");
    }

    @Test
    void keepsSarifFingerprintsWhenLinesMoveAndTellsRepeatedFindingsApart(@TempDir Path dir) throws Exception {
        String table = "CREATE TABLE t (k STRING, v BIGINT) WITH ('connector' = 'datagen');\n";
        String query = "SELECT k, COUNT(*) FROM t GROUP BY k;\n";
        Path before = Files.writeString(dir.resolve("before.sql"), table + query + query);
        Path after = Files.writeString(dir.resolve("after.sql"),
                "-- a new header\n\n" + table + "\n" + query.replace(" FROM", "\n  FROM") + "-- moved\n" + query);

        LintRun run = new Linter(() -> new LintEngine(new Configuration()), null).run(List.of(before, after));
        JsonNode results = JSON.readTree(write(LintFormat.SARIF, run)).path("runs").get(0).path("results");

        Map<String, List<String>> byFile = new LinkedHashMap<>();
        Map<String, List<Integer>> lines = new LinkedHashMap<>();
        for (JsonNode r : results) {
            JsonNode physical = r.path("locations").get(0).path("physicalLocation");
            String uri = physical.path("artifactLocation").path("uri").asText();
            String name = uri.substring(uri.lastIndexOf('/') + 1);
            byFile.computeIfAbsent(name, f -> new ArrayList<>())
                    .add(r.path("ruleId").asText() + " " + r.path("partialFingerprints").path(Fingerprints.KEY).asText());
            lines.computeIfAbsent(name, f -> new ArrayList<>()).add(physical.path("region").path("startLine").asInt());
        }
        assertThat(byFile.get("before.sql")).hasSize(2).doesNotHaveDuplicates();
        assertThat(byFile.get("after.sql")).isEqualTo(byFile.get("before.sql"));
        assertThat(lines.get("before.sql")).containsExactly(2, 3);
        assertThat(lines.get("after.sql")).containsExactly(5, 8);
    }

    @Test
    void writesOneJsonObjectPerStatement() throws Exception {
        JsonNode array = JSON.readTree(write(LintFormat.JSON, corpus));
        assertThat(array).hasSize(corpus.statements().size());
        JsonNode warned = null;
        for (JsonNode s : array) {
            if (s.path("file").asText().endsWith("19-group-aggregate-without-ttl.sql") && s.path("kind").asText().equals("QUERY")) {
                warned = s;
            }
        }
        assertThat(warned).isNotNull();
        assertThat(warned.path("line").asInt()).isEqualTo(11);
        assertThat(warned.path("verdict").asText()).isEqualTo("WARN");
        JsonNode finding = warned.path("findings").get(0);
        assertThat(finding.path("rule").asText()).isEqualTo("stateful-without-ttl");
        assertThat(finding.path("level").asText()).isEqualTo("WARN");
        assertThat(finding.path("message").asText()).contains("GroupAggregate");
        assertThat(finding.path("fix").asText()).isNotBlank();
    }

    @Test
    void exitsByTheHighestFindingAndFailOn(@TempDir Path dir) throws Exception {
        Path clean = Files.writeString(dir.resolve("clean.sql"), "SET 'table.exec.state.ttl' = '1 d';\nSHOW TABLES;\n");
        Path warned = Files.writeString(dir.resolve("warned.sql"),
                "CREATE TABLE t (id STRING) WITH ('connector' = 'datagen', 'state.ttl' = '1 h');\n");
        Path out = dir.resolve("report.txt");

        assertThat(SqlGuardCommand.execute("lint", "-q", "-o", out.toString(), clean.toString())).isEqualTo(0);
        assertThat(Files.readString(out)).contains("1 file, 2 statements: 0 blocking, 0 warnings, 0 advisories");
        assertThat(SqlGuardCommand.execute("lint", "-q", "-o", out.toString(), warned.toString())).isEqualTo(0);
        assertThat(Files.readString(out)).contains(Linter.display(warned) + ":1:59: WARN ttl-not-a-table-option");
        assertThat(SqlGuardCommand.execute("lint", "-q", "--fail-on", "warn", "-o", out.toString(), warned.toString()))
                .isEqualTo(LintCommand.FINDINGS);
        assertThat(SqlGuardCommand.execute("lint", "-q", "--format", "nope", clean.toString())).isEqualTo(LintCommand.USAGE);
    }

    @Test
    void reportsASyntaxErrorWhereItIsAndLintsTheRest(@TempDir Path dir) throws Exception {
        Path script = Files.writeString(dir.resolve("broken.sql"),
                "SET 'table.exec.state.ttl' = '24';\n"
                        + "-- a comment\n"
                        + "SELECT 1 FROM\n  WHERE x;\n"
                        + "SET 'table.exec.state.ttl' = '1 h';\n");
        Path out = dir.resolve("report.txt");

        int exit = SqlGuardCommand.execute("lint", "-q", "--format", "github", "-o", out.toString(), script.toString());

        String report = Files.readString(out);
        assertThat(exit).isEqualTo(LintCommand.FINDINGS);
        String file = Linter.display(script);
        assertThat(report)
                .contains("::error file=" + file + ",line=1,col=1,title=sql-guard ttl-too-short::")
                .contains("::warning file=" + file + ",line=1,col=1,title=sql-guard ttl-bare-number::")
                .contains("::error file=" + file + ",line=4,col=3,title=sql-guard planner-error::")
                .contains("SQL parse failed.").contains("at line 3, column 3")
                .contains("(Flink's position is within the statement: line 3, column 3; in the file: line 4, column 3.)");
        assertThat(report.lines().filter(l -> l.contains("line=5"))).isEmpty();
    }

    @Test
    void reportsMissingAndUnreadableInputsAndStillLintsTheOthers(@TempDir Path dir) throws Exception {
        Path good = Files.writeString(dir.resolve("good.sql"), "SHOW TABLES;\n");
        Path locked = Files.createDirectories(dir.resolve("locked"));
        Files.writeString(locked.resolve("hidden.sql"), "SHOW TABLES;\n");
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
        Path out = dir.resolve("report.txt");
        try {
            int exit = SqlGuardCommand.execute("lint", "-q", "-o", out.toString(), dir.resolve("missing.sql").toString(),
                    locked.toString(), good.toString());

            assertThat(exit).isEqualTo(LintCommand.INCOMPLETE);
            String report = Files.readString(out);
            assertThat(report).contains(Linter.display(dir.resolve("missing.sql")) + ": error: no such file or directory");
            if (!Files.isReadable(locked)) { // root reads any directory
                assertThat(report).contains(Linter.display(locked) + ": error: cannot read the directory");
                assertThat(report).contains("1 file, 1 statement:");
            } else {
                assertThat(report).contains("2 files, 2 statements");
            }
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
        }
    }

    private static String write(LintFormat format, LintRun run) {
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            format.write(run, out);
        }
        return text.toString();
    }
}
