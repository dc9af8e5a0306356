package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * Scripts linted several at a time ({@code --jobs}) give the report one at a time gives: the same
 * statements in file order, the same verdicts, findings, proven rewrites and plan node ids (each
 * script's nodes numbered from 1 whatever the other engines plan meanwhile), the same problems.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LinterJobsTest {

    private static final String TOP_N =
            "CREATE TABLE clicks (user_id BIGINT, url STRING, amount DOUBLE) WITH ('connector' = 'datagen');\n\n"
                    + "SELECT * FROM (SELECT user_id, url, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn"
                    + " FROM clicks) WHERE rn <= 3;\n";

    private static final String GROUP_BY =
            "CREATE TABLE orders (customer_id BIGINT, amount DOUBLE) WITH ('connector' = 'datagen');\n\n"
                    + "SELECT customer_id, SUM(amount) AS total FROM orders GROUP BY customer_id;\n\n"
                    + "SELECT customer_id, COUNT(*) AS n FROM orders GROUP BY customer_id;\n";

    private static final String JOIN =
            "CREATE TABLE a (k BIGINT, v STRING) WITH ('connector' = 'datagen');\n\n"
                    + "CREATE TABLE b (k BIGINT, w STRING) WITH ('connector' = 'datagen');\n\n"
                    + "SELECT a.k, v, w FROM a JOIN b ON a.k = b.k;\n";

    private static final String BAD_TTL = "SET 'table.exec.state.ttl' = '24';\n\n" + GROUP_BY;

    private static final String REFUSED = "SELECT * FROM no_such_table;\n";

    private Path scripts;

    @BeforeAll
    void scripts(@TempDir Path dir) throws Exception {
        scripts = Files.createDirectories(dir.resolve("scripts"));
        String[] texts = {TOP_N, GROUP_BY, JOIN, BAD_TTL, REFUSED, GROUP_BY + "\n" + TOP_N.replace("clicks", "clicks2")};
        for (int i = 0; i < texts.length; i++) {
            Files.writeString(scripts.resolve(String.format("%02d.sql", i)), texts[i]);
        }
        // Not UTF-8: a problem of the run, reported in its place.
        Files.write(scripts.resolve("03a-latin1.sql"), "SELECT 'caf\u00e9';\n".getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void reportsWhatOneAtATimeReportsWithTwoScriptsAtOnce() {
        AtomicInteger engines = new AtomicInteger();
        LintRun alone = new Linter(() -> new LintEngine(new Configuration()), null, List.of(), ScriptFilter.ALL_SQL, 1)
                .run(List.of(scripts));
        LintRun together = new Linter(() -> {
            engines.incrementAndGet();
            return new LintEngine(new Configuration());
        }, null, List.of(), ScriptFilter.ALL_SQL, 2).run(List.of(scripts));

        assertThat(engines).hasValueBetween(1, 2);
        assertThat(together.files()).isEqualTo(alone.files());
        assertThat(together.problems()).isEqualTo(alone.problems()).hasSize(1);
        assertThat(json(together)).isEqualTo(json(alone));
        assertThat(nodes(together)).isEqualTo(nodes(alone))
                .anySatisfy(node -> assertThat(node).startsWith("Rank["))
                .anySatisfy(node -> assertThat(node).startsWith("GroupAggregate["));
        // Each script's first planned statement starts from node 1, as in a fresh JVM.
        assertThat(together.statements())
                .filteredOn(s -> s.file().endsWith("00.sql") && s.plan().isPresent())
                .first()
                .satisfies(s -> assertThat(s.plan().orElseThrow().node(1)).isPresent());
    }

    private static String json(LintRun run) {
        StringWriter out = new StringWriter();
        LintFormat.JSON.write(run, new PrintWriter(out));
        return out.toString();
    }

    /** Every finding's plan node and excerpt, and every rewrite's plan nodes, in order. */
    private static List<String> nodes(LintRun run) {
        return run.statements().stream()
                .flatMap(s -> Stream.concat(
                        s.findings().stream().flatMap(f -> Stream.of(f.finding().node(), f.finding().excerpt())),
                        s.rewrites().values().stream().flatMap(r -> r.planNodes().stream().map(String::valueOf))))
                .toList();
    }
}
