package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.AuditFile;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

/**
 * Issue 29 item 7's other shapes (round 37), through a real gateway over REST: what one session's
 * calls make the gateway keep or write is bounded in bytes by what the session sends once, not
 * multiplied by the guard.
 */
class SessionBytesGatewayIT {

    private static final Duration TIMEOUT = Duration.ofMinutes(3);

    /**
     * A claimed user ({@code sql-guard.user}, else the session name) is written in every record of the
     * session. One of a megabyte made every record a megabyte: a user's {@code SHOW DATABASES} wrote
     * two megabytes of audit, and a loop of them filled the audit's disk, after which every statement
     * of every user is refused ({@code sql-guard.audit.fail-mode: closed}). It is cut now.
     */
    @Test
    void aClaimedUserOfAMegabyteIsCutInEveryRecordOfItsSession() throws Exception {
        String claimed = "mallory-" + "u".repeat(1024 * 1024);
        try (RestSession session = GuardedGateway.shared().openSession(Map.of("sql-guard.user", claimed))) {
            RestSession.StatementResult shown = session.execute("SHOW DATABASES", 1, TIMEOUT);

            assertThat(shown.error()).isNull();
            JsonNode record = AuditFile.forOperation(shown.operationHandle()).orElseThrow();
            String claimedInRecord = record.path("claimedUser").asText();
            assertThat(claimedInRecord).startsWith("mallory-uuu").endsWith("… (cut: " + claimed.length() + " characters)");
            assertThat(claimedInRecord.length()).isLessThanOrEqualTo(GuardedSqlGatewayService.MAX_CLAIMED_USER_CHARS + 40);
            assertThat(record.toString().length()).as("the record of a SHOW DATABASES").isLessThan(4096);
        }
    }

    /**
     * A rewrite that answers several findings repeats the whole statement: the session's state TTL
     * ({@code SET 'table.exec.state.ttl'} before the statement) answers both the Top-N's and the
     * aggregation's finding (a second rewrite, the {@code STATE_TTL} hint, answers the Top-N's). The
     * refusal wrote the first out under each finding, so the statement three times, and Flink keeps a failed operation's error until the client closes the
     * operation; now it is written once and named under the others in the guard's section of an
     * {@code EXPLAIN}. A refusal shows the BLOCK finding's best rewrite alone (the warning's is
     * {@code EXPLAIN}'s to show), so the statement once there too.
     */
    @Test
    void aRefusalWritesOutARewriteThatAnswersManyFindingsOnce() throws Exception {
        String topN = "SELECT * FROM (SELECT user_id, c /*" + "q".repeat(256 * 1024) + "*/, ROW_NUMBER() OVER (PARTITION BY"
                + " user_id ORDER BY c DESC) AS rn FROM (SELECT user_id, COUNT(*) AS c FROM orders GROUP BY user_id))"
                + " WHERE rn <= 3";
        try (RestSession session = GuardedGateway.shared().openSession(Map.of())) {
            session.execute("CREATE TEMPORARY TABLE orders (order_id STRING, user_id STRING, amount DOUBLE) WITH"
                    + " ('connector' = 'datagen')", 0, TIMEOUT);

            RestSession.StatementResult refused = session.execute(topN, 0, TIMEOUT);
            RestSession.StatementResult explained = session.execute("EXPLAIN " + topN, 1, TIMEOUT);

            assertThat(refused.error()).contains("unbounded-rank").contains("stateful-without-ttl")
                    .contains("EXPLAIN followed by this statement proves and shows every rewrite");
            assertThat((long) refused.error().length()).as("the refusal's text against the statement's " + topN.length())
                    .isLessThan(topN.length() * 5L / 2);
            String guardsSection = explained.rows().toString();
            assertThat(guardsSection).contains(ExplainSection.HEADER);
            guardsSection = guardsSection.substring(guardsSection.indexOf(ExplainSection.HEADER));
            assertThat(guardsSection).contains("the same statements as the rewrite shown above");
            assertThat((long) guardsSection.length()).as("the guard's section of the EXPLAIN").isLessThan(topN.length() * 5L / 2);
        }
    }

