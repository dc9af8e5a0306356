package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.cli.SqlGuardCommand;

import org.apache.flink.runtime.util.EnvironmentInformation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Issue 30 under {@code lint --restores-from} ({@code --since}: {@code LintSinceTest}) (round 55's new user): a rewrite of a
 * statement that restores its previous version's state is judged as that restore too, by the check the
 * statement gets. An unbounded Top-N unchanged since its job ran: its window Top-N rewrite replaces the
 * {@code Rank} (Flink would refuse the savepoint: restore-unclaimed-state), its state TTL keeps it (Flink
 * 2.2+ migrates the state to a TTL on restore; {@code state-changes/05-ttl-enabled}). lint shows and
 * {@code --fix} writes the TTL, and the fixed script restores; without a base, the window Top-N comes first
 * as before. On Flink 1.20, which fails that restore too, neither restores: nothing is written.
 */
class LintRewritesOfARestoreTest {

    private static final boolean FLINK_1 = EnvironmentInformation.getVersion().startsWith("1.");

    static final String TOP_N = """
            CREATE TABLE sales (
              sale_id BIGINT,
              category STRING,
              product STRING,
              price DECIMAL(10, 2),
              ts TIMESTAMP(3),
              WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
            ) WITH ('connector' = 'datagen', 'rows-per-second' = '20');
            CREATE TABLE top_products (category STRING, product STRING, price DECIMAL(10, 2), rn BIGINT)
              WITH ('connector' = 'blackhole');
            INSERT INTO top_products
            SELECT category, product, price, rn FROM (
              SELECT category, product, price,
                     ROW_NUMBER() OVER (PARTITION BY category ORDER BY price DESC) AS rn
              FROM sales
            ) WHERE rn <= 5;
            """;

    @TempDir Path dir;

    @Test
    void theRewriteShownAndWrittenUnderARestoreIsTheOneThatRestores() throws Exception {
        Path old = Files.writeString(dir.resolve("old.sql"), TOP_N);
        Path now = Files.writeString(dir.resolve("top_products.sql"), TOP_N);

        String plain = stdout("lint", now.toString());
        String restoring = stdout("lint", "--restores-from", old.toString(), now.toString());

        // Without a base, the structural rewrite first, as lint always showed it.
        assertThat(plain).contains("rewrite (window-top-n, proven in this session)");
        assertThat(restoring).contains("restore: restores (from the savepoint of the job of " + Linter.display(old) + ")");
        if (FLINK_1) {
            // Neither rewrite restores on 1.20 (it fails a TTL switched on too): the structural one stays first, and says so.
            assertThat(restoring).contains("it does not restore the savepoint of the job of " + Linter.display(old));
        } else {
            assertThat(restoring).contains("rewrite (session-state-ttl, proven in this session)")
                    .doesNotContain("rewrite (window-top-n").doesNotContain("it does not restore");
        }

        // The JSON report carries whether the rewrite shown restores, for a consumer to filter on.
        com.fasterxml.jackson.databind.JsonNode report = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(stdout("lint", "--format", "json", "--restores-from", old.toString(), now.toString()));
        assertThat(report.findValues("rewrite")).isNotEmpty()
                .allSatisfy(rewrite -> assertThat(rewrite.path("restores").isBoolean()).isTrue())
                .anySatisfy(rewrite -> assertThat(rewrite.path("restores").asBoolean()).isEqualTo(!FLINK_1));

        lint("--restores-from", old.toString(), "--fix", now.toString());

        String fixed = Files.readString(now);
        assertThat(fixed).doesNotContain("TUMBLE");
        if (FLINK_1) {
            assertThat(fixed).as("no rewrite restores on 1.20: none written").isEqualTo(TOP_N);
        } else {
            assertThat(fixed).contains("SET 'table.exec.state.ttl' = '1 d';");
            assertThat(stdout("lint", "--restores-from", old.toString(), now.toString()))
                    .contains("restore: restores (from the savepoint of the job of " + Linter.display(old) + ")")
                    .doesNotContain("BLOCK restore-");
        }
    }

    private static String stdout(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            lint(args);
        } finally {
            System.setOut(stdout);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static int lint(String... args) {
        List<String> command = new ArrayList<>(List.of(args));
        if (!command.get(0).equals("lint")) {
            command.add(0, "lint");
        }
        command.addAll(1, List.of("-q", "--no-project"));
        return SqlGuardCommand.execute(command.toArray(String[]::new));
    }
}
