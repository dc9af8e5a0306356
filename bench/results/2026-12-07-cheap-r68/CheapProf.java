import io.github.sqlguard.testing.InProcessGateway;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Map;

/**
 * The guard's submit path of one kind of cheap statement, in process: the submitting thread's CPU time and allocated
 * bytes per statement (ThreadMXBean) over the measured statements, and a JFR recording (settings arg 3) of the
 * measured statements alone (started after the warm-up, unlike round 67's, whose recording held the warm-up's class
 * loading too), written to arg 4. For run.sh.
 */
public class CheapProf {
    public static void main(String[] args) throws Exception {
        String kind = args[0];
        int warm = Integer.parseInt(args[1]);
        int n = Integer.parseInt(args[2]);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        jdk.jfr.Recording recording = new jdk.jfr.Recording(jdk.jfr.Configuration.create(Path.of(args[3])));
        try (InProcessGateway gw = InProcessGateway.start()) {
            SessionHandle s = gw.openSession(Map.of("parallelism.default", "1"));
            long cpu = 0, alloc = 0;
            for (int i = 0; i < warm + n; i++) {
                if (i == warm) {
                    recording.start();
                }
                String sql = switch (kind) {
                    case "DDL" -> "CREATE TABLE t_" + i + " (id BIGINT, name STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '10')";
                    case "SET" -> "SET 'table.exec.state.ttl' = '1 h'";
                    case "SHOW" -> "SHOW TABLES";
                    default -> "RESET 'table.exec.state.ttl'";
                };
                long c0 = threads.getCurrentThreadCpuTime();
                long a0 = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
                OperationHandle h = gw.service().executeHeldBeforeParse(s, sql, 0, new Configuration());
                long c1 = threads.getCurrentThreadCpuTime();
                long a1 = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
                if (i >= warm) { cpu += c1 - c0; alloc += a1 - a0; }
                while (!gw.service().getOperationInfo(s, h).getStatus().isTerminalStatus()) { java.util.concurrent.locks.LockSupport.parkNanos(100_000); }
                gw.service().closeOperation(s, h);
            }
            recording.stop();
            recording.dump(Path.of(args[4]));
            System.out.printf("%s n=%d submit-thread CPU %.1f us/stmt, allocated %.0f bytes/stmt%n", kind, n, cpu / 1e3 / n, alloc / (double) n);
        }
        System.exit(0);
    }
}
