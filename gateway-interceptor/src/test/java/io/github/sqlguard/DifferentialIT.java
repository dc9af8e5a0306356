package io.github.sqlguard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.sqlguard.testing.CaseCorpus;
import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.MutatedStatements;
import io.github.sqlguard.testing.QuietFlinkFailures;
import io.github.sqlguard.testing.RestSession;
import io.github.sqlguard.testing.SqlScript;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Differential test against the stock gateway: every statement of every case script, and a
 * fixed-seed sample of the fuzz corpus ({@link MutatedStatements}, as {@code
 * HostileInputPropertiesIT} draws it), goes to a stock gateway ({@code sql-gateway.endpoint.type:
 * rest}) and to the guarded one, same configuration, same session properties, same order. Whatever
 * the stock gateway accepts must not come back from the guard as Flink's rejection ({@code
 * rejected-by-flink}, a {@code planner-error} finding) or as unparsable. The guard may still refuse it
 * by policy (counted, not an error).
 *
 * <p>How "the stock gateway accepts" is learned: both gateways run the statements themselves, with
 * {@code execution.target: remote} pointed at a port where nothing listens. A statement Flink
 * accepts is parsed, validated, planned and translated exactly as in production and only then fails,
 * at job submission ({@code TableException: Failed to execute sql} around the refused connection);
 * a statement Flink rejects fails before it. This is more faithful than sending {@code EXPLAIN
 * <statement>} to the stock gateway: the stock gateway sees the very text the user sent (EXPLAIN's
 * grammar does not take every statement: {@code BEGIN STATEMENT SET; ... END;}, {@code COMPILE
 * PLAN}, materialized tables), and both sessions change the same way (a CTAS registers its table, a
 * statement set is held open), while no job starts on either side.
 *
 * <p>Fuzz statements run in the session of the case they were drawn from, after its statements,
 * so their tables exist and a mutation that Flink still accepts reaches the planner. Once the two
 * sessions may have diverged (one side took a statement the other refused, other than a query),
 * the case's remaining mutations are skipped.
 *
 * <p>The guarded gateway proves no rewrites ({@code sql-guard.rewrite.enabled: false}): a refusal's proofs plan
 * up to {@code sql-guard.rewrite.max-plannings} candidates after its verdict is made, and what is compared here is
 * the verdict. The proofs of the same corpus's refusals at the gateway are run by {@code SharedCasesIT} (REST), every
 * rewrite of the corpus as lint proves them by {@code ProvenCorpus} (in process), and those of fresh draws of the same
 * mutations by {@code HostileInputPropertiesIT}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DifferentialIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final int MUTATIONS_PER_CASE = 4;
    /**
     * Cases sent at once, each in sessions of its own: the two gateways answer two cases' statements on the machine's two
     * cores instead of one statement after the other on one (a statement's decision does not depend on another
     * session's).
     */
    private static final int CASES_AT_ONCE = 2;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Handed-on outcomes: the guard let the statement reach Flink. */
    private static final Set<String> HANDED_ON =
            Set.of("submitted", "unanalysed-submitted", "would-block", "statement-set-opened", "added-to-statement-set",
                    "empty-statement-set");

    private QuietFlinkFailures quiet;
    private GuardedGateway stock;
    private GuardedGateway guarded;
    private AuditTail audit;

    /** What both gateways did with one statement. */
    private record Compared(
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
    private record Stock(boolean accepted, String error) {}

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
        // The verdicts are compared, not the rewrites: without proofs (sql-guard.rewrite.enabled, off) the guard
        // decides each statement as it does with them (RewriteOptions#ENABLED: the findings stay as they are).
        Map<String, String> guardConfig = new HashMap<>(config);
        guardConfig.put("sql-guard.rewrite.enabled", "false");
        guarded = GuardedGateway.start("guard", guardConfig);
        audit = new AuditTail(GuardedGateway.auditFile());
        // Every accepted statement fails at job submission and most mutations fail in Flink, by design.
        quiet = QuietFlinkFailures.start();
    }

    @AfterAll
    void stopGateways() {
        guarded.close();
        stock.close();
        quiet.close();
    }

    /**
     * The cases {@link #CASES_AT_ONCE} at a time, each in its own pair of sessions (the statements of a case in order, as
     * before); what was compared is gathered in corpus order.
     */
    @Test
    void whatTheStockGatewayAcceptsTheGuardNeverRefusesAsAPlannerError() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(CASES_AT_ONCE);
        List<Future<CaseCompared>> runs = new ArrayList<>();
        try {
            for (Path file : CaseCorpus.all()) {
                runs.add(pool.submit(() -> compareCase(SqlScript.read(file))));
            }
        } finally {
            pool.shutdown();
        }
        List<Compared> all = new ArrayList<>();
        int mutated = 0;
        for (Future<CaseCompared> run : runs) {
            CaseCompared compared;
            try {
                compared = run.get();
            } catch (ExecutionException e) {
                if (e.getCause() instanceof Error error) {
                    throw error;
                }
                throw e.getCause() instanceof Exception cause ? cause : e;
            }
            all.addAll(compared.statements());
            mutated += compared.mutated();
        }

        long accepted = all.stream().filter(c -> c.stock().accepted()).count();
        List<Compared> plannerErrors = all.stream().filter(Compared::plannerErrorRefusal).toList();
        long policy = all.stream().filter(Compared::policyRefusal).count();
        System.out.printf(
                "%d statements: stock accepted %d; guard refused as planner error %d (must be 0); guard refused by"
                        + " policy %d%n",
                all.size(), accepted, plannerErrors.size(), policy);
        List<Compared> other = all.stream().filter(Compared::otherRefusal).toList();
        System.out.printf("(%d case statements of %d scripts, %d mutated statements; refused otherwise %d)%n",
                all.size() - mutated, CaseCorpus.all().size(), mutated, other.size());
        all.stream().filter(Compared::policyRefusal)
                .forEach(c -> System.out.println("  policy: " + c.source() + " " + c.guardKind() + " " + c.guardRules()));
        other.forEach(c -> System.out.println("OTHER REFUSAL: " + c.describe()));
        plannerErrors.forEach(c -> System.out.println("PLANNER ERROR: " + c.describe()));
        assertThat(plannerErrors).as("statements the stock gateway accepts and the guard refuses as Flink's rejection")
                .extracting(Compared::describe)
                .isEmpty();
    }

    /** What both gateways did with a case's statements, then with its mutations ({@code mutated} of them). */
    private record CaseCompared(List<Compared> statements, int mutated) {}

    /**
     * Sends a case's statements to a session of each gateway, then its mutations until the two sessions may have
     * diverged.
     */
    private CaseCompared compareCase(SqlScript script) throws Exception {
        List<Compared> all = new ArrayList<>();
        int mutated = 0;
        try (RestSession plain = stock.openSession(script.sessionProperties());
                RestSession guard = guarded.openSession(script.sessionProperties())) {
            boolean diverged = false;
            List<String> statements = script.statements();
            for (int i = 0; i < statements.size(); i++) {
                Map<String, String> executionConfig = i == statements.size() - 1 ? script.executionConfig() : Map.of();
                Compared compared = compare(script.name() + " #" + (i + 1), statements.get(i), executionConfig, plain, guard);
                all.add(compared);
                diverged |= compared.diverges();
            }
            List<String> mutations = MutatedStatements.sample(statements, script.name().hashCode(), MUTATIONS_PER_CASE);
            for (int i = 0; i < mutations.size() && !diverged; i++) {
                Compared compared = compare(script.name() + " mutation " + (i + 1), mutations.get(i), Map.of(), plain, guard);
                all.add(compared);
                mutated++;
                diverged = compared.diverges();
            }
        }
        return new CaseCompared(all, mutated);
    }

    /**
     * A SET key padded with white space or a control character: the stock gateway trims it and sets
     * the real key ({@code OperationExecutor#callSetOperation}); the guard must judge that key. A
     * good value ends up under the same key in both sessions; a bare {@code '24'} (24 ms) that the
     * stock gateway applies is refused by the guard as {@code ttl-too-short}.
     */
    @Test
    void aPaddedSetKeyIsTheKeyTheStockGatewaySets() throws Exception {
        GatewayRestClient stockRest = new GatewayRestClient(stock.port());
        GatewayRestClient guardRest = new GatewayRestClient(guarded.port());
        for (String pad : List.of(" ", "\t", "\n", "\r", "\0", "\u0007")) {
            for (String statement : List.of("SET 'table.exec.state.ttl" + pad + "' = '%s'",
                    "SET '" + pad + "table.exec.state.ttl' = '%s'")) {
                String shown = statement.replace(pad, "<U+" + Integer.toHexString(pad.codePointAt(0)) + ">");
                try (RestSession plain = stock.openSession(Map.of()); RestSession guard = guarded.openSession(Map.of())) {
                    assertThat(plain.execute(statement.formatted("1 h"), 0, TIMEOUT).error()).as(shown).isNull();
                    assertThat(guard.execute(statement.formatted("1 h"), 0, TIMEOUT).error()).as(shown).isNull();
                    assertThat(sessionTtl(stockRest, plain)).as("stock, %s", shown).isEqualTo("1 h");
                    assertThat(sessionTtl(guardRest, guard)).as("guard, %s", shown).isEqualTo("1 h");

                    assertThat(plain.execute(statement.formatted("24"), 0, TIMEOUT).error()).as(shown).isNull();
                    assertThat(sessionTtl(stockRest, plain)).as("stock, %s", shown).isEqualTo("24");
                    assertThat(guard.execute(statement.formatted("24"), 0, TIMEOUT).error()).as(shown)
                            .contains("ttl-too-short");
                    assertThat(sessionTtl(guardRest, guard)).as("guard, %s", shown).isEqualTo("1 h");
                }
            }
        }
    }

    private static String sessionTtl(GatewayRestClient client, RestSession session) throws Exception {
        return client.get("/sessions/" + session.handle()).body().path("properties").path("table.exec.state.ttl")
                .asText(null);
    }

    /** Sends {@code statement} to the stock session, then to the guarded one, and reads what each did. */
    private Compared compare(
            String source, String statement, Map<String, String> executionConfig, RestSession plain, RestSession guard)
            throws Exception {
        Stock onStock = runOnStock(plain, statement, executionConfig);
        String operation;
        try {
            operation = guard.submit(statement, executionConfig);
        } catch (IllegalStateException restError) {
            return new Compared(source, statement, onStock, "-", "rest-refused", List.of(), restError.getMessage());
        }
        guard.awaitTerminal(operation, TIMEOUT);
        String error = guard.errorAndClose(operation);
        JsonNode record = audit.outcomeOf(operation);
        // Every statement, mutations included, gets a record with a verdict (as HostileInputPropertiesIT's tries).
        assertThat(record.path("verdict").asText()).as("verdict of %s: %s", source, statement)
                .isIn(HostileInputPropertiesIT.VERDICTS);
        List<String> rules = new ArrayList<>();
        record.path("findings").forEach(f -> rules.add(f.path("id").asText()));
        return new Compared(
                source, statement, onStock, record.path("kind").asText(), record.path("outcome").asText(), rules, error);
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

    /** Reads the audit lines appended since the test started, indexing outcome records by operation. */
    private static final class AuditTail {
        private final Path file;
        private final Map<String, JsonNode> byOperation = new HashMap<>();
        private long position;

        AuditTail(Path file) throws IOException {
            this.file = file;
            this.position = Files.exists(file) ? Files.size(file) : 0;
        }

        synchronized JsonNode outcomeOf(String operation) throws IOException {
            if (!byOperation.containsKey(operation)) {
                readNewLines();
            }
            JsonNode record = byOperation.get(operation);
            if (record == null) {
                throw new AssertionError("no audit record for operation " + operation);
            }
            return record;
        }

        private void readNewLines() throws IOException {
            try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
                long length = in.length();
                if (length <= position) {
                    return;
                }
                byte[] bytes = new byte[(int) (length - position)];
                in.seek(position);
                in.readFully(bytes);
                int end = lastNewline(bytes);
                position += end + 1;
                for (String line : new String(bytes, 0, end + 1, StandardCharsets.UTF_8).split("\n")) {
                    if (line.isBlank()) {
                        continue;
                    }
                    JsonNode record = JSON.readTree(line);
                    String handle = record.path("operationHandle").asText(null);
                    if (handle != null && !record.path("outcome").asText().equals("job-submitted")) {
                        byOperation.put(handle, record);
                    }
                }
            }
        }

        private static int lastNewline(byte[] bytes) {
            for (int i = bytes.length - 1; i >= 0; i--) {
                if (bytes[i] == '\n') {
                    return i;
                }
            }
            return -1;
        }
    }
}
