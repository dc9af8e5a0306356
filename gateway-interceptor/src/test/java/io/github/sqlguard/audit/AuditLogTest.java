package io.github.sqlguard.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.sqlguard.policy.GuardOptions;
import io.github.sqlguard.testing.FailingAppender;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

class AuditLogTest {

    private static final Clock FIXED = Clock.fixed(Instant.parse("2026-11-30T03:18:51.208Z"), ZoneOffset.UTC);

    private final LoggerContext context = new LoggerContext();
    private final Logger logger = context.getLogger(AuditLog.LOGGER_NAME);

    @Test
    void writesTheRecordAsOneJsonLineInThePlainMessage() throws Exception {
        ListAppender<ILoggingEvent> appender = new ListAppender<>();
        appender.setContext(context);
        appender.start();
        logger.addAppender(appender);

        new AuditLog(logger, FIXED).write(record(Map.of("Rank", 1), "SELECT 1\nFROM t"));

        assertThat(appender.list).hasSize(1);
        ILoggingEvent event = appender.list.get(0);
        assertThat(event.getMarkerList()).isNullOrEmpty();
        assertThat(event.getArgumentArray()).isNullOrEmpty();
        String line = event.getFormattedMessage();
        assertThat(line).doesNotContain("\n");
        JsonNode json = new ObjectMapper().readTree(line);
        assertThat(json.fieldNames()).toIterable().startsWith("logged_at", "time", "decisionId", "instance", "call");
        assertThat(json.path("logged_at").asText()).isEqualTo("2026-11-30T03:18:51.208Z");
        assertThat(json.path("statement").asText()).isEqualTo("SELECT 1\nFROM t");
        assertThat(json.path("statefulOperators").path("Rank").asInt()).isEqualTo(1);
        assertThat(json.path("findings").get(0).path("id").asText()).isEqualTo("unbounded-rank");
        assertThat(json.path("findings").get(0).path("planNode").asInt()).isEqualTo(5);
        assertThat(json.has("jobId")).isTrue();
        assertThat(json.path("jobId").isNull()).isTrue();
    }

    /**
     * Where Python's {@code str.splitlines()} splits (its documented set: \n, \r, \r\n, \x0b, \x0c,
     * \x1c-\x1e, U+0085, U+2028, U+2029), as a log shipper or script that splits on Unicode lines does.
     */
    private static final java.util.regex.Pattern UNICODE_LINES =
            java.util.regex.Pattern.compile("\\r\\n|[\\n\\r\\x0b\\x0c\\x1c-\\x1e\\x{85}\\x{2028}\\x{2029}]");

