package io.github.sqlguard.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.service.Submission;
import io.github.sqlguard.statement.ScriptSplitter;
import io.github.sqlguard.testing.CaseCorpus;
import io.github.sqlguard.testing.InProcessGateway;
import io.github.sqlguard.testing.ProvenCorpus;
import io.github.sqlguard.testing.SqlScript;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.endpoint.EndpointVersion;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.results.ResultSet;
import org.apache.flink.table.gateway.api.session.SessionEnvironment;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.service.SqlGatewayServiceImpl;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every rewrite the guard proves for the corpus (shared and own cases, as lint proves them: this JVM's
 * runs, {@link ProvenCorpus}, which {@code LintFirstRewriteTest} and {@code StructuralFixFirstTest} read
 * too) is planned again in a fresh session of stock Flink: Flink's own {@link SqlGatewayServiceImpl}, the
 * service a stock gateway's REST endpoint calls, with nothing of the guard. After the script's setup, the
 * rewrite must plan and its optimized plan must have the operators the rewrite claims; a case with an
 * {@code -- expect-rewrite: <family> ...} header must get a proven rewrite of each family; the default
 * budget of the proofs ({@code sql-guard.rewrite.max-plannings}) must skip no candidate. Jobs never
 * start: the execution target is an address where nothing listens, and the rewritten statement is only
 * EXPLAINed (a {@code SET} or a table's DDL runs). {@code -Dsql-guard.cases.only=REGEX} narrows the cases
 * as for {@code CaseCorpusTest}.
 *
 * <p>{@code ProvenRewritesGatewayIT} shows the same over REST for a refusal and an EXPLAIN.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CorpusRewritesOnStockFlinkTest {

    /** Statements that run rather than plan: a {@code SET}, {@code RESET}, {@code ALTER}, or DDL without a query. */
    private static final Pattern RUNS = Pattern.compile("(?is)(SET|RESET|ALTER)\\b.*|CREATE\\b(?!.*\\bAS\\s+(SELECT|WITH)\\b).*");

    /** Leading comments (not hints). */
    private static final Pattern LEADING_COMMENTS = Pattern.compile("(?s)^(\\s*(--[^\\n]*(\\n|$)|/\\*(?!\\+).*?\\*/))*\\s*");

    private static final Pattern COMPILE_PLAN =
            Pattern.compile("(?is)COMPILE\\s+PLAN\\s+'(?:[^']|'')*'\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?FOR\\s+(.*)");

    private static final Pattern MATERIALIZED_TABLE =
            Pattern.compile("(?is)CREATE\\s+(?:OR\\s+REPLACE\\s+)?MATERIALIZED\\s+TABLE\\b.*?\\bAS\\s+((?:SELECT|WITH)\\b.*)");

    /** Stock Flink: the service under an in-process gateway, called directly. */
    private InProcessGateway gateway;
    private SqlGatewayServiceImpl stock;

    @BeforeAll
    void start() throws IOException {
        int nowhere;
        try (ServerSocket socket = new ServerSocket(0)) {
            nowhere = socket.getLocalPort();
        }
        // As the stock REST gateway of the integration tests is configured (GuardedGateway#start).
        gateway = InProcessGateway.start(Map.of(
                "execution.runtime-mode", "streaming",
                "parallelism.default", "1",
                "execution.target", "remote",
                "rest.address", "127.0.0.1",
                "rest.port", String.valueOf(nowhere),
                "rest.retry.max-attempts", "0",
                "rest.connection-timeout", "2 s"), new AuditLog());
        stock = gateway.flink();
    }

    @AfterAll
    void stop() {
        gateway.close();
    }

    @Test
    void everyRewriteOfferedForTheCorpusPlansOnStockFlinkWithTheOperatorsItClaims() throws IOException {
        String only = System.getProperty("sql-guard.cases.only");
        List<String> failures = new ArrayList<>();
        int replanned = 0;
        // Per rule: BLOCK/WARN findings of last statements, rewrites offered, verified, rejected; plannings made.
        Map<String, int[]> coverage = new TreeMap<>();
        for (Path file : CaseCorpus.all()) {
            if (only != null && !file.getFileName().toString().matches(only)) {
                continue;
            }
            ProvenCorpus.Run run = ProvenCorpus.of(file);
            SqlScript script = run.script();
            Submission last = run.last();
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
        System.out.printf("%d rewrites offered for the corpus re-planned on stock Flink; %d failed%n",
                replanned, failures.size());
        System.out.println("| rule | findings | offered | verified | rejected | planned |");
        coverage.forEach((rule, n) -> System.out.printf("| %s | %d | %d | %d | %d | %d |%n", rule, n[0], n[1], n[2], n[3], n[4]));
        assertThat(replanned).isPositive();
        assertThat(failures).isEmpty();
    }

    /** Replans {@code rewrite} after {@code script}'s setup in a fresh stock session; what went wrong, if anything. */
    private Optional<String> replan(SqlScript script, Rewrite rewrite) {
        String where = script.name() + " " + rewrite.ruleId() + "/" + rewrite.family();
        SessionHandle session = stock.openSession(SessionEnvironment.newBuilder()
                .setSessionEndpointVersion(new EndpointVersion() {})
                .addSessionConfig(script.sessionProperties())
                .build());
        try {
            for (String statement : setupOf(script.statements())) {
                execute(session, statement, Map.of());
            }
            List<ScriptSplitter.Statement> parts = ScriptSplitter.split(rewrite.sql());
            for (int i = 0; i < parts.size() - 1; i++) {
                Result before = execute(session, parts.get(i).text(), Map.of());
                if (before.error() != null) {
                    return Optional.of(where + ": '" + parts.get(i).text() + "' failed: " + before.error());
                }
            }
            String statement = withoutSemicolon(parts.get(parts.size() - 1).text());
            if (RUNS.matcher(LEADING_COMMENTS.matcher(statement).replaceFirst("")).matches()) {
                // A SET or a table's DDL (ttl-unit, ttl-as-job-setting): it must run, and it claims no operator.
                Result ran = execute(session, statement, script.executionConfig());
                if (ran.error() != null) {
                    return Optional.of(where + ": '" + statement + "' failed: " + ran.error());
                }
                return rewrite.operators().isEmpty() ? Optional.empty()
                        : Optional.of(where + ": claims " + rewrite.operators() + " of a statement that plans none");
            }
            Result result = execute(session, "EXPLAIN " + explainable(statement), script.executionConfig());
            if (result.error() != null) {
                return Optional.of(where + ": does not plan: " + result.error());
            }
            String plan = result.text();
            String optimized = plan.substring(Math.max(0, plan.indexOf("== Optimized Execution Plan ==")));
            for (String operator : rewrite.operators()) {
                if (!optimized.contains(operator + "(")) {
                    return Optional.of(where + ": no " + operator + " in\n" + optimized);
                }
            }
            return Optional.empty();
        } finally {
            stock.closeSession(session);
        }
    }

    /** What stock Flink answered a statement: its error, or the text of its rows' first column. */
    private record Result(String error, String text) {}

    /** Runs {@code statement} in {@code session} to its end, as a stock gateway runs it. */
    private Result execute(SessionHandle session, String statement, Map<String, String> config) {
        OperationHandle operation = stock.executeStatement(session, statement, 0, Configuration.fromMap(config));
        InProcessGateway.awaitOperation()
                .until(() -> stock.getOperationInfo(session, operation).getStatus().isTerminalStatus());
        try {
            Optional<String> error = stock.getOperationInfo(session, operation).getException()
                    .map(ExceptionUtils::stringifyException);
            if (error.isPresent()) {
                return new Result(error.get(), null);
            }
            StringBuilder text = new StringBuilder();
            long token = 0;
            while (true) {
                ResultSet rows = stock.fetchResults(session, operation, token, Integer.MAX_VALUE);
                rows.getData().forEach(row -> text.append(row.getString(0)));
                if (rows.getResultType() == ResultSet.ResultType.EOS || rows.getNextToken() == null) {
                    return new Result(null, text.toString());
                }
                token = rows.getNextToken();
            }
        } finally {
            stock.closeOperation(session, operation);
        }
    }

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

    /** {@code statement} without its closing {@code ;}. */
    static String withoutSemicolon(String statement) {
        String s = statement.strip();
        return s.endsWith(";") ? s.substring(0, s.length() - 1).strip() : s;
    }
}
