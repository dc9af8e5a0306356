package io.github.sqlguard.audit;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * Not a test: a harness for {@code bench/results/2026-12-03-audit-render-r39.md}. Allocation on the
 * calling thread (exact: {@code com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes}) of
 * the two records of one held cheap statement ({@code AuditLog#write(decided, followedBy)}, as
 * {@code AuditedCall#runHeld} writes them), through the shipped {@code conf/logback.xml} into a file
 * of a temporary directory, and of their rendering alone ({@code render} of both). Run from the
 * module directory with the test class path:
 * {@code java -cp target/classes:target/test-classes:$(cat cp.txt) io.github.sqlguard.audit.AuditAllocationHarness}.
 */
public final class AuditAllocationHarness {

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        Path dir = Files.createTempDirectory("audit-harness");
        LoggerContext context = new LoggerContext();
        // As SLF4J's provider sets it up: without it, every append fails (and Logback keeps that to itself).
        context.setMDCAdapter(new ch.qos.logback.classic.util.LogbackMDCAdapter());
        context.putProperty("sql-guard.log.dir", dir.toString());
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(Path.of("..", "conf", "logback.xml").toFile());
        ch.qos.logback.core.util.StatusPrinter2 printer = new ch.qos.logback.core.util.StatusPrinter2();
        if (System.getProperty("harness.status") != null) {
            printer.print(context);
        }
        AuditLog log = new AuditLog(context.getLogger(AuditLog.LOGGER_NAME), Clock.systemUTC());
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

        long expected = 0;
        for (Map.Entry<String, AuditRecord> each : Map.of("SET", set(), "CREATE TABLE", createTable()).entrySet()) {
            AuditRecord decided = each.getValue();
            AuditRecord next = decided.followedBy(decided.time(), decided.sessionId(),
                    new AuditRecord.Happened("6a1f0e52-3b7d-4c33-9a55-0c1d2e3f4a5b", "submitted", "statement", null, null));
            String rendered = log.render(decided) + "\n" + log.render(next);
            expected += 2L * rounds * rendered.getBytes().length + 2L * rounds; // each write: both lines and a line break
            for (int i = 0; i < rounds; i++) {
                log.render(decided);
                log.render(next);
                log.write(decided, next);
            }
            long a = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < rounds; i++) {
                log.render(decided);
                log.render(next);
            }
            long b = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < rounds; i++) {
                log.write(decided, next);
            }
            long c = threads.getCurrentThreadAllocatedBytes();
            System.out.printf("%-12s lines %5d chars | rendered: %7.0f B/statement | written through logback.xml: %7.0f B/statement%n",
                    each.getKey(), rendered.length(), (b - a) / (double) rounds, (c - b) / (double) rounds);
            // The two records' JSON, three ways: B and CPU ns per statement (CPU: loaded machine, indicative only).
            com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
            com.fasterxml.jackson.databind.ObjectWriter writer = mapper.writerFor(AuditRecord.class);
            List<Map.Entry<String, Renderer>> renderers = List.of(
                    Map.entry("ObjectMapper#writeValueAsString", mapper::writeValueAsString),
                    Map.entry("ObjectWriter (writerFor, pre-resolved)", writer::writeValueAsString),
                    Map.entry("AuditLog#render (logged_at included)", log::render));
            for (int pass = 0; pass < 2; pass++) {
                for (Map.Entry<String, Renderer> r : renderers) {
                    for (int i = 0; i < rounds; i++) {
                        r.getValue().render(decided);
                        r.getValue().render(next);
                    }
                    long a2 = threads.getCurrentThreadAllocatedBytes();
                    long t2 = threads.getCurrentThreadCpuTime();
                    for (int i = 0; i < rounds; i++) {
                        r.getValue().render(decided);
                        r.getValue().render(next);
                    }
                    long t3 = threads.getCurrentThreadCpuTime();
                    long b2 = threads.getCurrentThreadAllocatedBytes();
                    if (pass == 1) {
                        System.out.printf("  %-40s %7.0f B/statement %7.1f us CPU/statement%n", r.getKey(),
                                (b2 - a2) / (double) rounds, (t3 - t2) / 1000.0 / rounds);
                    }
                }
            }
        }
        context.stop();
        long written = Files.size(dir.resolve("sql-guard-audit.jsonl"));
        System.out.println("audit file: " + written + " bytes, expected " + expected
                + (written == expected ? " (every line written)" : " (LINES MISSING: the figures above are not the file's)"));
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private interface Renderer {
        String render(AuditRecord record) throws Exception;
    }

    private static Subject who() {
        return new Subject(null, "alice", "NONE", null, null,
                "3f1c9a7be2d84c6f0a5e1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60");
    }

    private static AuditRecord set() {
        return record("SET", "SET 'table.exec.state.ttl' = '1 h'", 0L);
    }

    private static AuditRecord createTable() {
        return record("CREATE_TABLE", "CREATE TABLE orders (\n  order_id BIGINT,\n  user_id STRING,\n  amount DOUBLE,\n"
                + "  order_time TIMESTAMP(3),\n  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND\n) WITH (\n"
                + "  'connector' = 'datagen',\n  'rows-per-second' = '10',\n  'fields.order_id.kind' = 'sequence',\n"
                + "  'fields.order_id.start' = '1',\n  'fields.order_id.end' = '1000000',\n  'fields.user_id.length' = '8'\n)", 3L);
    }

    private static AuditRecord record(String kind, String statement, long analysisMs) {
        return new AuditRecord("2026-12-03T09:30:00.123Z", "0b6f3c1e-8f2a-4d5b-9c7e-1a2b3c4d5e6f", "gateway-1:8083",
                "executeStatement", "4b5c6d7e-8f90-4a1b-b2c3-d4e5f6071829", who(),
                new AuditRecord.Statement(kind, statement, false,
                        "9f2c1d0e8b7a69584736251403f2e1d0c9b8a79685746352413021f0e1d2c3b4"),
                new AuditRecord.Decided("OK", List.of(), List.of(), 0L, Map.of(), List.of(), analysisMs, List.of(), List.of(),
                        null),
                new AuditRecord.Happened(null, "decided", null, null, null));
    }
}
