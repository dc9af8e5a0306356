package io.github.sqlguard.audit;

import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/** CPU of rendering a SET's two records, in blocks of 500 statements from a cold JVM: mapper (ObjectWriter) or hand (AuditLog#render). */
public class ColdRender {
    public static void main(String[] args) throws Exception {
        boolean hand = args[0].equals("hand");
        int blocks = Integer.parseInt(args[1]);
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        var writer = new com.fasterxml.jackson.databind.ObjectMapper().writerFor(AuditRecord.class);
        AuditLog log = new AuditLog(new ch.qos.logback.classic.LoggerContext().getLogger(AuditLog.LOGGER_NAME), Clock.systemUTC());
        Subject who = new Subject(null, "alice", "NONE", null, null, "3f1c9a7be2d84c6f0a5e1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60");
        AuditRecord d = new AuditRecord("2026-12-03T09:30:00.123Z", "0b6f3c1e-8f2a-4d5b-9c7e-1a2b3c4d5e6f", "gateway-1:8083",
                "executeStatement", "4b5c6d7e-8f90-4a1b-b2c3-d4e5f6071829", who,
                new AuditRecord.Statement("SET", "SET 'table.exec.state.ttl' = '1 h'", false, "9f2c1d0e8b7a69584736251403f2e1d0c9b8a79685746352413021f0e1d2c3b4"),
                new AuditRecord.Decided("OK", List.of(), List.of(), 0L, Map.of(), List.of(), 0, List.of(), List.of(), null),
                new AuditRecord.Happened(null, "decided", null, null, null));
        AuditRecord n = d.followedBy(d.time(), d.sessionId(), new AuditRecord.Happened("6a1f", "submitted", "statement", null, null));
        StringBuilder out = new StringBuilder();
        long sink = 0;
        for (int b = 0; b < blocks; b++) {
            long t = threads.getCurrentThreadCpuTime();
            for (int i = 0; i < 500; i++) {
                if (hand) {
                    sink += log.render(d).length() + log.render(n).length();
                } else {
                    sink += writer.writeValueAsString(d).length() + writer.writeValueAsString(n).length();
                }
            }
            long us = (threads.getCurrentThreadCpuTime() - t) / 1000;
            if (b < 4 || b % 10 == 9) System.out.printf("%s statements %5d-%5d: %6.1f us CPU/statement%n", args[0], b * 500, b * 500 + 499, us / 500.0);
        }
        System.out.println(sink);
    }
}