    @org.junit.jupiter.params.ParameterizedTest(name = "U+{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"2028", "2029", "0085"})
    void writesAStatementsUnicodeLineTerminatorsEscapedSoEachRecordStaysOneLine(String hex) throws Exception {
        ListAppender<ILoggingEvent> appender = new ListAppender<>();
        appender.setContext(context);
        appender.start();
        logger.addAppender(appender);
        char terminator = (char) Integer.parseInt(hex, 16);
        String statement = "SELECT 'a" + terminator + "{\"outcome\":\"forged\"}" + terminator + "b', '\u4e2d' FROM t";
        AuditRecord decided = record(Map.of(), statement);

        new AuditLog(logger, FIXED).write(decided, decided.followedBy(
                "2026-11-30T03:18:51.300Z", "4b5c", new AuditRecord.Happened("0d3e", "submitted", "statement", null, null)));

        String written = appender.list.get(0).getFormattedMessage() + "\n";
        assertThat(written).doesNotContain(String.valueOf(terminator))
                .contains("'a\\u" + hex + "{\\\"outcome\\\":\\\"forged\\\"}\\u" + hex + "b'")
                .contains("'\u4e2d'");
        List<String> lines = List.of(UNICODE_LINES.split(written));
        assertThat(lines).hasSize(2);
        for (String line : lines) {
            JsonNode json = new ObjectMapper().readTree(line);
            assertThat(json.path("statement").asText()).isEqualTo(statement);
        }
    }

    @Test
    void writesTheNestedRecordsFieldsFlatInTheLinesOrder() throws Exception {
        String line = new AuditLog(logger, FIXED).render(record(Map.of(), "SELECT 1"));

        assertThat(new ObjectMapper().readTree(line).fieldNames()).toIterable().containsExactly(
                "logged_at", "time", "decisionId", "instance", "call", "sessionId",
                "user", "claimedUser", "identitySource", "identityRejected", "scope", "policyHash", "tables",
                "kind", "statement", "statementTruncated", "statementSha256",
                "verdict", "findings", "suppressed", "effectiveStateTtlMs", "statefulOperators", "operatorStateTtl",
                "analysisMs", "rewrites", "rewriteCounts", "restore",
                "operationHandle", "outcome", "execution", "error", "jobId", "savepointPath");
    }

    @Test
    void aRecordThatCannotBeRenderedIsAnAuditWriteException() {
        Map<String, Integer> nullKey = new HashMap<>();
        nullKey.put(null, 1);

        assertThatThrownBy(() -> new AuditLog(logger, FIXED).write(record(nullKey, "SELECT 1")))
                .isInstanceOf(AuditWriteException.class)
                .hasMessageContaining("could not be rendered as JSON")
                .hasMessageContaining("executeStatement");
    }

    @Test
    void aFailureOfTheBackendsAppenderReachesTheCaller() {
        logger.addAppender(new FailingAppender());

        assertThatThrownBy(() -> new AuditLog(logger, FIXED).write(record(Map.of(), "SELECT 1")))
                .isInstanceOf(AuditWriteException.class)
                .hasMessageContaining("could not be written")
                .cause()
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("disk full");
    }

    @Test
    void recordsWrittenLaterReachTheFileInOrderBeforeTheNextRecordWrittenAtOnce() throws Exception {
        ListAppender<ILoggingEvent> appender = new ListAppender<>();
        appender.setContext(context);
        appender.start();
        logger.addAppender(appender);
        AuditLog log = new AuditLog(logger, FIXED);
        List<AuditWriteException> failures = new java.util.concurrent.CopyOnWriteArrayList<>();

        for (int i = 0; i < 50; i++) {
            log.write(record(Map.of(), "SELECT " + i + " -- decided"));
            log.writeLater(record(Map.of(), "SELECT " + i + " -- outcome"), failures::add);
        }
        log.flush();

        ObjectMapper json = new ObjectMapper();
        List<String> lines = appender.list.stream()
                .flatMap(e -> e.getFormattedMessage().lines())
                .toList();
        List<String> statements = new java.util.ArrayList<>();
        for (String line : lines) {
            statements.add(json.readTree(line).path("statement").asText());
        }
        List<String> expected = new java.util.ArrayList<>();
        for (int i = 0; i < 50; i++) {
            expected.add("SELECT " + i + " -- decided");
            expected.add("SELECT " + i + " -- outcome");
        }
        assertThat(statements).containsExactlyElementsOf(expected);
        assertThat(appender.list.size()).as("logging events: queued records share one with the next record")
                .isLessThanOrEqualTo(100);
        assertThat(failures).isEmpty();
    }

    @Test
    void linesHandedInWhileAnotherIsBeingWrittenGoOutTogetherInTheNextLoggingEvent() throws Exception {
        BlockingAppender appender = new BlockingAppender();
        logger.addAppender(appender);
        AuditLog log = new AuditLog(logger, FIXED);

        Thread first = new Thread(() -> log.write(record(Map.of(), "SELECT 0")));
        first.start();
        appender.inFirst.await();
        List<Thread> queued = new java.util.ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            String statement = "SELECT " + i;
            queued.add(new Thread(() -> log.write(record(Map.of(), statement))));
        }
        queued.forEach(Thread::start);
        awaitWaiting(queued);
        appender.releaseFirst.countDown();
        first.join();
        for (Thread thread : queued) {
            thread.join();
        }

        assertThat(appender.list).as("the write under way, then one event of the three lines queued behind it").hasSize(2);
        assertThat(statements(appender.list.get(0))).containsExactly("SELECT 0");
        assertThat(statements(appender.list.get(1))).containsExactlyInAnyOrder("SELECT 1", "SELECT 2", "SELECT 3");
    }

