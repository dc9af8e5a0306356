package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.identity.Identity;
import io.github.sqlguard.testing.AuditCapture;
import io.github.sqlguard.testing.InProcessGateway;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.endpoint.EndpointVersion;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionEnvironment;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.api.utils.SqlGatewayException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Scopes follow the tables a statement reads and writes, as Flink resolved them, on every route:
 * the guard's pipeline over Flink's real {@code SqlGatewayServiceImpl} and planner in this JVM, with
 * two in-memory catalogs, {@code lax} and {@code prod}, each a scope. No job runs (jobs go to a
 * JobManager address where nothing listens); the decisions are read from the audit.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ScopesFollowTablesTest {

    private static final String COLUMNS =
            "(order_id STRING, user_id STRING, amount DOUBLE, order_time TIMESTAMP(3),"
                    + " WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND)"
                    + " WITH ('connector' = 'datagen', 'rows-per-second' = '10')";

    private static String topN(String table) {
        return "SELECT * FROM (SELECT order_id, user_id, amount,"
                + " ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn FROM " + table + ") WHERE rn <= 3";
    }

    private AuditCapture audit;
    private InProcessGateway gateway;

    @BeforeAll
    void start() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        audit = AuditCapture.start();
        Map<String, String> options = new HashMap<>();
        options.put("execution.runtime-mode", "streaming");
        options.put("execution.target", "remote");
        options.put("rest.address", "127.0.0.1");
        options.put("rest.port", String.valueOf(closedPort));
        options.put("rest.retry.max-attempts", "0");
        options.put("rest.connection-timeout", "1 s");
        options.put("sql-guard.scopes.lax.match.catalogs", "lax");
        options.put("sql-guard.scopes.lax.min-state-ttl", "1 s");
        options.put("sql-guard.scopes.lax.rules.unbounded-rank.level", "WARN");
        options.put("sql-guard.scopes.lax.rules.large-top-n.allow-suppression", "true");
        options.put("sql-guard.scopes.prod.match.catalogs", "prod");
        options.put("sql-guard.scopes.prod.min-state-ttl", "1 h");
        options.put("sql-guard.scopes.prod.rules.ttl-not-a-table-option.level", "BLOCK");
        options.put("sql-guard.scopes.sandbox.match.catalogs", "sandbox");
        options.put("sql-guard.scopes.sandbox.mode", "report");
        options.put("sql-guard.scopes.alice.match.users", "alice");
        options.put("sql-guard.scopes.alice.max-top-n", "2");
        gateway = InProcessGateway.start(options, new AuditLog());
    }

    @AfterAll
    void stop() {
        gateway.close();
        audit.close();
    }

    /** A session with catalogs {@code lax} and {@code prod}, an {@code orders} table in each and in the default catalog, in {@code lax}. */
    private SessionHandle sessionInLax(Optional<Identity> identity) {
        SessionEnvironment environment =
                SessionEnvironment.newBuilder().setSessionEndpointVersion(new EndpointVersion() {}).build();
        SessionHandle session =
                identity.map(i -> gateway.service().openSession(environment, i))
                        .orElseGet(() -> gateway.service().openSession(environment));
        for (String statement : List.of(
                "CREATE CATALOG lax WITH ('type' = 'generic_in_memory')",
                "CREATE CATALOG prod WITH ('type' = 'generic_in_memory')",
                "CREATE TABLE prod.`default`.orders " + COLUMNS,
                "CREATE TABLE lax.`default`.orders " + COLUMNS,
                "CREATE TABLE default_catalog.default_database.orders " + COLUMNS,
                "USE CATALOG lax")) {
            assertThat(decided(session, statement).path("verdict").asText()).as(statement).isNotEqualTo("BLOCK");
        }
        return session;
    }

    private SessionHandle sessionInLax() {
        return sessionInLax(Optional.empty());
    }

    /** The record of what happened to {@code statement}, sent to {@code session}. */
    private JsonNode decided(SessionHandle session, String statement) {
        OperationHandle operation = gateway.service().executeStatement(session, statement, 0, new Configuration());
        return audit.forOperation(operation.toString())
                .orElseThrow(() -> new AssertionError("no audit record for " + statement));
    }

    private static List<String> ruleIds(JsonNode record) {
        List<String> ids = new ArrayList<>();
        record.path("findings").forEach(f -> ids.add(f.path("id").asText()));
        return ids;
    }

    private static List<String> tables(JsonNode record) {
        List<String> tables = new ArrayList<>();
        record.path("tables").forEach(t -> tables.add(t.path("table").asText() + "=" + t.path("scope").asText()));
        return tables;
    }

    @Test
    void aTableNamedInFullIsJudgedByItsOwnScopeNotTheCurrentCatalogs() {
        SessionHandle session = sessionInLax();
        // Allowed where it is set: the current catalog's scope, lax, has a minimum of 1 s.
        assertThat(decided(session, "SET 'table.exec.state.ttl' = '2 s'").path("verdict").asText()).isEqualTo("OK");

        JsonNode record = decided(session, topN("prod.`default`.orders"));

        assertThat(record.path("verdict").asText()).isEqualTo("BLOCK");
        assertThat(ruleIds(record)).contains("ttl-too-short");
        assertThat(record.path("scope").asText()).isEqualTo("prod");
        assertThat(tables(record)).containsExactly("prod.default.orders=prod");
        gateway.service().closeSession(session);
    }

    @Test
    void aWindowTableFunctionsSelectStarOverAStricterScopesTableIsJudgedByItsCompiledTtl() {
        SessionHandle session = sessionInLax();
        decided(session, "SET 'table.exec.state.ttl' = '2 s'");

        JsonNode record =
                decided(session,
                        "SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn FROM"
                                + " TABLE(TUMBLE(TABLE prod.`default`.orders, DESCRIPTOR(order_time), INTERVAL '1' MINUTE)))"
                                + " WHERE rn <= 3");

        assertThat(record.path("verdict").asText()).isEqualTo("BLOCK");
        assertThat(ruleIds(record)).contains("ttl-too-short");
        assertThat(record.path("operatorStateTtl").get(0).path("source").asText()).isEqualTo("compiled-plan");
        gateway.service().closeSession(session);
    }

    @Test
    void aStatementOverTablesOfSeveralScopesGetsTheHighestLevelAndTheStrictestOption() {
        SessionHandle session = sessionInLax();
        String union =
                "(SELECT * FROM lax.`default`.orders UNION ALL SELECT * FROM %s)";

        // lax alone: its own level for unbounded-rank.
        JsonNode laxOnly = decided(session, topN("orders"));
        assertThat(laxOnly.path("verdict").asText()).isEqualTo("WARN");
        assertThat(laxOnly.path("scope").asText()).isEqualTo("lax");

        // lax and a table no scope matches: the global BLOCK is the higher level.
        JsonNode withGlobal = decided(session, topN(union.formatted("default_catalog.default_database.orders")));
        assertThat(withGlobal.path("verdict").asText()).isEqualTo("BLOCK");
        assertThat(ruleIds(withGlobal)).contains("unbounded-rank");
        assertThat(withGlobal.path("scope").asText()).isEqualTo("lax");
        assertThat(tables(withGlobal))
                .containsExactlyInAnyOrder("lax.default.orders=lax", "default_catalog.default_database.orders=null");

        // lax and prod under a 2 s TTL: prod's minimum of 1 h, the higher one.
        decided(session, "SET 'table.exec.state.ttl' = '2 s'");
        JsonNode withProd = decided(session, topN(union.formatted("prod.`default`.orders")));
        assertThat(ruleIds(withProd)).contains("ttl-too-short");
        assertThat(withProd.path("scope").asText()).isIn("lax,prod", "prod,lax");
        gateway.service().closeSession(session);
    }

    @Test
    void useCatalogCannotLowerTheBarOfAnInsert() {
        SessionHandle session = sessionInLax();
        decided(session, "CREATE TABLE lax.`default`.sink (order_id STRING) WITH ('connector' = 'blackhole')");
        decided(session, "SET 'table.exec.state.ttl' = '2 s'");

        // Written in lax, read from prod: prod's minimum applies.
        JsonNode record =
                decided(session,
                        "INSERT INTO sink SELECT order_id FROM prod.`default`.orders GROUP BY order_id");

        assertThat(record.path("verdict").asText()).isEqualTo("BLOCK");
        assertThat(ruleIds(record)).contains("ttl-too-short");
        assertThat(record.path("scope").asText()).isEqualTo("lax,prod");
        assertThat(tables(record)).containsExactly("lax.default.sink=lax", "prod.default.orders=prod");
        gateway.service().closeSession(session);
    }

    @Test
    void aStatementSetIsJudgedByTheScopesOfItsInserts() {
        SessionHandle session = sessionInLax();
        decided(session, "CREATE TABLE lax.`default`.sink (order_id STRING, cnt BIGINT) WITH ('connector' = 'blackhole')");
        decided(session, "SET 'table.exec.state.ttl' = '2 s'");
        decided(session, "BEGIN STATEMENT SET");

        JsonNode insert =
                decided(session,
                        "INSERT INTO sink SELECT order_id, COUNT(*) FROM prod.`default`.orders GROUP BY order_id");

        assertThat(insert.path("verdict").asText()).isEqualTo("BLOCK");
        assertThat(insert.path("scope").asText()).isIn("lax,prod", "prod,lax");
        JsonNode end = decided(session, "END");
        assertThat(end.path("outcome").asText()).isEqualTo("empty-statement-set");
        gateway.service().closeSession(session);
    }

    @Test
    void anExplainIsJudgedByTheScopesOfTheTablesItsStatementWouldTouch() {
        SessionHandle session = sessionInLax();
        decided(session, "SET 'table.exec.state.ttl' = '2 s'");

        JsonNode record = decided(session, "EXPLAIN " + topN("prod.`default`.orders"));

        assertThat(record.path("outcome").asText()).isEqualTo("explained");
        assertThat(record.path("verdict").asText()).isEqualTo("BLOCK");
        assertThat(ruleIds(record)).contains("ttl-too-short");
        assertThat(record.path("scope").asText()).isEqualTo("prod");
        gateway.service().closeSession(session);
    }

    @Test
    void configureSessionJudgesDdlByTheScopeOfTheTableItCreates() {
        SessionHandle session = sessionInLax();
        String ttlOption = " (a STRING) WITH ('connector' = 'datagen', 'state.ttl' = '1 d')";

        // In lax a TTL in a WITH clause is a warning; prod makes it a BLOCK, from any current catalog.
        gateway.service().configureSession(session, "CREATE TABLE lax.`default`.t" + ttlOption, 0);
        assertThatThrownBy(() -> gateway.service().configureSession(session, "CREATE TABLE prod.`default`.t" + ttlOption, 0))
                .isInstanceOf(SqlGatewayException.class)
                .hasMessageContaining("ttl-not-a-table-option");
        JsonNode refused =
                audit.records().stream()
                        .filter(r -> r.path("call").asText().equals("configureSession"))
                        .filter(r -> r.path("outcome").asText().equals("blocked"))
                        .reduce((first, second) -> second)
                        .orElseThrow();
        assertThat(refused.path("scope").asText()).isEqualTo("prod");
        assertThat(tables(refused)).containsExactly("prod.default.t=prod");
        // Unqualified, the table is in the current catalog, lax: a warning.
        gateway.service().configureSession(session, "CREATE TABLE t2" + ttlOption, 0);
        gateway.service().closeSession(session);
    }

    @Test
    void aStatementOfNoTableFollowsTheCurrentCatalog() {
        SessionHandle session = sessionInLax();
        assertThat(decided(session, "SET 'table.exec.state.ttl' = '2 s'").path("scope").asText()).isEqualTo("lax");
        decided(session, "USE CATALOG prod");

        JsonNode record = decided(session, "SET 'table.exec.state.ttl' = '2 s'");

        assertThat(record.path("verdict").asText()).isEqualTo("BLOCK");
        assertThat(record.path("scope").asText()).isEqualTo("prod");
        assertThat(record.path("tables").isEmpty()).isTrue();
        gateway.service().closeSession(session);
    }

    @Test
    void perTableTheMostSpecificScopeOfUserAndCatalogApplies() {
        Identity alice =
                new Identity(Optional.of("alice"), List.of(), Identity.Source.TRUSTED_PROXY, Optional.empty(),
                        Optional.empty(), "127.0.0.1", Optional.empty());
        SessionHandle session = sessionInLax(Optional.of(alice));
        decided(session, "SET 'table.exec.state.ttl' = '1 d'");
        String top3 = topN("default_catalog.default_database.orders");

        // No catalog scope for default_catalog: alice's own scope (max-top-n 2) decides.
        JsonNode record = decided(session, top3);
        assertThat(ruleIds(record)).contains("large-top-n");
        assertThat(record.path("scope").asText()).isEqualTo("alice");
        // A table of prod: prod's scope ranks above a user scope, and has no max-top-n of its own.
        assertThat(ruleIds(decided(session, topN("prod.`default`.orders")))).doesNotContain("large-top-n");
        gateway.service().closeSession(session);
    }

    @Test
    void aStatementTheGuardCannotAnalyseIsJudgedByTheStrictestPolicyAnyOfItsTablesCouldGet() {
        SessionHandle session = sessionInLax();
        decided(session, "CREATE CATALOG sandbox WITH ('type' = 'generic_in_memory')");
        decided(session, "USE CATALOG sandbox");
        // Under sandbox's report mode a refusal is only audited; what the plan file touches is not known.
        assertThat(decided(session, "SELECT 1").path("scope").asText()).isEqualTo("sandbox");

        JsonNode record = decided(session, "EXECUTE PLAN 'file:///tmp/no-such-plan.json'");

        assertThat(record.path("verdict").asText()).isEqualTo("UNANALYSED");
        assertThat(record.path("outcome").asText()).isEqualTo("blocked");
        assertThat(record.path("scope").asText().split(",")).contains("sandbox", "prod", "lax");
        gateway.service().closeSession(session);
    }

    @Test
    void aMaterializedTableIsJudgedByTheScopeOfTheTableItDefinesAsWellAsOfWhatItReads() {
        SessionHandle session = sessionInLax();
        decided(session, "SET 'table.exec.state.ttl' = '2 s'");

        JsonNode record =
                decided(session,
                        "CREATE MATERIALIZED TABLE prod.`default`.counts FRESHNESS = INTERVAL '10' SECOND AS"
                                + " SELECT user_id, COUNT(*) AS cnt FROM lax.`default`.orders GROUP BY user_id");

        assertThat(record.path("verdict").asText()).isEqualTo("BLOCK");
        assertThat(ruleIds(record)).contains("ttl-too-short");
        assertThat(tables(record)).containsExactly("lax.default.orders=lax", "prod.default.counts=prod");
        gateway.service().closeSession(session);
    }
}
