package io.github.sqlguard.audit;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Not a test: the harness of bench/results/2026-12-04-audit-escapes-r44.md. CPU time of the calling
 * thread (ThreadMXBean#getCurrentThreadCpuTime) per held statement's two audit records: rendered
 * ({@code AuditLog#render} of both) and written ({@code AuditLog#write(decided, followedBy)} through
 * the shipped conf/logback.xml into a file of a temporary directory), for four statements: ASCII
 * SET, ASCII CREATE TABLE, a CREATE TABLE with Chinese identifiers and comments, and a SELECT with
 * U+2028/U+2029/U+0085. Compiled and run against the module's classes of each commit:
 * {@code java -cp <classes>:<test-classes>:<this>:$(cat cp.txt) io.github.sqlguard.audit.EscapeWrite <rounds> <repeats> <conf/logback.xml>}.
 */
public final class EscapeWrite {

    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        int repeats = Integer.parseInt(args[1]);
        Path dir = Files.createTempDirectory("audit-escapes-harness");
        LoggerContext context = new LoggerContext();
        context.setMDCAdapter(new ch.qos.logback.classic.util.LogbackMDCAdapter());
        context.putProperty("sql-guard.log.dir", dir.toString());
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(Path.of(args[2]).toFile());
        AuditLog log = new AuditLog(context.getLogger(AuditLog.LOGGER_NAME), Clock.systemUTC());
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

        Map<String, AuditRecord> statements = new LinkedHashMap<>();
        statements.put("SET (ASCII)", record("SET", "SET 'table.exec.state.ttl' = '1 h'"));
        statements.put("CREATE TABLE (ASCII)", record("CREATE_TABLE", createTable("orders", "order_id", "user_id", "-- orders")));
        statements.put("CREATE TABLE (Chinese)", record("CREATE_TABLE",
                createTable("\u8ba2\u5355", "\u8ba2\u5355\u7f16\u53f7", "\u7528\u6237\u7f16\u53f7", "-- \u8ba2\u5355\u8868\uff0c\u6bcf\u79d2\u5341\u884c")));
        statements.put("SELECT (U+2028 etc.)", record("QUERY",
                "SELECT 'a\u2028{\"outcome\":\"forged\"}\u2029b\u0085c' AS s, user_id FROM orders WHERE amount > 10"));
        for (Map.Entry<String, AuditRecord> each : statements.entrySet()) {
            AuditRecord decided = each.getValue();
            AuditRecord next = decided.followedBy(decided.time(), decided.sessionId(),
                    new AuditRecord.Happened("6a1f0e52-3b7d-4c33-9a55-0c1d2e3f4a5b", "submitted", "statement", null, null));
            int chars = log.render(decided).length() + log.render(next).length();
            for (int i = 0; i < rounds; i++) { // warm-up
                log.render(decided);
                log.render(next);
                log.write(decided, next);
            }
            StringBuilder render = new StringBuilder();
            StringBuilder write = new StringBuilder();
            for (int r = 0; r < repeats; r++) {
                long t0 = threads.getCurrentThreadCpuTime();
                for (int i = 0; i < rounds; i++) {
                    log.render(decided);
                    log.render(next);
                }
                long t1 = threads.getCurrentThreadCpuTime();
                for (int i = 0; i < rounds; i++) {
                    log.write(decided, next);
                }
                long t2 = threads.getCurrentThreadCpuTime();
                render.append(String.format(" %5.2f", (t1 - t0) / 1000.0 / rounds));
                write.append(String.format(" %5.2f", (t2 - t1) / 1000.0 / rounds));
            }
            System.out.printf("%-24s %5d chars | render us/statement:%s | write us/statement:%s%n",
                    each.getKey(), chars, render, write);
        }
        context.stop();
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private static String createTable(String table, String id, String user, String comment) {
        return comment + "\nCREATE TABLE " + table + " (\n  " + id + " BIGINT,\n  " + user + " STRING,\n  amount DOUBLE,\n"
                + "  order_time TIMESTAMP(3),\n  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND\n) WITH (\n"
                + "  'connector' = 'datagen',\n  'rows-per-second' = '10',\n  'fields." + id + ".kind' = 'sequence',\n"
                + "  'fields." + id + ".start' = '1',\n  'fields." + id + ".end' = '1000000',\n  'fields." + user + ".length' = '8'\n)";
    }

    private static AuditRecord record(String kind, String statement) {
        return new AuditRecord("2026-12-03T09:30:00.123Z", "0b6f3c1e-8f2a-4d5b-9c7e-1a2b3c4d5e6f", "gateway-1:8083",
                "executeStatement", "4b5c6d7e-8f90-4a1b-b2c3-d4e5f6071829",
                new Subject(null, "alice", "NONE", null, null, "3f1c9a7be2d84c6f0a5e1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60"),
                new AuditRecord.Statement(kind, statement, false, "9f2c1d0e8b7a69584736251403f2e1d0c9b8a79685746352413021f0e1d2c3b4"),
                new AuditRecord.Decided("OK", List.of(), List.of(), 0L, Map.of(), List.of(), 1L, List.of(), List.of(), null),
                new AuditRecord.Happened(null, "decided", null, null, null));
    }
}