    @Test
    void everyCallerWhoseLineAFailedLoggingEventCarriedIsTold() throws Exception {
        BlockingAppender appender = new BlockingAppender();
        FailingAppender disk = new FailingAppender();
        disk.failing = false;
        appender.onSecond = () -> disk.failing = true;
        logger.addAppender(appender);
        logger.addAppender(disk);
        AuditLog log = new AuditLog(logger, FIXED);

        Thread first = new Thread(() -> log.write(record(Map.of(), "SELECT 0")));
        first.start();
        appender.inFirst.await();
        List<Throwable> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<Thread> queued = new java.util.ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            String statement = "SELECT " + i;
            queued.add(new Thread(() -> {
                try {
                    log.write(record(Map.of(), statement));
                } catch (AuditWriteException e) {
                    failures.add(e);
                }
            }));
        }
        queued.forEach(Thread::start);
        awaitWaiting(queued);
        appender.releaseFirst.countDown();
        first.join();
        for (Thread thread : queued) {
            thread.join();
        }

        assertThat(appender.list).hasSize(2);
        assertThat(failures).hasSize(3).allSatisfy(e -> assertThat(e)
                .hasMessageContaining("could not be written").hasMessageContaining("executeStatement")
                .cause().hasMessage("disk full"));
    }

    /** Waits until each of {@code threads} is parked (on the audit's writing lock, its line queued before it). */
    private static void awaitWaiting(List<Thread> threads) throws InterruptedException {
        for (Thread thread : threads) {
            while (thread.getState() != Thread.State.WAITING) {
                Thread.sleep(1);
            }
        }
    }

    private static List<String> statements(ILoggingEvent event) throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<String> statements = new java.util.ArrayList<>();
        for (String line : event.getFormattedMessage().lines().toList()) {
            statements.add(json.readTree(line).path("statement").asText());
        }
        return statements;
    }

    /** Keeps the events; the first waits inside its write until released (a write the kernel holds up). */
    private final class BlockingAppender extends ListAppender<ILoggingEvent> {
        final java.util.concurrent.CountDownLatch inFirst = new java.util.concurrent.CountDownLatch(1);
        final java.util.concurrent.CountDownLatch releaseFirst = new java.util.concurrent.CountDownLatch(1);
        Runnable onSecond = () -> {};

        BlockingAppender() {
            setContext(context);
            start();
        }

        @Override
        protected void append(ILoggingEvent event) {
            super.append(event);
            if (list.size() == 1) {
                inFirst.countDown();
                try {
                    releaseFirst.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            } else if (list.size() == 2) {
                onSecond.run();
            }
        }
    }

    @Test
    void aWriteIsHeldUpOnceItHasRunForTheGivenTimeNotBefore() throws Exception {
        BlockingAppender appender = new BlockingAppender();
        logger.addAppender(appender);
        AuditLog atOnce = new AuditLog(logger, FIXED, Duration.ZERO);
        AuditLog afterADay = new AuditLog(logger, FIXED, Duration.ofDays(1));
        assertThat(atOnce.heldUp()).as("nothing written").isFalse();

        Thread first = new Thread(() -> atOnce.write(record(Map.of(), "SELECT 0")));
        first.start();
        appender.inFirst.await();
        assertThat(atOnce.heldUp()).as("0: held up while any event is written").isTrue();
        appender.releaseFirst.countDown();
        first.join();
        assertThat(atOnce.heldUp()).as("written").isFalse();

        BlockingAppender second = new BlockingAppender();
        logger.detachAppender(appender);
        logger.addAppender(second);
        Thread written = new Thread(() -> afterADay.write(record(Map.of(), "SELECT 1")));
        written.start();
        second.inFirst.await();
        assertThat(afterADay.heldUp()).as("an event written for less than a day").isFalse();
        second.releaseFirst.countDown();
        written.join();
    }

    @Test
    void theDefaultHeldUpTimeIsTheOptionsDefaultAndANegativeOneIsRefused() {
        assertThat(AuditLog.HELD_UP_AFTER).isEqualTo(GuardOptions.AUDIT_HELD_UP_AFTER.defaultValue());
        assertThatThrownBy(() -> new AuditLog(logger, FIXED, Duration.ofNanos(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("negative");
    }

    @Test
    void aRecordWrittenLaterThatFailsIsToldToItsCaller() {
        logger.addAppender(new FailingAppender());
        AuditLog log = new AuditLog(logger, FIXED);
        List<AuditWriteException> failures = new java.util.concurrent.CopyOnWriteArrayList<>();

        log.writeLater(record(Map.of(), "SELECT 1"), failures::add);
        log.flush();

        assertThat(failures).singleElement().satisfies(e -> assertThat(e)
                .hasMessageContaining("could not be written").hasMessageContaining("executeStatement"));
    }

    @Test
    void theRecordThatFollowsADecisionIsRenderedAsAFullRenderingWouldBe() throws Exception {
        AuditLog log = new AuditLog(logger, FIXED);
        AuditRecord decided = record(Map.of("Rank", 1, "GroupAggregate", 2),
                "SELECT '\",\"operationHandle\":' AS tricky,\n\"x\" FROM t -- \u00e9\u4e2d");
        List<AuditRecord> following = List.of(
                decided.followedBy("2026-11-30T03:18:51.300Z", "4b5c", new AuditRecord.Happened("0d3e", "submitted", "statement", null, null)),
                decided.followedBy("2026-11-30T03:18:51.301Z", "4b5c",
                        new AuditRecord.Happened(null, "failed", null, "Flink said: \"no\"\nat line 2, column 3", null)),
                // Another session (openSession): not the decision record's text, rendered in full.
                decided.followedBy("2026-11-30T03:18:51.302Z", "9a9a", new AuditRecord.Happened("0d3f", "applied", null, null, null)),
                decided.jobSubmitted("2026-11-30T03:18:51.303Z", "a1b2c3"));

        for (AuditRecord next : following) {
            log.render(decided);
            assertThat(log.render(next)).isEqualTo(
                    "{\"logged_at\":\"2026-11-30T03:18:51.208Z\"," + LineTerminatorEscapes.mapper().writeValueAsString(next).substring(1));
            assertThat(new ObjectMapper().readTree(log.render(next)).path("statement").asText()).isEqualTo(decided.statement().statement());
        }
    }

    @net.jqwik.api.Property(tries = 5000)
    void loggedAtIsWhatTheFormatterWrites(@net.jqwik.api.ForAll("instants") long epochMilli) {
        assertThat(AuditLog.loggedAt(epochMilli)).isEqualTo(java.time.format.DateTimeFormatter
                .ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSX").withZone(ZoneOffset.UTC).format(Instant.ofEpochMilli(epochMilli)));
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<Long> instants() {
        return net.jqwik.api.Arbitraries.oneOf(
                net.jqwik.api.Arbitraries.longs().between(-62_135_596_800_000L - 86_400_000L, 253_402_300_800_000L + 86_400_000L),
                net.jqwik.api.Arbitraries.longs().between(1_700_000_000_000L, 1_900_000_000_000L),
                net.jqwik.api.Arbitraries.of(0L, -1L, 999L, 1000L, 86_399_999L, 86_400_000L, 951_782_400_000L,
                        -62_135_596_800_000L, -62_135_596_800_001L, 253_402_300_799_999L, 253_402_300_800_000L));
    }

    private static AuditRecord record(Map<String, Integer> stateful, String statement) {
        return new AuditRecord(
                "2026-11-30T03:18:51.207Z", "5e1a", "vm:8083", "executeStatement", "4b5c",
                new Subject(null, "alice", "NONE", null, null, "ab12"),
                new AuditRecord.Statement("QUERY", statement, false, "9f2c"),
                new AuditRecord.Decided(
                        "BLOCK", List.of(new AuditRecord.AuditFinding("unbounded-rank", "BLOCK", "Rank[5](...)", 5)), List.of(),
                        0L, stateful, List.of(), 41L, List.of(), List.of(), null),
                new AuditRecord.Happened("0d3e", "blocked", null, null, null));
    }

    /** An appender as a backend may have one that propagates: Appender directly, not AppenderBase. */
}
