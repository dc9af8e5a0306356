package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.cli.SqlGuardCommand;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Round 55's new user (finding 5): a finding and the restore of the same statement name one operator by one id.
 * Lint numbered a script's plans on from its first planning (the statements before, and the rewrites proven for
 * them, moved the count: {@code Rank[40]}), while the restore's changes name the operators of the job as it runs
 * ({@code Rank[5]}). Each statement's plan is numbered 1..n as its job names its operators ({@code PlanNodeIds}).
 */
class LintRestoreNodeIdsTest {

    private static final String TABLES = "CREATE TABLE sales (sale_id BIGINT, category STRING, product STRING,"
            + " price DECIMAL(10, 2)) WITH ('connector' = 'datagen');\n\n"
            + "CREATE TABLE totals (category STRING, n BIGINT) WITH ('connector' = 'blackhole');\n\n"
            + "CREATE TABLE top_products (category STRING, product STRING, price DECIMAL(10, 2), rn BIGINT)"
            + " WITH ('connector' = 'blackhole');\n\n"
            // A statement planned (and its rewrites proven) before the Top-N.
            + "INSERT INTO totals SELECT category, COUNT(*) FROM sales GROUP BY category;\n\n";

    private static String topN(int n) {
        return TABLES + "INSERT INTO top_products SELECT category, product, price, rn FROM ("
                + " SELECT category, product, price, ROW_NUMBER() OVER (PARTITION BY category ORDER BY price DESC) AS rn"
                + " FROM sales) WHERE rn <= " + n + ";\n";
    }

    @TempDir Path dir;

    @Test
    void theFindingAndTheRestoreOfAStatementNameItsOperatorByTheSameId() throws Exception {
        Path old = Files.writeString(dir.resolve("old.sql"), topN(5));
        Path now = Files.writeString(dir.resolve("new.sql"), topN(10));
        Path json = dir.resolve("report.json");

        SqlGuardCommand.execute("lint", "-q", "--no-project", "--restores-from", old.toString(), now.toString(),
                "--format", "json", "-o", json.toString());

        JsonNode report = new ObjectMapper().readTree(json.toFile());
        JsonNode topN = report.get(report.size() - 1);
        JsonNode rank = null;
        for (JsonNode finding : topN.path("findings")) {
            if (finding.path("rule").asText().equals("unbounded-rank")) {
                rank = finding;
            }
        }
        assertThat(rank).as("unbounded-rank on the Top-N: %s", topN).isNotNull();
        String changes = topN.path("restore").path("changes").toString();
        Matcher restored = Pattern.compile("CHANGED_MEANING Rank\\[(\\d+)] -> Rank\\[(\\d+)]").matcher(changes);
        assertThat(restored.find()).as(changes).isTrue();
        assertThat(rank.path("planNode").asInt()).as("the finding's node is the operator that restores the state")
                .isEqualTo(Integer.parseInt(restored.group(2)));
        assertThat(rank.path("node").asText()).startsWith("Rank[" + restored.group(2) + "](");
    }
}
