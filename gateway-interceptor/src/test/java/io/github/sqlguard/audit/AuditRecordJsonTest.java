package io.github.sqlguard.audit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The audit's line of a record of each kind the guard writes is the text Jackson's {@code
 * ObjectMapper} writes of it (by reflection, kept here only; with {@link LineTerminatorEscapes}, as the
 * audit's mapper), {@code logged_at} first: a field
 * renamed, moved, left out or escaped otherwise by {@link AuditRecordJson} fails here. The records
 * are shaped as the guard makes them ({@code Auditor}): a cheap statement's decision and its {@code
 * submitted} record, a refusal with findings, rewrites and its plan's state, a restore, a {@code
 * jobSubmitted} record, a policy reload, a session's properties, and texts with what JSON escaping
 * decides on. {@code AuditRecordJsonPropertiesTest} does the same for arbitrary records.
 */
class AuditRecordJsonTest {

    private static final ObjectMapper JACKSON = LineTerminatorEscapes.mapper();
    private static final Clock FIXED = Clock.fixed(Instant.parse("2026-12-03T17:40:12.045Z"), ZoneOffset.UTC);
    private static final String POLICY = "3f1c9a7be2d84c6f0a5e1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60";
    private static final String HASH = "9f2c1d0e8b7a69584736251403f2e1d0c9b8a79685746352413021f0e1d2c3b4";
    private static final String SESSION = "4b5c6d7e-8f90-4a1b-b2c3-d4e5f6071829";
    private static final String OPERATION = "6a1f0e52-3b7d-4c33-9a55-0c1d2e3f4a5b";

    private final AuditLog log = new AuditLog(new ch.qos.logback.classic.LoggerContext().getLogger(AuditLog.LOGGER_NAME), FIXED);

    @ParameterizedTest(name = "{0}")
    @MethodSource("records")
    void aRecordsLineIsWhatJacksonsMapperWritesOfIt(String kind, AuditRecord record) throws Exception {
        assertThat(log.render(record))
                .isEqualTo("{\"logged_at\":\"2026-12-03T17:40:12.045Z\"," + JACKSON.writeValueAsString(record).substring(1));
    }

    /**
     * A statement's decision record and the record of what followed it, written as one logging event, are the two
     * lines {@link AuditLog#render(AuditRecord)} writes of each, joined by a line break, and one generator writes
     * both (the factory counts the generators it makes).
     */
    @Test
    void aStatementsTwoRecordsAreTheirTwoLinesWrittenByOneGenerator() throws Exception {
        List<AuditRecord> all = records().map(r -> (AuditRecord) r[1]).toList();
        for (int i = 0; i + 1 < all.size(); i++) {
            AuditRecord first = all.get(i);
            AuditRecord second = all.get(i + 1);
            assertThat(log.render(first, second)).isEqualTo(log.render(first) + "\n" + log.render(second));
        }
        int[] made = {0};
        com.fasterxml.jackson.core.JsonFactory counting = new com.fasterxml.jackson.core.JsonFactory(JACKSON) {
            @Override
            public com.fasterxml.jackson.core.JsonGenerator createGenerator(java.io.Writer w) throws java.io.IOException {
                made[0]++;
                return super.createGenerator(w);
            }
        };
        StringBuilder out = new StringBuilder();
        AuditRecordJson.appendLines(counting, "2026-12-03T17:40:12.045Z", all.get(0), "2026-12-03T17:40:12.045Z",
                all.get(1), out);
        assertThat(made[0]).isOne();
        assertThat(out.toString()).isEqualTo(log.render(all.get(0)) + "\n" + log.render(all.get(1)));
    }

    @Test
    void theFullRecordNamesEveryComponentOfEveryAuditRecordType() throws Exception {
        String line = log.render(refusedWithRestore());
        Set<String> missing = new HashSet<>();
        Deque<Class<?>> types = new ArrayDeque<>(List.of(AuditRecord.class));
        Set<Class<?>> seen = new HashSet<>();
        while (!types.isEmpty()) {
            Class<?> type = types.pop();
            if (!seen.add(type)) {
                continue;
            }
            for (RecordComponent component : type.getRecordComponents()) {
                Class<?> nested = recordIn(component.getGenericType());
                if (nested != null) {
                    types.push(nested);
                }
                boolean unwrapped = type.getDeclaredField(component.getName())
                        .isAnnotationPresent(com.fasterxml.jackson.annotation.JsonUnwrapped.class);
                if (!unwrapped && !line.contains("\"" + component.getName() + "\":")) {
                    missing.add(type.getSimpleName() + "." + component.getName());
                }
            }
        }
        assertThat(missing).isEmpty();
        assertThat(seen).contains(Subject.class, Subject.Table.class, AuditRecord.AuditRestore.class,
                AuditRecord.AuditStateChange.class, AuditRecord.AuditMaxParallelism.class, AuditRecord.AuditSavedOperator.class);
    }

