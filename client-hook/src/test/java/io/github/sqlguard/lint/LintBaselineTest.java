package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.cli.SqlGuardCommand;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code lint --baseline FILE}: the findings an earlier report lists (JSON or SARIF, matched by file
 * and fingerprint) are accepted, as SQLFluff's and Atlas's users keep a baseline of known issues;
 * only new findings fail the run, and SARIF marks every result new, unchanged or absent.
 */
class LintBaselineTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String TABLE = "CREATE TABLE orders (user_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');\n";
    private static final String TOP_N = "SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC)"
            + " AS rn FROM orders) WHERE rn <= 3;\n";
    private static final String COUNT = "SELECT user_id, COUNT(*) FROM orders GROUP BY user_id;\n";
    private static final String SUM = "SELECT user_id, SUM(amount) FROM orders GROUP BY user_id;\n";

    @Test
    void failsOnlyOnFindingsTheBaselineDoesNotListAndMarksEachResult(@TempDir Path dir) throws Exception {
        Path script = Files.writeString(dir.resolve("job.sql"), TABLE + TOP_N + COUNT);
        Path json = dir.resolve("baseline.json");
        Path sarif = dir.resolve("baseline.sarif");
        assertThat(SqlGuardCommand.execute("lint", "-q", "--no-project", "--format", "json", "-o", json.toString(),
                script.toString())).isEqualTo(LintCommand.FINDINGS);
        SqlGuardCommand.execute("lint", "-q", "--no-project", "--format", "sarif", "-o", sarif.toString(), script.toString());

        // The known Top-N stays, moved down by a comment; the COUNT goes; a SUM comes.
        Files.writeString(script, "-- known issue: the Top-N is rewritten next quarter\n" + TABLE + TOP_N + SUM);
        Path out = dir.resolve("after.sarif");
        Path text = dir.resolve("after.txt");
        int againstJson = SqlGuardCommand.execute("lint", "-q", "--no-project", "--baseline", json.toString(),
                "--format", "sarif", "-o", out.toString(), script.toString());
        int againstSarif = SqlGuardCommand.execute("lint", "-q", "--no-project", "--baseline", sarif.toString(),
                "-o", text.toString(), script.toString());
        int warnFails = SqlGuardCommand.execute("lint", "-q", "--no-project", "--baseline", json.toString(),
                "--fail-on", "WARN", "-o", dir.resolve("warn.txt").toString(), script.toString());

        assertThat(againstJson).as("the BLOCK is the baseline's").isEqualTo(LintCommand.OK);
        assertThat(againstSarif).isEqualTo(LintCommand.OK);
        assertThat(warnFails).as("the SUM's warning is new").isEqualTo(LintCommand.FINDINGS);
        List<String> states = new ArrayList<>();
        for (JsonNode r : JSON.readTree(out.toFile()).path("runs").get(0).path("results")) {
            states.add(r.path("ruleId").asText() + " " + r.path("baselineState").asText() + " line "
                    + r.path("locations").get(0).path("physicalLocation").path("region").path("startLine").asInt());
        }
        assertThat(states).containsExactlyInAnyOrder(
                "unbounded-rank unchanged line 3", "stateful-without-ttl new line 4", "stateful-without-ttl absent line 3");
        assertThat(Files.readString(text))
                .contains("WARN stateful-without-ttl").doesNotContain("BLOCK unbounded-rank")
                .contains("0 blocking, 1 warning, 0 advisories new; 1 unchanged and 1 gone since the baseline " + sarif);
    }

    @Test
    void refusesABaselineThatIsNotAReport(@TempDir Path dir) throws Exception {
        Path script = Files.writeString(dir.resolve("job.sql"), TABLE);
        Path notAReport = Files.writeString(dir.resolve("notes.json"), "{\"hello\": 1}");

        assertThat(SqlGuardCommand.execute("lint", "-q", "--no-project", "--baseline", notAReport.toString(), script.toString()))
                .isEqualTo(LintCommand.USAGE);
        assertThat(SqlGuardCommand.execute("lint", "-q", "--no-project", "--baseline", dir.resolve("none.json").toString(),
                script.toString())).isEqualTo(LintCommand.USAGE);
    }
}
