import jdk.jfr.consumer.*;
import java.nio.file.*;
import java.time.*;
import java.util.*;
import java.util.stream.*;

/**
 * Reads a guarded gateway's JFR recording (prof.jfc): the io.github.sqlguard.Statement events of the last N
 * statements (the measured ones; arg 2 = how many to skip from the start, JIT warm-up), and the execution samples,
 * parks, monitor enters and GC pauses that fall in each statement's window on its thread.
 * usage: java JfrCheap.java REC.jfr SKIP [KIND] [SLOWPCT]
 */
public class JfrCheap {
    record Stmt(long tid, Instant end, long guard, long handOff, String kind, long parse, long decide, long audit, int idx) {
        Instant begin() { return end.minusNanos(guard + handOff); }
    }
    public static void main(String[] a) throws Exception {
        List<RecordedEvent> evs = RecordingFile.readAllEvents(Path.of(a[0]));
        int skip = Integer.parseInt(a[1]);
        String kindFilter = a.length > 2 ? a[2] : "DDL";
        double slowPct = a.length > 3 ? Double.parseDouble(a[3]) : 99;
        List<Stmt> stmts = new ArrayList<>();
        List<RecordedEvent> other = new ArrayList<>();
        List<RecordedEvent> gcs = new ArrayList<>();
        evs.sort(Comparator.comparing(RecordedEvent::getEndTime));
        int i = 0;
        for (RecordedEvent e : evs) {
            String t = e.getEventType().getName();
            if (t.equals("io.github.sqlguard.Statement")) {
                stmts.add(new Stmt(e.getThread().getJavaThreadId(), e.getEndTime(), e.getLong("guardTime"), e.getLong("handOffTime"),
                        e.getString("kind"), e.getLong("parseTime"), e.getLong("decideTime"), e.getLong("auditTime"), i++));
            } else if (t.equals("jdk.GarbageCollection") || t.equals("jdk.SafepointBegin") ) {
                gcs.add(e);
            } else if ((t.equals("jdk.ExecutionSample") || t.equals("jdk.ThreadPark")
                    || t.equals("jdk.JavaMonitorEnter") || t.equals("jdk.FileWrite") || t.equals("jdk.JavaMonitorWait"))) {
                other.add(e);
            }
        }
        // execution samples carry sampledThread
        System.out.println("statements " + stmts.size() + ", skipping " + skip);
        int take = a.length > 4 ? Integer.parseInt(a[4]) : Integer.MAX_VALUE;
        List<Stmt> measured = stmts.subList(Math.min(skip, stmts.size()), (int) Math.min((long) skip + take, stmts.size()));
        Map<Long, List<Stmt>> byThread = measured.stream().collect(Collectors.groupingBy(Stmt::tid));
        List<Stmt> kind = measured.stream().filter(s -> kindFilter.equals("ALL") || s.kind().equals(kindFilter)).toList();
        long[] g = kind.stream().mapToLong(Stmt::guard).sorted().toArray();
        if (g.length == 0) { System.out.println("none"); return; }
        long p50 = g[g.length / 2], pslow = g[(int) Math.min(g.length - 1, Math.floor(g.length * slowPct / 100))];
        System.out.printf("%s: n=%d guard median %d us, p%.0f %d us%n", kindFilter, g.length, p50 / 1000, slowPct, pslow / 1000);
        // attribute samples to statements
        Map<String, Integer> parts = new TreeMap<>();
        Map<String, Integer> leafGuard = new HashMap<>();
        Map<String, Integer> leaf = new HashMap<>();
        Map<String, Integer> inclusive = new HashMap<>();
        int samples = 0;
        Map<String, Double> slowWaits = new HashMap<>();
        Map<String, Integer> slowSamples = new HashMap<>();
        List<Stmt> slow = kind.stream().filter(s -> s.guard() >= pslow).toList();
        for (RecordedEvent e : other) {
            RecordedThread th = e.getEventType().getName().equals("jdk.ExecutionSample") ? e.getThread("sampledThread") : e.getThread();
            if (th == null) continue;
            List<Stmt> ts = byThread.get(th.getJavaThreadId());
            if (ts == null) continue;
            Instant at = e.getStartTime();
            Stmt hit = null;
            for (Stmt s : ts) { if (!at.isBefore(s.begin()) && !at.isAfter(s.end())) { hit = s; break; } }
            if (hit == null || !(kindFilter.equals("ALL") || hit.kind().equals(kindFilter))) continue;
            List<RecordedFrame> fr = e.getStackTrace() == null ? List.of() : e.getStackTrace().getFrames();
            boolean isSlow = hit.guard() >= pslow;
            if (e.getEventType().getName().equals("jdk.ExecutionSample")) {
                samples++;
                String part = part(fr);
                parts.merge(part, 1, Integer::sum);
                if (!fr.isEmpty()) leaf.merge(name(fr.get(0)), 1, Integer::sum);
                for (RecordedFrame f : fr) { String n = name(f); if (n.contains("sqlguard")) { leafGuard.merge(n, 1, Integer::sum); break; } }
                Set<String> seen = new HashSet<>();
                for (RecordedFrame f : fr) { String n = name(f); if (seen.add(n)) inclusive.merge(n, 1, Integer::sum); }
                if (isSlow) slowSamples.merge(part + " | " + (fr.isEmpty() ? "" : name(fr.get(0))), 1, Integer::sum);
            } else if (isSlow) {
                String where = fr.stream().map(JfrCheap::name).filter(n -> n.contains("sqlguard") || n.contains("flink")).limit(3).collect(Collectors.joining(" < "));
                slowWaits.merge(e.getEventType().getName() + " | " + where, e.getDuration().toNanos() / 1e6, Double::sum);
            }
        }
        System.out.println("samples in " + kindFilter + " statements: " + samples);
        final int S = samples; System.out.println("-- by part"); parts.forEach((k, v) -> System.out.printf("%6d %5.1f%% %s%n", v, 100.0 * v / S, k));
        top("leaf guard frame", leafGuard, samples, 30);
        top("leaf frame", leaf, samples, 25);
        top("inclusive", inclusive, samples, 120);
        System.out.println("-- slow statements (" + slow.size() + "): guard / parse / decide / audit / handOff us");
        for (Stmt s : slow) System.out.printf("  %d / %d / %d / %d / %d  thread %d at %s%n", s.guard()/1000, s.parse()/1000, s.decide()/1000, s.audit()/1000, s.handOff()/1000, s.tid(), s.end());
        top("slow: waits ms", slowWaits.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, x -> (int) Math.round(x.getValue()))), 0, 20);
        top("slow: samples", slowSamples, 0, 20);
        int gcHits = 0; double gcMs = 0;
        for (Stmt s : slow) for (RecordedEvent gc : gcs) if (gc.getEventType().getName().equals("jdk.GarbageCollection") && gc.getEndTime().isAfter(s.begin()) && gc.getStartTime().isBefore(s.end())) { gcHits++; gcMs += gc.getDuration().toNanos()/1e6; }
        System.out.printf("slow statements overlapping a GC: %d (%.1f ms of GC)%n", gcHits, gcMs);
        long gcAll = gcs.stream().filter(x -> x.getEventType().getName().equals("jdk.GarbageCollection")).count();
        System.out.println("GCs in recording: " + gcAll);
    }
    static String part(List<RecordedFrame> fr) {
        for (RecordedFrame f : fr) {
            String n = name(f);
            if (n.contains("KeptParse.of") || n.contains("StatementParser.parse")) return "parse";
            if (n.contains("AuditLog.") || n.contains("Auditor.") || n.contains("AuditedCall.") || n.contains("AuditRecordJson")) return "audit";
            if (n.contains("Decider.unnoted") || n.contains("StatementGuard.")) return "decide";
            if (n.contains("HandOff") || n.contains("EarlyHold") ) return "handoff/earlyhold:" + n.replaceAll(".*\\.(\\w+\\.\\w+)$", "$1");
            if (n.contains("StatementPipeline.execute")) return "pipeline-rest";
            if (n.contains("DecidingExecuteStatementHandler")) return "handler-other";
        }
        return "outside";
    }
    static String name(RecordedFrame f) { return f.getMethod().getType().getName() + "." + f.getMethod().getName(); }
    static void top(String title, Map<String, Integer> m, int total, int n) {
        System.out.println("-- " + title);
        m.entrySet().stream().sorted((x, y) -> y.getValue() - x.getValue()).limit(n)
                .forEach(x -> System.out.printf("%6d %5.1f%% %s%n", x.getValue(), total == 0 ? 0.0 : 100.0 * x.getValue() / total, x.getKey()));
    }
}