    /** The record type of a component: itself, or a list's element; {@code null} for anything else. */
    private static Class<?> recordIn(Type type) {
        if (type instanceof Class<?> c) {
            return c.isRecord() ? c : null;
        }
        if (type instanceof ParameterizedType p && p.getRawType() == List.class) {
            return recordIn(p.getActualTypeArguments()[0]);
        }
        return null;
    }

    static Stream<Object[]> records() {
        AuditRecord set = decided("SET", "SET 'table.exec.state.ttl' = '1 h'", AuditRecord.Decided.nothingJudged());
        AuditRecord created = decided("CREATE_TABLE", "CREATE TABLE orders (\n  order_id BIGINT,\n  amount DOUBLE\n)"
                + " WITH (\n  'connector' = 'datagen',\n  'password' = '****'\n)", AuditRecord.Decided.nothingJudged());
        AuditRecord refused = refusedWithRestore();
        AuditRecord submitted = refused.followedBy("2026-12-03T17:40:12.050Z", SESSION,
                new AuditRecord.Happened(OPERATION, "submitted", "judged-plan", null, null));
        return Stream.of(
                new Object[] {"a SET's decision", set},
                new Object[] {"a SET's submitted record", set.followedBy("2026-12-03T17:40:12.046Z", SESSION,
                        new AuditRecord.Happened(OPERATION, "submitted", "statement", null, null))},
                new Object[] {"a CREATE TABLE's decision", created},
                new Object[] {"SHOW TABLES, unanalysed", new AuditRecord("2026-12-03T17:40:12.044123Z", "b6f3c1e0-8f2a-4d5b-9c7e-1a2b3c4d5e6f",
                        "gateway-1:8083", "executeStatement", SESSION, new Subject(null, null, "NONE", null, null, POLICY),
                        new AuditRecord.Statement("SHOW_TABLES", "SHOW TABLES", false, HASH),
                        new AuditRecord.Decided("UNANALYSED", List.of(), List.of(), null, Map.of(), List.of(), 0, List.of(),
                                List.of(), null),
                        new AuditRecord.Happened(null, "decided", null, "the planner timed out", null))},
                new Object[] {"a refusal with findings, rewrites, state and a restore", refused},
                new Object[] {"its submitted record", submitted},
                new Object[] {"its jobSubmitted record", submitted.jobSubmitted("2026-12-03T17:40:13.001Z", "a1b2c3d4e5f60718293a4b5c6d7e8f90")},
                new Object[] {"a policy reload", new AuditRecord("2026-12-03T17:40:12Z", "0b6f3c1e-8f2a-4d5b-9c7e-1a2b3c4d5e6f",
                        "gateway-1:8083", "policyReload", null, Subject.unknown(POLICY),
                        new AuditRecord.Statement(What.POLICY, "-- policy reloaded\n-- 'sql-guard.rules.unbounded-rank.level' = 'BLOCK'",
                                false, HASH),
                        AuditRecord.Decided.nothingJudged(), new AuditRecord.Happened(null, "rejected", null, "bad \"level\"", null))},
                new Object[] {"a session's properties, a verified user, an ignored header", new AuditRecord(
                        "2026-12-03T17:40:12.000001Z", "0b6f3c1e-8f2a-4d5b-9c7e-1a2b3c4d5e6f", "gw", "openSession", SESSION,
                        new Subject("CN=alice,O=Ünïcode", "bob", "CLIENT_CERTIFICATE", "X-Forwarded-User from 10.0.0.9 ignored",
                                "finance,sandbox", POLICY, List.of(new Subject.Table("default_catalog.db.t", "finance"),
                                        new Subject.Table("default_catalog.db.u", null))),
                        new AuditRecord.Statement(What.SESSION_PROPERTIES,
                                "-- session properties at openSession\n-- 'sql-guard.user' = 'bob'", true, HASH),
                        AuditRecord.Decided.nothingJudged(), new AuditRecord.Happened(null, "applied", null, null, null))},
                new Object[] {"text JSON escaping decides on", decided("SET",
                        "SET 'a' = 'tab\there, nul\u0000, bell\u0007, esc\u001b, del\u007f, \"q\" \\ / </script> \u2028\u2029"
                                + " é 中文 \ud83d\ude00 lone \ud800 and \udfff, bom \ufeff, \uffff'",
                        AuditRecord.Decided.nothingJudged())},
                new Object[] {"no subject, statement, decision or outcome (unwrapped nulls)", new AuditRecord(
                        null, null, null, "gatewayStart", null, null, null, null, null)},
                new Object[] {"nulls inside lists and maps", decided("QUERY", "SELECT 1", new AuditRecord.Decided(null,
                        java.util.Arrays.asList(null, new AuditRecord.AuditFinding(null, null, null)),
                        java.util.Arrays.asList("a", null), Long.MIN_VALUE, nullValued(), java.util.Arrays.asList(
                                (AuditRecord.OperatorStateTtl) null), Long.MAX_VALUE, null, null, null))});
    }

