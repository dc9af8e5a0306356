package io.github.sqlguard.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.cli.SqlGuardCommand;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code compare} on two small reports written as lint writes them ({@code --format json}): the
 * statement the two Flink lines decide differently is listed with what differs and the rules'
 * reasons, in each format; the statements they agree on are not. The corpus of both lines' real
 * jars is compared in dist's {@code CliJarIT}.
 */
class CompareCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Case 07 as Flink 1.20 decides it: the planner refuses the OVER ordered by a non-time column. */
    private static final String OLD = """
            [
              {"file":"cases/07.sql","line":1,"column":1,"kind":"DDL","verdict":"OK","findings":[],"fingerprint":"a",
               "flinkVersion":"1.20.0","statefulOperators":{},"operatorStateTtl":[],"flinkRefusal":null},
              {"file":"cases/07.sql","line":11,"column":1,"kind":"QUERY","verdict":"BLOCK","fingerprint":"b",
               "findings":[{"rule":"over-order-non-time","level":"BLOCK","message":"Streaming OVER windows in this Flink version must be ordered by a time attribute.","line":11,"column":1,"fingerprint":"f1"}],
               "flinkVersion":"1.20.0","statefulOperators":{},"operatorStateTtl":[],
               "flinkRefusal":"OVER windows' ordering in stream mode must be defined on a time attribute."},
              {"file":"cases/19.sql","line":5,"column":1,"kind":"QUERY","verdict":"WARN","fingerprint":"c",
               "findings":[{"rule":"stateful-without-ttl","level":"WARN","message":"GroupAggregate keeps state per key.","line":5,"column":1,"fingerprint":"f2"}],
               "flinkVersion":"1.20.0","statefulOperators":{"GroupAggregate":1},
               "operatorStateTtl":[{"operator":"GroupAggregate[3]","state":"groupAggregateState","ttlMs":0,"source":"compiled-plan"}],"flinkRefusal":null}
            ]
            """;

    /**
     * The same statements on Flink 2.3: an OverAggregate that keeps every row; case 19's aggregate
     * is the same, under another ExecNode id (each line's planner numbers its own nodes).
     */
    private static final String NEW = OLD.replace("1.20.0", "2.3.0").replace("GroupAggregate[3]", "GroupAggregate[5]")
            .replace("""
                    "verdict":"BLOCK","fingerprint":"b",
                       "findings":[{"rule":"over-order-non-time","level":"BLOCK","message":"Streaming OVER windows in this Flink version must be ordered by a time attribute.","line":11,"column":1,"fingerprint":"f1"}],
                       "flinkVersion":"2.3.0","statefulOperators":{},"operatorStateTtl":[],
                       "flinkRefusal":"OVER windows' ordering in stream mode must be defined on a time attribute."}""",
                    """
                    "verdict":"BLOCK","fingerprint":"b",
                       "findings":[{"rule":"unbounded-over-aggregate","level":"BLOCK","message":"This OVER window is ordered by amount ASC, which is not a time attribute: Flink keeps every row of each partition.","line":11,"column":1,"fingerprint":"f3"}],
                       "flinkVersion":"2.3.0","statefulOperators":{"OverAggregate":1},"operatorStateTtl":[{"operator":"OverAggregate","state":"overState","ttlMs":0,"source":"compiled-plan"}],
                       "flinkRefusal":null}""");

    @Test
    void listsTheStatementTheLinesDecideDifferentlyWithTheRulesReasons(@TempDir Path dir) throws Exception {
        assertThat(NEW).contains("unbounded-over-aggregate").doesNotContain("over-order-non-time");
        Path before = Files.writeString(dir.resolve("flink-1.20.json"), OLD);
        Path after = Files.writeString(dir.resolve("flink-2.3.json"), NEW);
        Path text = dir.resolve("upgrade.txt");

        int exit = SqlGuardCommand.execute("compare", before.toString(), after.toString(), "-o", text.toString());

        assertThat(exit).isEqualTo(CompareCommand.DIFFERENT);
        assertThat(Files.readString(text))
                .contains("(Flink 1.20.0)").contains("(Flink 2.3.0): 1 of 3 statements differ, in 1 file(s):")
                .contains("cases/07.sql:11: QUERY")
                .contains("verdict: BLOCK over-order-non-time -> BLOCK unbounded-over-aggregate")
                .contains("refused by Flink: yes: OVER windows' ordering in stream mode must be defined on a time attribute. -> no")
                .contains("stateful operators: none -> OverAggregate")
                .contains("state TTL: none -> OverAggregate.overState = 0 (never expires)")
                .contains("- over-order-non-time (BLOCK, Flink 1.20.0): Streaming OVER windows")
                .contains("+ unbounded-over-aggregate (BLOCK, Flink 2.3.0): This OVER window is ordered by amount ASC")
                .doesNotContain("cases/19.sql");
    }

    /** A changed job judged by {@code lint --since}: restores in one report, cannot restore in the other. */
    private static final String RESTORES = """
            [
              {"file":"jobs/agg.sql","line":3,"column":1,"kind":"INSERT","verdict":"OK","findings":[],"fingerprint":"d",
               "flinkVersion":"2.3.0","statefulOperators":{"GroupAggregate":1},"operatorStateTtl":[],"flinkRefusal":null,
               "restore":{"from":"savepoint of the job of jobs/agg.sql at main (0fc1063)","outcome":"restores",
                          "unclaimedOperators":[],"changes":[],"rules":[]}}
            ]
            """;

    @Test
    void saysWhereAStatementsRestoreChangedClass(@TempDir Path dir) throws Exception {
        Path before = Files.writeString(dir.resolve("before.json"), RESTORES);
        Path after = Files.writeString(dir.resolve("after.json"), RESTORES
                .replace("\"outcome\":\"restores\"", "\"outcome\":\"cannot restore\"")
                .replace("\"unclaimedOperators\":[]", "\"unclaimedOperators\":[\"[3]:GroupAggregate(groupBy=[k])\"]"));
        Path text = dir.resolve("restore.txt");
        Path json = dir.resolve("restore.json");
        Path markdown = dir.resolve("restore.md");

        int exit = SqlGuardCommand.execute("compare", before.toString(), after.toString(), "-o", text.toString());
        SqlGuardCommand.execute("compare", before.toString(), after.toString(), "--format", "json", "-o", json.toString());
        SqlGuardCommand.execute("compare", before.toString(), after.toString(), "--format", "markdown", "-o", markdown.toString());

        assertThat(exit).isEqualTo(CompareCommand.DIFFERENT);
        assertThat(Files.readString(text)).contains("jobs/agg.sql:3: INSERT").contains("restore: restores -> cannot restore");
        JsonNode difference = JSON.readTree(json.toFile()).path("differences").get(0);
        assertThat(difference.path("changed").toString()).contains("restore");
        assertThat(difference.path("before").path("restore").asText()).isEqualTo("restores");
        assertThat(difference.path("after").path("restore").asText()).isEqualTo("cannot restore");
        assertThat(Files.readString(markdown)).contains("restore: restores → cannot restore");
        assertThat(SqlGuardCommand.execute("compare", before.toString(), before.toString(), "-o", text.toString()))
                .isEqualTo(CompareCommand.SAME);
    }

    @Test
    void writesTheDifferencesAsJsonAndAsAMarkdownTable(@TempDir Path dir) throws Exception {
        Path before = Files.writeString(dir.resolve("old.json"), OLD);
        Path after = Files.writeString(dir.resolve("new.json"), NEW);
        Path json = dir.resolve("upgrade.json");
        Path markdown = dir.resolve("upgrade.md");

        SqlGuardCommand.execute("compare", "--format", "json", "-o", json.toString(), before.toString(), after.toString());
        SqlGuardCommand.execute("compare", "--format", "markdown", "-o", markdown.toString(), before.toString(), after.toString());

        JsonNode root = JSON.readTree(json.toFile());
        assertThat(root.path("before").path("flinkVersion").asText()).isEqualTo("1.20.0");
        assertThat(root.path("statements").asInt()).isEqualTo(3);
        assertThat(root.path("differences")).hasSize(1);
        JsonNode d = root.path("differences").get(0);
        assertThat(d.path("file").asText()).isEqualTo("cases/07.sql");
        assertThat(d.path("changed")).extracting(JsonNode::asText)
                .containsExactly("rules", "flinkRefusal", "statefulOperators", "operatorStateTtl");
        assertThat(d.path("rulesAdded").get(0).path("rule").asText()).isEqualTo("unbounded-over-aggregate");
        assertThat(d.path("rulesAdded").get(0).path("message").asText()).contains("keeps every row");
        assertThat(d.path("rulesRemoved").get(0).path("rule").asText()).isEqualTo("over-order-non-time");
        assertThat(d.path("before").path("flinkRefusal").asText()).contains("must be defined on a time attribute");
        assertThat(d.path("after").path("flinkRefusal").isNull()).isTrue();

        assertThat(Files.readString(markdown))
                .contains("### Flink SQL Guard: Flink 1.20.0 → 2.3.0")
                .contains("| Statement | Flink 1.20.0 | Flink 2.3.0 | What differs, and why |")
                .contains("| `cases/07.sql:11` QUERY | BLOCK over-order-non-time | BLOCK unbounded-over-aggregate | Flink 1.20.0"
                        + " refuses it: OVER windows' ordering in stream mode must be defined on a time attribute.<br>")
                .contains("+`unbounded-over-aggregate`: This OVER window");
    }

    @Test
    void agreesWithItselfAndRefusesWhatIsNotAJsonReport(@TempDir Path dir) throws Exception {
        Path report = Files.writeString(dir.resolve("report.json"), OLD);
        Path sarif = Files.writeString(dir.resolve("report.sarif"), "{\"version\":\"2.1.0\",\"runs\":[]}");
        Path out = dir.resolve("out.txt");

        assertThat(SqlGuardCommand.execute("compare", "-o", out.toString(), report.toString(), report.toString()))
                .isEqualTo(CompareCommand.SAME);
        assertThat(Files.readString(out)).contains("0 of 3 statements differ.");
        assertThat(SqlGuardCommand.execute("compare", report.toString(), dir.resolve("missing.json").toString()))
                .isEqualTo(CompareCommand.USAGE);
        assertThat(SqlGuardCommand.execute("compare", report.toString(), sarif.toString())).isEqualTo(CompareCommand.USAGE);
    }
}
