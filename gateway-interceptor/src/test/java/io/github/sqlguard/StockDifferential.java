package io.github.sqlguard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.sqlguard.testing.AuditFile;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.MutatedStatements;
import io.github.sqlguard.testing.QuietFlinkFailures;
import io.github.sqlguard.testing.RestSession;
import io.github.sqlguard.testing.SqlScript;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The differential check against the stock gateway, made in {@code SharedCasesIT}'s run of the corpus: every
 * statement of every case script, and a fixed-seed sample of the fuzz corpus ({@link MutatedStatements}, as {@code
 * HostileInputPropertiesIT} draws it), goes to a stock gateway ({@code sql-gateway.endpoint.type: rest}) and to the
 * guarded one, same session properties, same order. Whatever the stock gateway accepts must not come back from the
 * guard as Flink's rejection ({@code rejected-by-flink}, a {@code planner-error} finding) or as unparsable. The guard
 * may still refuse it by policy (counted, not an error).
 *
 * <p>How "the stock gateway accepts" is learned: the stock gateway runs the statements itself, with {@code
 * execution.target: remote} pointed at a port where nothing listens. A statement Flink accepts is parsed, validated,
 * planned and translated exactly as in production and only then fails, at job submission ({@code TableException:
 * Failed to execute sql} around the refused connection); a statement Flink rejects fails before it. This is more
 * faithful than sending {@code EXPLAIN <statement>} to the stock gateway: the stock gateway sees the very text the
 * user sent (EXPLAIN's grammar does not take every statement: {@code BEGIN STATEMENT SET; ... END;}, {@code COMPILE
 * PLAN}, materialized tables), and both sessions change the same way (a CTAS registers its table, a statement set is
 * held open).
 *
 * <p>The guarded side of a case's statements is what {@code SharedCasesIT} already sent through the guarded gateway
 * (local execution: the corpus goes through the guarded REST gateway once, not once per class; round 71,
 * bench/results/2026-12-07-suite-r71.md). Its jobs run where the stock gateway's fail at submission, so the guarded
 * session holds at least what the stock one does. The mutations are sent after the case's statements, in the same
 * guarded session, with the stock side's execution target as the statement's execution configuration
 * ({@link #nowhere()}): no job of a mutation starts on either side. Once the two sessions may have diverged (one side
 * took a statement the other refused, other than a query), the case's remaining mutations are skipped.
 *
 * <p>Off with {@code -Dsql-guard.cases.differential=false} (the 1.20 step of {@code .ci/run}: the 2.3 step makes the
 * check).
 */
final class StockDifferential implements AutoCloseable {

    static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final int MUTATIONS_PER_CASE = 4;
    /** Handed-on outcomes: the guard let the statement reach Flink. */
    private static final Set<String> HANDED_ON =
            Set.of("submitted", "unanalysed-submitted", "would-block", "statement-set-opened", "added-to-statement-set",
                    "empty-statement-set");

    private final GuardedGateway stock;
    private final Map<String, String> nowhere;
    private final QuietFlinkFailures quiet;
    private final List<CaseCompared> cases = new ArrayList<>();

    private StockDifferential(GuardedGateway stock, Map<String, String> nowhere, QuietFlinkFailures quiet) {
        this.stock = stock;
        this.nowhere = nowhere;
        this.quiet = quiet;
    }

    /** Whether this run makes the check ({@code sql-guard.cases.differential}, on unless {@code false}). */
    static boolean enabled() {
        return !"false".equals(System.getProperty("sql-guard.cases.differential"));
    }

    /** The execution configuration of a session whose jobs fail at submission: nothing listens at the address. */
    static Map<String, String> nowhereConfig() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        return Map.of(
                "execution.target", "remote",
                "rest.address", "127.0.0.1",
                "rest.port", String.valueOf(port),
                "rest.retry.max-attempts", "0",
                "rest.connection-timeout", "2 s");
    }

    /** Starts the stock gateway whose jobs fail at submission. */
    static StockDifferential start() throws Exception {
        Map<String, String> nowhere = nowhereConfig();
        GuardedGateway stock = GuardedGateway.start("rest", nowhere);
        // Every accepted statement fails at job submission and most mutations fail in Flink, by design.
        return new StockDifferential(stock, nowhere, QuietFlinkFailures.start());
    }

    /** The execution configuration under which the guarded side's mutations are sent: the stock side's target. */
    Map<String, String> nowhere() {
        return nowhere;
    }

    @Override
    public void close() {
        stock.close();
        quiet.close();
    }

    /** A case's stock session, opened with the script's session properties. */
    Case open(SqlScript script) throws Exception {
        return new Case(script, stock.openSession(script.sessionProperties()));
    }

    /** What both gateways did with one statement. */
    record Compared(
            String source, String statement, Stock stock, String guardKind, String guardOutcome, List<String> guardRules,
            String guardError) {

        boolean plannerErrorRefusal() {
            return stock.accepted()
                    && (guardOutcome.equals("rejected-by-flink")
                            || guardKind.equals("UNPARSABLE")
                            || guardOutcome.equals("rest-refused")
                            || !HANDED_ON.contains(guardOutcome) && guardRules.contains("planner-error"));
        }

        boolean policyRefusal() {
            return stock.accepted() && !plannerErrorRefusal() && guardOutcome.equals("blocked");
        }

        /** Accepted by the stock gateway, not handed on by the guard for another reason (its statement-set rules). */
        boolean otherRefusal() {
            return stock.accepted() && !plannerErrorRefusal() && !policyRefusal() && !HANDED_ON.contains(guardOutcome);
        }

        /** One side took the statement and the other did not, for a statement that may change the session. */
        boolean diverges() {
            return stock.accepted() != HANDED_ON.contains(guardOutcome) && !Set.of("QUERY", "EXPLAIN").contains(guardKind);
        }

        String describe() {
            return source + ": stock " + (stock.accepted() ? "accepted" : "rejected") + ", guard " + guardOutcome
                    + " (kind " + guardKind + ", findings " + guardRules + ")\n  statement: " + statement.strip()
                    + "\n  guard error: " + abbreviate(guardError) + "\n  stock error: " + abbreviate(rootCause(stock.error()));
        }
    }

    /** The stock gateway's answer: accepted (ran, or failed only at job submission) or not, and its error. */
    record Stock(boolean accepted, String error) {}

    /** What both gateways did with a case's statements, then with its mutations ({@code mutated} of them). */
    private record CaseCompared(String name, List<Compared> statements, int mutated) {}

    /** One case: its stock session, and what both sides did with its statements so far. */
    final class Case implements AutoCloseable {
        private final SqlScript script;
        private final RestSession plain;
        private final List<Compared> compared = new ArrayList<>();
        private int mutated;
        private boolean diverged;

        private Case(SqlScript script, RestSession plain) {
            this.script = script;
            this.plain = plain;
        }

        /** Sends the case's statement {@code statement} to the stock session; call before the guarded one's. */
        Stock runOnStock(String statement, Map<String, String> executionConfig) throws Exception {
            return StockDifferential.runOnStock(plain, statement, executionConfig);
        }

        /** Keeps what both sides did with the case's next statement, {@code record} being the guard's audit record. */
        void caseStatement(String statement, Stock onStock, JsonNode record, String guardError) {
            add(compared(script.name() + " #" + (compared.size() + 1), statement, onStock, record, guardError));
        }

        /** Sends the case's mutations to both sessions until they may have diverged. */
        void mutations(RestSession guard) throws Exception {
            List<String> mutations =
                    MutatedStatements.sample(script.statements(), script.name().hashCode(), MUTATIONS_PER_CASE);
            for (int i = 0; i < mutations.size() && !diverged; i++) {
                String statement = mutations.get(i);
                String source = script.name() + " mutation " + (i + 1);
                Stock onStock = StockDifferential.runOnStock(plain, statement, Map.of());
                String operation;
                try {
                    operation = guard.submit(statement, nowhere);
                } catch (IllegalStateException restError) {
                    add(new Compared(source, statement, onStock, "-", "rest-refused", List.of(), restError.getMessage()));
                    mutated++;
                    continue;
                }
                guard.awaitTerminal(operation, TIMEOUT);
                String error = guard.errorAndClose(operation);
                JsonNode record = AuditFile.forOperation(operation)
                        .orElseThrow(() -> new AssertionError("no audit record for " + source + ": " + statement));
                add(compared(source, statement, onStock, record, error));
                mutated++;
            }
        }

        private void add(Compared statement) {
            compared.add(statement);
            diverged |= statement.diverges();
        }

        @Override
        public void close() throws Exception {
            try {
                plain.close();
            } finally {
                synchronized (cases) {
                    cases.add(new CaseCompared(script.name(), List.copyOf(compared), mutated));
                }
            }
        }
    }

    private static Compared compared(String source, String statement, Stock onStock, JsonNode record, String error) {
        // Every statement, mutations included, gets a record with a verdict (as HostileInputPropertiesIT's tries).
        assertThat(record.path("verdict").asText()).as("verdict of %s: %s", source, statement)
                .isIn(HostileInputPropertiesIT.VERDICTS);
        List<String> rules = new ArrayList<>();
        record.path("findings").forEach(f -> rules.add(f.path("id").asText()));
        return new Compared(
                source, statement, onStock, record.path("kind").asText(), record.path("outcome").asText(), rules, error);
    }

    /** Prints what was compared, in corpus order, and fails on a statement the guard refused as Flink's rejection. */
    void assertNoPlannerErrorRefusal() {
        List<CaseCompared> done;
        synchronized (cases) {
            done = new ArrayList<>(cases);
        }
        done.sort(Comparator.comparing(CaseCompared::name));
        List<Compared> all = done.stream().flatMap(c -> c.statements().stream()).toList();
        int mutated = done.stream().mapToInt(CaseCompared::mutated).sum();
        long accepted = all.stream().filter(c -> c.stock().accepted()).count();
        List<Compared> plannerErrors = all.stream().filter(Compared::plannerErrorRefusal).toList();
        long policy = all.stream().filter(Compared::policyRefusal).count();
        System.out.printf(
                "%d statements: stock accepted %d; guard refused as planner error %d (must be 0); guard refused by"
                        + " policy %d%n",
                all.size(), accepted, plannerErrors.size(), policy);
        List<Compared> other = all.stream().filter(Compared::otherRefusal).toList();
        // A mutation the guard hands on fails at submission on its side too: its execution configuration is nowhere().
        long failedAtSubmission = all.stream()
                .filter(c -> c.source().contains(" mutation ") && c.guardError() != null
                        && failedAtJobSubmission(c.guardError()))
                .count();
        System.out.printf("(%d case statements of %d scripts, %d mutated statements, %d of them handed on by the guard"
                        + " and failed at job submission; refused otherwise %d)%n",
                all.size() - mutated, done.size(), mutated, failedAtSubmission, other.size());
        all.stream().filter(Compared::policyRefusal)
                .forEach(c -> System.out.println("  policy: " + c.source() + " " + c.guardKind() + " " + c.guardRules()));
        other.forEach(c -> System.out.println("OTHER REFUSAL: " + c.describe()));
        plannerErrors.forEach(c -> System.out.println("PLANNER ERROR: " + c.describe()));
        assertThat(done).as("cases compared with the stock gateway").isNotEmpty();
        assertThat(plannerErrors).as("statements the stock gateway accepts and the guard refuses as Flink's rejection")
                .extracting(Compared::describe)
                .isEmpty();
    }

    private static Stock runOnStock(RestSession plain, String statement, Map<String, String> executionConfig)
            throws Exception {
        String operation;
        try {
            operation = plain.submit(statement, executionConfig);
        } catch (IllegalStateException restError) {
            return new Stock(false, restError.getMessage());
        }
        String status = plain.awaitTerminal(operation, TIMEOUT);
        String error = plain.errorAndClose(operation);
        if (error == null) {
            assertThat(status).as("stock status of %s", statement).isEqualTo("FINISHED");
            return new Stock(true, null);
        }
        return new Stock(failedAtJobSubmission(error), error);
    }

    /**
     * True when Flink accepted the statement and only the job's submission failed (nothing listens at
     * the cluster address): {@code TableEnvironmentImpl} wraps a failure of the executor, after
     * planning and translation, in {@code TableException: Failed to execute sql}.
     */
    static boolean failedAtJobSubmission(String error) {
        return error.contains("Failed to execute sql");
    }

    /** The last {@code Caused by:} of a server-side stack trace (Flink's root reason), or the whole text. */
    private static String rootCause(String error) {
        if (error == null) {
            return null;
        }
        int at = error.lastIndexOf("Caused by: ");
        return at < 0 ? error : error.substring(at);
    }

    private static String abbreviate(String text) {
        if (text == null) {
            return "none";
        }
        String flat = text.replace("\\n", " ").replace("\\t", " ").replaceAll("\\s+", " ");
        return flat.length() <= 400 ? flat : flat.substring(0, 400) + "...";
    }
}