    private static Map<String, Integer> nullValued() {
        Map<String, Integer> map = new LinkedHashMap<>();
        map.put("Rank", null);
        map.put("", Integer.MIN_VALUE);
        return map;
    }

    private static AuditRecord decided(String kind, String text, AuditRecord.Decided decision) {
        return new AuditRecord("2026-12-03T17:40:12.045Z", "0b6f3c1e-8f2a-4d5b-9c7e-1a2b3c4d5e6f", "gateway-1:8083",
                "executeStatement", SESSION, new Subject(null, "alice", "NONE", null, null, POLICY),
                new AuditRecord.Statement(kind, text, false, HASH), decision,
                new AuditRecord.Happened(null, "decided", null, null, null));
    }

    private static AuditRecord refusedWithRestore() {
        Map<String, Integer> stateful = new TreeMap<>(Map.of("GroupAggregate", 1, "Rank", 2));
        AuditRecord.AuditRestore restore = new AuditRecord.AuditRestore(
                "file:///savepoints/savepoint-4f1a2b-0c9d8e7f6a5b", null, false,
                List.of(new AuditRecord.AuditSavedOperator("cbc357ccb763df2852fee8c4fc7d55f2", "GroupAggregate[4]", 52_113L,
                        "GroupAggregate[4]")),
                List.of(new AuditRecord.AuditSavedOperator("0a448493b4782967b150582570326227", null, 0L, null)),
                "a1b2c3d4e5f60718293a4b5c6d7e8f90", null,
                List.of(new AuditRecord.AuditStateChange("CHANGED_MEANING", "Rank[4]", "Rank[6]",
                        List.of("the rank's order changed: 'ts DESC' -> 'amount DESC'"), true)),
                List.of(new AuditRecord.AuditMaxParallelism("cbc357ccb763df2852fee8c4fc7d55f2", "GroupAggregate -> Sink",
                        128, 256, 256, "BELOW_PARALLELISM")));
        AuditRecord.Decided decision = new AuditRecord.Decided("BLOCK",
                List.of(new AuditRecord.AuditFinding("unbounded-rank", "BLOCK", "Rank(strategy=[RetractStrategy], ...)", 5),
                        new AuditRecord.AuditFinding("ttl-bare-number", "WARN", "SET 'table.exec.state.ttl' = '3600'")),
                List.of("stateful-without-ttl"), 0L, stateful,
                List.of(new AuditRecord.OperatorStateTtl("GroupAggregate[4]", "groupAggregateState", 0L, "compiled-plan"),
                        new AuditRecord.OperatorStateTtl("Rank[5]", null, 86_400_000L, "inferred")),
                412L,
                List.of(new AuditRecord.AuditRewrite("unbounded-rank", "window-top-n", HASH, List.of("WindowRank"))),
                List.of(new AuditRecord.RewriteCount("unbounded-rank", 3, 1, 1, 1, 2)), restore);
        return new AuditRecord("2026-12-03T17:40:12.045Z", "0b6f3c1e-8f2a-4d5b-9c7e-1a2b3c4d5e6f", "gateway-1:8083",
                "executeStatement", SESSION, new Subject("alice", "alice", "TRUSTED_PROXY", null, "finance", POLICY,
                        List.of(new Subject.Table("default_catalog.db.orders", "finance"))),
                new AuditRecord.Statement("INSERT", "INSERT INTO top3\nSELECT * FROM (SELECT *, ROW_NUMBER() OVER ("
                        + "PARTITION BY user_id ORDER BY amount DESC) AS rn FROM orders) WHERE rn <= 3", false, HASH),
                decision, new AuditRecord.Happened(null, "decided", null,
                        "[sql-guard] Statement blocked: unbounded-rank\n  Rank[5] keeps every row", null));
    }
}
