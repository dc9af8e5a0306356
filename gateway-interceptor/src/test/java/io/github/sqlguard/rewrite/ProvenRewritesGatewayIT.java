package io.github.sqlguard.rewrite;

import io.github.sqlguard.rules.Level;
import io.github.sqlguard.service.Submission;
import io.github.sqlguard.statement.ScriptSplitter;
import io.github.sqlguard.testing.AuditFile;
import io.github.sqlguard.testing.CaseCorpus;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.LintLikeSession;
import io.github.sqlguard.testing.RestSession;
import io.github.sqlguard.testing.SqlScript;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Proven rewrites through real gateways: the guarded gateway's refusal of an unbounded Top-N
 * carries its window Top-N, and every rewrite the guard offers for the shared and own corpus is
 * re-planned in a fresh session of a stock gateway ({@code sql-gateway.endpoint.type: rest}, nothing
 * of the guard), where it must plan and its plan must have the operators the rewrite claims; a case
 * with an {@code -- expect-rewrite: <family> ...} header must get a proven rewrite of each family. Jobs
 * are never started: the gateways' execution target is an address where nothing listens, and the
 * rewritten statement is only EXPLAINed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ProvenRewritesGatewayIT {

    private static final String ORDERS =
            "CREATE TABLE orders (\n"
                    + "  order_id STRING,\n"
                    + "  user_id STRING,\n"
                    + "  amount DOUBLE,\n"
                    + "  order_time TIMESTAMP(3),\n"
                    + "  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND\n"
                    + ") WITH ('connector' = 'datagen', 'rows-per-second' = '10')";

    private static final String TOP_N =
            "SELECT * FROM (\n"
                    + "  SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn"
                    + " FROM orders\n"
                    + ") t WHERE rn <= 3";

    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    /** A rewrite in a refusal: its SQL, indented under its heading, up to its {@code changes:} line. */
    private static final Pattern SHOWN =
            Pattern.compile("rewrite \\(window-top-n, proven in this session\\):\\n(.*?)\\n    changes: ", Pattern.DOTALL);

    private GuardedGateway stock;
    private GuardedGateway guarded;

    @BeforeAll
    void startGateways() throws Exception {
        int nowhere;
        try (ServerSocket socket = new ServerSocket(0)) {
            nowhere = socket.getLocalPort();
        }
        Map<String, String> config = Map.of(
                "execution.target", "remote",
                "rest.address", "127.0.0.1",
                "rest.port", String.valueOf(nowhere),
                "rest.retry.max-attempts", "0",
                "rest.connection-timeout", "2 s");
        stock = GuardedGateway.start("rest", config);
        guarded = GuardedGateway.start("guard", config);
    }

    @AfterAll
    void stopGateways() {
        try {
            guarded.close();
        } finally {
            stock.close();
        }
    }

    @Test
    void refusalOverRestCarriesAWindowTopNThatAStockGatewayPlansAsWindowRank() throws Exception {
        String rewrite;
        String operation;
        try (RestSession session = guarded.openSession(Map.of())) {
            assertThat(session.execute(ORDERS, 0, TIMEOUT).error()).isNull();
            RestSession.StatementResult refused = session.execute(TOP_N, 0, TIMEOUT);
            operation = refused.operationHandle();

            assertThat(refused.error()).contains("BLOCK unbounded-rank").contains("columns: window_start, window_end added; plan: WindowRank");
            Matcher shown = SHOWN.matcher(refused.error().replace("\\n", "\n"));
            assertThat(shown.find()).as("a window-top-n rewrite in %s", refused.error()).isTrue();
            rewrite = shown.group(1).lines().map(line -> line.substring(4)).reduce((a, b) -> a + "\n" + b).orElseThrow();
        }
        assertThat(rewrite).startsWith("SELECT * FROM (").contains("TUMBLE(TABLE orders, DESCRIPTOR(order_time)")
                .endsWith(") t WHERE rn <= 3;");

        try (RestSession plain = stock.openSession(Map.of())) {
            assertThat(plain.execute(ORDERS, 0, TIMEOUT).error()).isNull();
            String plan = explained(plain, withoutSemicolon(rewrite));
            assertThat(plan).contains("WindowRank(").doesNotContain("Rank(strategy=");
        }

        JsonNode record = AuditFile.forOperation(operation).orElseThrow();
        assertThat(record.path("outcome").asText()).isEqualTo("blocked");
        assertThat(record.path("rewrites").get(0).path("family").asText()).isEqualTo("window-top-n");
        assertThat(record.path("rewrites").get(0).path("operators").get(0).asText()).isEqualTo("WindowRank");
    }

    /**
     * Issue 29 item 9: what user code the guard's plannings run, and how often. A UDF called with a
     * constant argument is folded (its {@code eval} run) by every planning of the statement: once for
     * the statement itself, and once for each rewrite candidate the guard wrote and planned to prove
     * it, as docs/operations/hardening.md (user code that planning runs) says; a stock gateway plans
     * the statement once.
     */
    @Test
    void aRefusalRunsAUdfFoldedWhilePlanningOnceForItselfAndOncePerCandidateProven() throws Exception {
        String query = "SELECT * FROM (\n  SELECT order_id, user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id"
                + " ORDER BY amount DESC) AS rn FROM orders WHERE user_id <> counted('k')\n) t WHERE rn <= 3";
        try (RestSession session = guarded.openSession(Map.of())) {
            assertThat(session.execute(ORDERS, 0, TIMEOUT).error()).isNull();
            assertThat(session.execute("CREATE TEMPORARY FUNCTION counted AS '" + CountedFunction.class.getName() + "'",
                    0, TIMEOUT).error()).isNull();
            CountedFunction.evals.set(0);

            RestSession.StatementResult refused = session.execute(query, 0, TIMEOUT);

            assertThat(refused.error()).contains("BLOCK unbounded-rank");
            JsonNode record = AuditFile.forOperation(refused.operationHandle()).orElseThrow();
            int planned = 0;
            for (JsonNode count : record.path("rewriteCounts")) {
                planned += count.path("planned").asInt();
            }
            assertThat(planned).as("candidates planned to prove them").isPositive();
            assertThat(CountedFunction.evals.get()).as("eval runs: the statement's planning and one per candidate planned")
                    .isEqualTo(1 + planned);
        }
        try (RestSession plain = stock.openSession(Map.of())) {
            assertThat(plain.execute(ORDERS, 0, TIMEOUT).error()).isNull();
            assertThat(plain.execute("CREATE TEMPORARY FUNCTION counted AS '" + CountedFunction.class.getName() + "'",
                    0, TIMEOUT).error()).isNull();
            CountedFunction.evals.set(0);
            assertThat(plain.execute("EXPLAIN " + query, 1, TIMEOUT).error()).isNull();
            assertThat(CountedFunction.evals.get()).as("a stock gateway's one planning").isEqualTo(1);
        }
    }

    @Test
    void explainOverRestShowsTheProvenRewriteInTheGuardSection() throws Exception {
        try (RestSession session = guarded.openSession(Map.of())) {
            assertThat(session.execute(ORDERS, 0, TIMEOUT).error()).isNull();

            RestSession.StatementResult explained = session.execute("EXPLAIN " + TOP_N, 0, TIMEOUT);

            assertThat(explained.error()).isNull();
            String text = explained.rows().get(0).path("fields").get(0).asText();
            String section = text.substring(text.indexOf("== SQL Guard =="));
            assertThat(section).contains("BLOCK unbounded-rank")
                    .contains("rewrite (window-top-n, proven in this session):")
                    .contains("TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '5' MINUTE)")
                    .contains("rewrite (session-state-ttl, proven in this session):");
        }
    }

    @Test
    void everyRewriteOfferedForTheCorpusPlansOnAStockGatewayWithTheOperatorsItClaims() throws Exception {
        List<String> failures = new ArrayList<>();
        int replanned = 0;
        // Per rule: BLOCK/WARN findings of last statements, rewrites offered, verified, rejected; plannings made.
        Map<String, int[]> coverage = new TreeMap<>();
        try (LintLikeSession lint = new LintLikeSession(Map.of("execution.runtime-mode", "streaming"))) {
            for (Path file : CaseCorpus.all()) {
                SqlScript script = SqlScript.read(file);
                List<Submission> submissions =
                        lint.run(script.sessionProperties(), script.statements(), script.executionConfig());
                Submission last = submissions.get(submissions.size() - 1);
                last.decision().verdict().findings().stream()
                        .filter(f -> f.level().compareTo(Level.WARN) >= 0)
                        .forEach(f -> coverage.computeIfAbsent(f.ruleId(), r -> new int[5])[0]++);
                for (Rewrites.Tally tally : last.decision().rewrites().tallies()) {
                    int[] row = coverage.computeIfAbsent(tally.ruleId(), r -> new int[5]);
                    row[1] += tally.offered();
                    row[2] += tally.verified();
                    row[3] += tally.rejected();
                    row[4] += tally.planned();
                    if (tally.skipped() > 0) {
                        // The default budget (sql-guard.rewrite.max-plannings) must not change what the corpus shows.
                        failures.add(script.name() + ": " + tally.skipped() + " " + tally.ruleId()
                                + " candidates skipped for the proofs' budget: " + last.decision().rewrites().note());
                    }
                }
                List<String> families = last.decision().rewrites().verified().stream().map(Rewrite::family).toList();
                for (String expected : CaseCorpus.expectedRewrites(file)) {
                    if (!families.contains(expected)) {
                        failures.add(script.name() + ": expected a proven " + expected + " rewrite, got " + families);
                    }
                }
                for (Rewrite rewrite : last.decision().rewrites().verified()) {
                    replanned++;
                    replan(script, rewrite).ifPresent(failures::add);
                }
            }
        }
        System.out.printf("%d rewrites offered for the corpus re-planned on a stock gateway; %d failed%n",
                replanned, failures.size());
        System.out.println("| rule | findings | offered | verified | rejected | planned |");
        coverage.forEach((rule, n) -> System.out.printf("| %s | %d | %d | %d | %d | %d |%n", rule, n[0], n[1], n[2], n[3], n[4]));
        assertThat(replanned).isPositive();
        assertThat(failures).isEmpty();
    }

    /** Replans {@code rewrite} after {@code script}'s setup in a fresh stock session; what went wrong, if anything. */
    private Optional<String> replan(SqlScript script, Rewrite rewrite) throws Exception {
        String where = script.name() + " " + rewrite.ruleId() + "/" + rewrite.family();
        try (RestSession plain = stock.openSession(script.sessionProperties())) {
            List<String> setup = setupOf(script.statements());
            for (String statement : setup) {
                plain.execute(statement, 0, TIMEOUT);
            }
            List<ScriptSplitter.Statement> parts = ScriptSplitter.split(rewrite.sql());
            for (int i = 0; i < parts.size() - 1; i++) {
                RestSession.StatementResult before = plain.execute(parts.get(i).text(), 0, TIMEOUT);
                if (before.error() != null) {
                    return Optional.of(where + ": '" + parts.get(i).text() + "' failed: " + before.error());
                }
            }
            String statement = withoutSemicolon(parts.get(parts.size() - 1).text());
            if (RUNS.matcher(LEADING_COMMENTS.matcher(statement).replaceFirst("")).matches()) {
                // A SET or a table's DDL (ttl-unit, ttl-as-job-setting): it must run, and it claims no operator.
                RestSession.StatementResult ran = plain.execute(statement, script.executionConfig(), 0, TIMEOUT);
                if (ran.error() != null) {
                    return Optional.of(where + ": '" + statement + "' failed: " + ran.error());
                }
                return rewrite.operators().isEmpty() ? Optional.empty()
                        : Optional.of(where + ": claims " + rewrite.operators() + " of a statement that plans none");
            }
            RestSession.StatementResult result =
                    plain.execute("EXPLAIN " + explainable(statement), script.executionConfig(), 0, TIMEOUT);
            if (result.error() != null) {
                return Optional.of(where + ": does not plan: " + result.error());
            }
            String plan = result.rows().get(0).path("fields").get(0).asText();
            String optimized = plan.substring(Math.max(0, plan.indexOf("== Optimized Execution Plan ==")));
            for (String operator : rewrite.operators()) {
                if (!optimized.contains(operator + "(")) {
                    return Optional.of(where + ": no " + operator + " in\n" + optimized);
                }
            }
        }
        return Optional.empty();
    }

    /** Statements that run rather than plan: a {@code SET}, {@code RESET}, {@code ALTER}, or DDL without a query. */
    private static final Pattern RUNS = Pattern.compile("(?is)(SET|RESET|ALTER)\\b.*|CREATE\\b(?!.*\\bAS\\s+(SELECT|WITH)\\b).*");

    /** Leading comments (not hints). */
    private static final Pattern LEADING_COMMENTS = Pattern.compile("(?s)^(\\s*(--[^\\n]*(\\n|$)|/\\*(?!\\+).*?\\*/))*\\s*");

    private static final Pattern COMPILE_PLAN =
            Pattern.compile("(?is)COMPILE\\s+PLAN\\s+'(?:[^']|'')*'\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?FOR\\s+(.*)");

    private static final Pattern MATERIALIZED_TABLE =
            Pattern.compile("(?is)CREATE\\s+(?:OR\\s+REPLACE\\s+)?MATERIALIZED\\s+TABLE\\b.*?\\bAS\\s+((?:SELECT|WITH)\\b.*)");

    /**
     * The statement as {@code EXPLAIN} takes it: {@code EXECUTE STATEMENT SET …} and {@code EXECUTE
     * INSERT …} without {@code EXECUTE}; a {@code COMPILE PLAN}'s statement; a materialized table's query
     * (Flink's EXPLAIN takes neither of those two whole).
     */
    private static String explainable(String written) {
        String statement = LEADING_COMMENTS.matcher(written).replaceFirst("");
        Matcher compile = COMPILE_PLAN.matcher(statement);
        if (compile.matches()) {
            return explainable(compile.group(1).strip());
        }
        Matcher materialized = MATERIALIZED_TABLE.matcher(statement);
        if (materialized.matches()) {
            return materialized.group(1).strip();
        }
        return statement.regionMatches(true, 0, "EXECUTE ", 0, "EXECUTE ".length())
                ? statement.substring("EXECUTE ".length()).strip()
                : statement;
    }

    /**
     * The statements before the last one, without a statement set still open there (the last one
     * is an INSERT into it, or its {@code END}): the rewrite is the whole set, or an INSERT planned alone.
     */
    private static List<String> setupOf(List<String> statements) {
        List<String> setup = statements.subList(0, statements.size() - 1);
        for (int i = setup.size() - 1; i >= 0; i--) {
            String upper = setup.get(i).strip().toUpperCase(Locale.ROOT).replaceAll("\\s+", " ");
            if (upper.equals("END")) {
                return setup;
            }
            if (upper.equals("BEGIN STATEMENT SET")) {
                return setup.subList(0, i);
            }
        }
        return setup;
    }

    private static String explained(RestSession session, String statement) throws Exception {
        RestSession.StatementResult result = session.execute("EXPLAIN " + statement, 0, TIMEOUT);
        assertThat(result.error()).as("EXPLAIN %s", statement).isNull();
        return result.rows().get(0).path("fields").get(0).asText();
    }

    private static String withoutSemicolon(String statement) {
        String s = statement.strip();
        return s.endsWith(";") ? s.substring(0, s.length() - 1).strip() : s;
    }
}