    /**
     * A statement set sent statement by statement is handed on at {@code END} as one {@code EXECUTE
     * STATEMENT SET}, which the guard parses and plans whole: each INSERT under {@code
     * sql-guard.max-statement-bytes} added up to a set of any size (a hundred INSERTs of a megabyte: a
     * statement of a hundred megabytes parsed at {@code END}, where one such statement is refused before
     * it is read). An INSERT that would take the set past the limit is refused now, before it is
     * planned, and the set stays open without it.
     */
    @Test
    void aStatementSetIsHeldToTheSizeOfOneStatement() throws Exception {
        String comment = "/*" + "s".repeat(600 * 1024) + "*/";
        String insert = "INSERT INTO sunk SELECT n " + comment + " FROM single_row";
        try (RestSession session = GuardedGateway.shared().openSession(Map.of())) {
            session.execute("CREATE TEMPORARY TABLE single_row (n BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '1')",
                    0, TIMEOUT);
            session.execute("CREATE TEMPORARY TABLE sunk (n BIGINT) WITH ('connector' = 'blackhole')", 0, TIMEOUT);
            assertThat(session.execute("BEGIN STATEMENT SET", 0, TIMEOUT).error()).isNull();
            assertThat(session.execute(insert, 0, TIMEOUT).error()).as("the first INSERT of 600 KiB").isNull();

            RestSession.StatementResult second = session.execute(insert, 0, TIMEOUT);

            assertThat(second.error()).as("the second, which would make the set 1.2 MiB")
                    .contains("the statement set would be")
                    .contains("more than sql-guard.max-statement-bytes (1048576 bytes)");
            JsonNode record = AuditFile.forOperation(second.operationHandle()).orElseThrow();
            assertThat(record.path("outcome").asText()).isEqualTo("refused");
            RestSession.StatementResult end = session.execute("END", 0, TIMEOUT);
            assertThat(end.error()).as("the set of the first INSERT runs").isNull();
        }
    }

    /**
     * A statement handed on is kept with its records until its operation names its job, for the
     * {@code jobSubmitted} record; a {@code SET}'s result names none, so a client that never closed its
     * operations kept every {@code SET}'s records in the gateway: 137 KB per {@code SET} of a 30,000-character
     * value, four times the 33 KB Flink keeps of the operation (hostile-reprobe-r37). Kinds that start no job
     * are not awaited now; an INSERT still is, until its result names the job.
     */
    @Test
    void anOperationThatStartsNoJobIsNotKeptForItsJob() throws Exception {
        GuardedGateway gateway = GuardedGateway.shared();
        try (RestSession session = gateway.openSession(Map.of())) {
            session.execute("CREATE TEMPORARY TABLE one_row (n BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '1')",
                    0, TIMEOUT);
            session.execute("CREATE TEMPORARY TABLE sunk_rows (n BIGINT) WITH ('connector' = 'blackhole')", 0, TIMEOUT);
            GuardedSession guarded =
                    gateway.runtime().sessions().find(new SessionHandle(UUID.fromString(session.handle()))).orElseThrow();

            for (String noJob : new String[] {
                "SET 'probe.k' = '" + "v".repeat(30_000) + "'", "RESET 'probe.k'", "SHOW TABLES",
                "EXPLAIN SELECT n FROM one_row"}) {
                String operation = session.submit(noJob, Map.of());
                session.fetch(operation, 0, TIMEOUT, Duration.ofMillis(50));
                assertThat(guarded.awaitsJob(new OperationHandle(UUID.fromString(operation))))
                        .as("%s, its operation open and its result read", noJob.substring(0, Math.min(40, noJob.length())))
                        .isFalse();
                session.closeOperation(operation);
            }
            String insert = session.submit("INSERT INTO sunk_rows SELECT n FROM one_row", Map.of());
            assertThat(guarded.awaitsJob(new OperationHandle(UUID.fromString(insert)))).as("an INSERT, before its job is named")
                    .isTrue();
            session.closeOperation(insert);
        }
    }
}
