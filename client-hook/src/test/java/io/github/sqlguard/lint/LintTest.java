package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.cli.SqlGuardCommand;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
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
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/** {@code sql-guard.sh lint} over the shared case corpus and over bad input. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LintTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path cases = Path.of(System.getProperty("sql-guard.cases.dir", "../../shared/cases"));
    private LintRun corpus;

    @BeforeAll
    void lintTheCorpus() {
        corpus = new Linter(() -> new LintEngine(new Configuration()), null).run(List.of(cases));
    }

    @AfterAll
    void noLeftovers() {
        corpus = null;
    }

    @Test
    void givesEachCaseTheVerdictOfItsHeader() throws Exception {
        List<Path> files;
        try (Stream<Path> list = Files.list(cases)) {
            files = list.filter(p -> p.toString().endsWith(".sql")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(25);
        assertThat(corpus.problems()).isEmpty();
        Map<String, List<LintedStatement>> byFile = new LinkedHashMap<>();
        corpus.statements().forEach(s -> byFile.computeIfAbsent(s.file(), f -> new ArrayList<>()).add(s));
        for (Path file : files) {
            String header = Files.readAllLines(file).stream().filter(l -> l.startsWith("-- expect:")).findFirst()
                    .orElseThrow().substring("-- expect:".length()).strip();
            List<String> words = Arrays.asList(header.split("\\s+"));
            List<LintedStatement> statements = byFile.get(Linter.display(file));
            assertThat(statements).as("statements of %s", file).isNotEmpty();
            LintedStatement last = statements.get(statements.size() - 1);
            assertThat(last.verdict()).as("verdict of %s", file).isEqualTo(words.get(0));
            assertThat(last.findings()).extracting(LintFinding::ruleId).as("rules of %s", file)
                    .containsAll(words.subList(1, words.size()));
            assertThat(statements.subList(0, statements.size() - 1)).as("setup of %s", file)
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
        assertThat(Files.readString(out)).contains(Linter.display(warned) + ":1:1: WARN ttl-not-a-table-option");
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
                .contains("SQL parse failed.").contains("at line 3, column 3");
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

            assertThat(exit).isEqualTo(LintCommand.UNREADABLE_INPUT);
            String report = Files.readString(out);
            assertThat(report).contains(Linter.display(dir.resolve("missing.sql")) + ": error: no such file or directory");
            if (!Files.isReadable(locked)) { // root reads any directory
                assertThat(report).contains(Linter.display(locked) + ": error: cannot read the directory");
                assertThat(report).contains("1 file, 1 statements");
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
