import io.github.sqlguard.service.GuardedSqlGatewayService;
import io.github.sqlguard.testing.InProcessGateway;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionHandle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * A cheap statement's critical path in one guarded service, in process (no REST), both routes of the same build
 * alternated statement by statement: parsed before the call (the REST endpoint until round 54: parse, then the call,
 * which holds the operation before deciding) and held before the parse (round 55: the call holds, then parses and
 * decides). Times from the call's start to (a) the call's return (what the REST endpoint answers after) and (b) the
 * operation's end (what a client polling the result waits for), read by the calling thread checking the operation's status every 20 µs (a park: about 70-100 µs apart in
 * practice, the same for both routes).
 * Two sessions, one per route; SLEEP_US between statements (a REST I/O thread idles between one session's statements).
 */
public final class CriticalPathBench {
    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        long sleepUs = Long.parseLong(args[1]);
        String[] kinds = {"SET", "SET_UNQUOTED", "RESET", "DDL", "SHOW"};
        try (InProcessGateway gateway = InProcessGateway.start(Map.of(), new io.github.sqlguard.audit.AuditLog())) {
            GuardedSqlGatewayService service = gateway.service();
            SessionHandle before = gateway.openSession(Map.of("table.exec.state.ttl", "1 d"));
            SessionHandle after = gateway.openSession(Map.of("table.exec.state.ttl", "1 d"));
            int warm = Integer.parseInt(args[2]);
            for (int i = 0; i < warm; i++) {
                for (int k = 0; k < kinds.length; k++) {
                    run(service, before, statement(kinds[k], "w" + i), false);
                    run(service, after, statement(kinds[k], "w" + i), true);
                }
            }
            System.out.printf("warmed up with %d statements per route; load %s%n", warm * kinds.length, load());
            for (int k = 0; k < kinds.length; k++) {
                List<long[]> b = new ArrayList<>();
                List<long[]> a = new ArrayList<>();
                for (int r = 0; r < rounds; r++) {
                    boolean afterFirst = r % 2 == 1;
                    for (int side = 0; side < 2; side++) {
                        boolean held = (side == 0) == afterFirst;
                        LockSupport.parkNanos(sleepUs * 1000);
                        long[] t = run(service, held ? after : before, statement(kinds[k], "r" + r + (held ? "a" : "b")), held);
                        (held ? a : b).add(t);
                    }
                }
                System.out.printf("%-13s call returns: before %6.1f after %6.1f µs | operation ended: before %7.1f after %7.1f µs"
                                + " | paired (after - before) ended, median %+6.1f µs, %d of %d rounds lower | load %s%n",
                        kinds[k], median(b, 0), median(a, 0), median(b, 1), median(a, 1), pairedMedian(a, b),
                        lower(a, b), rounds, load());
            }
        }
    }

    static String statement(String kind, String tag) {
        return switch (kind) {
            case "SET" -> "SET 'table.exec.state.ttl' = '1 d'";
            case "SET_UNQUOTED" -> "SET table.exec.state.ttl = '1 d'";
            case "RESET" -> "RESET 'pipeline.name'";
            case "DDL" -> "CREATE TABLE t_" + tag + " (id BIGINT, name STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '10')";
            default -> "SHOW TABLES";
        };
    }

    static long[] run(GuardedSqlGatewayService service, SessionHandle session, String sql, boolean heldBeforeParse) {
        long start = System.nanoTime();
        OperationHandle handle = heldBeforeParse
                ? service.executeHeldBeforeParse(session, sql, 0, new Configuration())
                : service.execute(session, service.parse(sql), 0, new Configuration());
        long returned = System.nanoTime();
        while (!service.getOperationInfo(session, handle).getStatus().isTerminalStatus()) {
            LockSupport.parkNanos(20_000);
        }
        long ended = System.nanoTime();
        service.closeOperation(session, handle);
        return new long[] {returned - start, ended - start};
    }

    static double median(List<long[]> xs, int i) {
        long[] v = xs.stream().mapToLong(x -> x[i]).sorted().toArray();
        return v[v.length / 2] / 1000.0;
    }

    static double pairedMedian(List<long[]> a, List<long[]> b) {
        long[] d = new long[a.size()];
        for (int i = 0; i < d.length; i++) {
            d[i] = a.get(i)[1] - b.get(i)[1];
        }
        Arrays.sort(d);
        return d[d.length / 2] / 1000.0;
    }

    static int lower(List<long[]> a, List<long[]> b) {
        int n = 0;
        for (int i = 0; i < a.size(); i++) {
            n += a.get(i)[1] < b.get(i)[1] ? 1 : 0;
        }
        return n;
    }

    static String load() throws Exception {
        return new String(java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/proc/loadavg"))).trim().split(" ")[0];
    }
}
