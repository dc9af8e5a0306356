package io.github.sqlguard.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.metrics.PrometheusScrape;
import io.github.sqlguard.testing.AuditFile;
import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Issue 29 item 4, the routes a value leaves the guard by, through Flink's real gateway over REST:
 * a statement's secrets (in an {@code OPTIONS} hint, a table's {@code WITH}, a view; a URL's {@code
 * user:password@}, a {@code password=} parameter, a {@code U&'...'} literal, a literal continued on
 * the next line) reach none of the refusal the client gets, the advisory route, an {@code EXPLAIN}
 * answer (Flink's section and the guard's), Flink's own rejection, the audit, the metrics or the
 * gateway's log, at DEBUG too, with {@code table.exec.simplify-operator-name-enabled: false} (Flink
 * then names operators by their descriptions, which quote a hint's values). A rewrite repeats the
 * statement, hint and all: each shows {@code '****'} in the secret's place.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SecretRoutesGatewayIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final String SECRET = "S3CR3T-R36";

    private GuardedGateway gateway;
    private int prometheus;
    private Path dir;

    @BeforeAll
    void start() throws Exception {
        dir = Files.createTempDirectory("secret-routes");
        prometheus = PrometheusScrape.freePort();
        Map<String, String> config = new HashMap<>(PrometheusScrape.reporterOptions(prometheus));
        config.put("table.exec.simplify-operator-name-enabled", "false");
        // Planning with the whole gateway logging at DEBUG, on a loaded machine.
        config.put("sql-guard.explain-timeout", "5 min");
        gateway = GuardedGateway.start(config);
    }

    @AfterAll
    void stop() {
        if (gateway != null) {
            gateway.close();
        }
    }

    /** A filesystem table (raw format: one column) with a watermark, so that a window Top-N plans over it. */
    private String table(String name, String defaultName) {
        return "CREATE TEMPORARY TABLE " + name + " (user_id STRING, amount AS CHAR_LENGTH(user_id), order_time AS"
                + " CAST(CURRENT_TIMESTAMP AS TIMESTAMP(3)), WATERMARK FOR order_time AS order_time) WITH ('connector' ="
                + " 'filesystem', 'path' = '" + dir.resolve(name) + "', 'format' = 'raw', 'partition.default-name' = "
                + defaultName + ")";
    }

    private static String topN(String from) {
        return "SELECT * FROM (SELECT user_id, amount, order_time, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY"
                + " amount DESC) AS rn FROM " + from + ") t WHERE rn <= 3";
    }

    private static RestSession.StatementResult run(RestSession session, String sql, int rows) {
        try {
            return session.execute(sql, rows, TIMEOUT);
        } catch (Exception e) {
            return new RestSession.StatementResult(null, List.of(), "EXCEPTION " + e);
        }
    }

    @Test
    void aStatementsSecretsReachNoRouteTheGuardWritesTo() throws Exception {
        Path logFile = GuardedGateway.auditFile().resolveSibling("sql-guard-gateway.log");
        long logged = Files.exists(logFile) ? Files.size(logFile) : 0;
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        Level level = root.getLevel();
        Map<String, String> routes = new LinkedHashMap<>();
        GatewayRestClient rest = new GatewayRestClient(gateway.port());
        String hint = "/*+ OPTIONS('partition.default-name' = 'https://u:" + SECRET + "-A@host/x') */";
        root.setLevel(Level.DEBUG);
        try (RestSession session = gateway.openSession(Map.of())) {
            assertThat(run(session, table("orders", "'jdbc:x://db/y?password=" + SECRET + "-B'"), 0).error()).isNull();
            assertThat(run(session, table("o2", "U&'pass\\0077ord=" + SECRET + "-C'"), 0).error()).isNull();

            RestSession.StatementResult refused = run(session, topN("orders " + hint), 0);
            routes.put("the refusal of a Top-N whose hint carries a user:password@", refused.error());
            assertThat(refused.error()).contains("unbounded-rank").contains("rewrite (")
                    .contains("OPTIONS('partition.default-name' = '****')");
            GatewayRestClient.Response advisory = rest.getUnversioned("/sql-guard/v1/sessions/" + session.handle()
                    + "/operations/" + refused.operationHandle() + "/advisory");
            routes.put("its advisory (the SQL Client hook's lines)", advisory.body().toString());
            assertThat(advisory.body().path("rewrites").toString()).contains("'****'");

            RestSession.StatementResult explained = run(session, "EXPLAIN " + topN("orders " + hint), 1);
            routes.put("its EXPLAIN (Flink's section and the guard's)", explained.rows() + " " + explained.error());
            assertThat(explained.rows().toString()).contains("== SQL Guard ==").contains("https://u:****@host/x");

            assertThat(run(session, "CREATE TEMPORARY VIEW v AS SELECT * FROM orders "
                    + hint.replace("-A@", "-D@"), 0).error()).isNull();
            routes.put("the refusal of a Top-N over a view whose hint carries one", run(session, topN("v"), 0).error());
            routes.put("a hint's U&'...' literal",
                    run(session, topN("o2 /*+ OPTIONS('partition.default-name' = U&'pass\\0077ord=" + SECRET + "-E') */"), 0)
                            .error());
            RestSession.StatementResult continued = run(session,
                    topN("o2 /*+ OPTIONS('partition.default-name' = 'password=" + SECRET + "'\n'-F') */"), 0);
            routes.put("a hint's literal continued on the next line", continued.error());
            // Before, the guard's own parse of it failed (Calcite's SqlHint#getOptionKVPairs casts the
            // LITERAL_CHAIN call to a literal): the REST call failed, no operation and no record. Now it is
            // decided and audited; Flink's planner fails on it as on a stock gateway, and its error is passed on.
            assertThat(continued.operationHandle()).as("an operation, not a failed REST call: %s", continued.error())
                    .isNotNull();
            assertThat(AuditFile.forOperation(continued.operationHandle())).isPresent();
            routes.put("Flink's own rejection, which lists the table's options", run(session,
                    "SELECT * FROM orders /*+ OPTIONS('format' = 'csv', 'partition.default-name' = 'https://u:" + SECRET
                            + "-G@h/x') */", 0).error());
            assertThat(run(session, "CREATE TEMPORARY TABLE sink (user_id STRING, n BIGINT) WITH ('connector' ="
                    + " 'blackhole')", 0).error()).isNull();
            RestSession.StatementResult warned = run(session,
                    "EXPLAIN INSERT INTO sink SELECT user_id, COUNT(*) FROM orders " + hint + " GROUP BY user_id", 1);
            routes.put("the EXPLAIN of an INSERT warned of, with its rewrites", warned.rows() + " " + warned.error());
            routes.put("the audit", AuditFile.forSession(session.handle()).toString());
        } finally {
            root.setLevel(level);
        }
        routes.put("the metrics (a Prometheus scrape)", PrometheusScrape.text(prometheus));
        byte[] log = Files.readAllBytes(logFile);
        routes.put("the gateway's log at DEBUG", new String(log, (int) logged, log.length - (int) logged, StandardCharsets.UTF_8));
        assertThat(routes.get("the gateway's log at DEBUG")).as("Flink logs each transformation at DEBUG")
                .contains("StreamGraphGenerator");
        routes.forEach((route, text) -> assertThat(text).as(route).isNotNull().doesNotContain(SECRET));
    }

    @Test
    void aLiteralOutsideTheOptionsThatCarriesASecretStaysOutOfTheAuditAsOutOfTheAnswers() throws Exception {
        // Round 41's hostile read: the lateral-top-n-unsupported refusal quoted the condition masked, while the
        // audit record's statement held the literal as written (it masked the options' literals only).
        String orders = "CREATE TEMPORARY TABLE lo (k STRING, a INT, note STRING) WITH ('connector' = 'datagen',"
                + " 'number-of-rows' = '5')";
        String users = "CREATE TEMPORARY TABLE lu (k STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '5')";
        Map<String, RestSession.StatementResult> answers = new LinkedHashMap<>();
        try (RestSession session = gateway.openSession(Map.of())) {
            assertThat(run(session, orders, 0).error()).isNull();
            assertThat(run(session, users, 0).error()).isNull();
            answers.put("lateral", run(session, "SELECT u.k, t.a FROM lu u, LATERAL (SELECT o.a FROM lo o WHERE o.k = u.k"
                    + " AND o.note = 'jdbc:x://db/y?password=" + SECRET + "-L1' ORDER BY o.a DESC LIMIT 3) t", 0));
            answers.put("lateral U&", run(session, "SELECT u.k, t.a FROM lu u, LATERAL (SELECT o.a FROM lo o WHERE o.k = u.k"
                    + " AND o.note = U&'pass\\0077ord=" + SECRET + "-L2' ORDER BY o.a DESC LIMIT 3 OFFSET 1) t", 0));
            answers.put("query", run(session, "SELECT k FROM lo WHERE note <> 'password=" + SECRET + "-L3'", 1));
        }
        answers.forEach((name, answer) -> {
            assertThat(answer.error() + answer.rows()).as(name).doesNotContain(SECRET);
            try {
                assertThat(AuditFile.forOperation(answer.operationHandle()).orElseThrow().toString()).as(name + "'s record")
                        .doesNotContain(SECRET);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertThat(answers.get("lateral").error()).contains("lateral-top-n-unsupported");
    }

    @Test
    void aSessionValueThatCarriesASecretUnderAKeyOfAnotherNameIsMaskedInTheListingAsInTheAudit() throws Exception {
        // Round 42's hostile read: SET 'pipeline.name' = 'token=...' was masked in the audit (a SET's value that
        // carries a secret), but the bare SET listing and GET /sessions/{handle} masked by the key alone and showed it.
        try (RestSession session = gateway.openSession(Map.of("pipeline.jobvertex-parallelism-overrides",
                "jdbc:x://db/y?password=" + SECRET + "-P1"))) {
            RestSession.StatementResult set = run(session, "SET 'pipeline.name' = 'token=" + SECRET + "-P2'", 0);
            assertThat(set.error()).isNull();
            RestSession.StatementResult listing = run(session, "SET", 1);
            assertThat(listing.error()).isNull();
            assertThat(listing.rows().toString()).as("the SET listing").contains("pipeline.name").doesNotContain(SECRET);
            String config = new GatewayRestClient(gateway.port()).get("/sessions/" + session.handle()).body().toString();
            assertThat(config).as("GET /sessions/{handle}").contains("pipeline.name").doesNotContain(SECRET);
            assertThat(AuditFile.forOperation(set.operationHandle()).orElseThrow().toString()).doesNotContain(SECRET);
        }
    }

    @Test
    void aSecretInAJarOrPlanLocationACommentOrAnIdentifierStaysOutOfTheAuditAndFlinksAnswer() throws Exception {
        // Round 42's hostile read: the audit's statement masked the literals the parser reports (options, hints, SET,
        // a query's literals) and left ADD JAR's, USING JAR's and COMPILE PLAN's locations, comments and quoted
        // identifiers as written, while a refusal quoting them showed '****'; and Flink's own error of an ADD JAR it
        // ran (handed on as its text) quoted the jar's path to the client.
        String sink = "CREATE TEMPORARY TABLE jb (a STRING) WITH ('connector' = 'blackhole')";
        Map<String, RestSession.StatementResult> answers = new LinkedHashMap<>();
        try (RestSession session = gateway.openSession(Map.of())) {
            assertThat(run(session, sink, 0).error()).isNull();
            answers.put("ADD JAR, user:password@", run(session, "ADD JAR 'https://u:" + SECRET + "-J1@repo.example/x.jar'", 0));
            answers.put("ADD JAR, password=", run(session, "ADD JAR '" + dir.resolve("password=" + SECRET + "-J2") + "/x.jar'", 0));
            answers.put("USING JAR", run(session, "CREATE TEMPORARY FUNCTION fj AS 'com.acme.udf.X' USING JAR '"
                    + dir.resolve("token=" + SECRET + "-J3.jar") + "'", 0));
            answers.put("COMPILE PLAN", run(session, "COMPILE PLAN '" + dir.resolve("secret=" + SECRET + "-J4.json")
                    + "' FOR INSERT INTO jb SELECT 'a'", 0));
            answers.put("comment", run(session, "SELECT 'a' -- password=" + SECRET + "-J5\nFROM (VALUES (1)) t (x)", 1));
            answers.put("identifier", run(session, "SELECT `password=" + SECRET + "-J6` FROM (VALUES (1)) t (`password="
                    + SECRET + "-J6`)", 1));
        }
        answers.forEach((name, answer) -> {
            assertThat(answer.error() + answer.rows()).as(name + ": the answer").doesNotContain(SECRET);
            try {
                assertThat(AuditFile.forOperation(answer.operationHandle()).orElseThrow().toString()).as(name + "'s record")
                        .doesNotContain(SECRET);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertThat(answers.get("ADD JAR, password=").error()).as("Flink's own error, masked").contains("not found");
    }
}
