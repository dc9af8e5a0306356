import io.github.sqlguard.audit.Redactor;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Thread CPU of what the guard made for Flink's FetchResultsHandler on a page with rows: before, every value of a
 * session's configuration masked (Redactor#redactValues, GuardedSqlGatewayService#getSessionConfig); after, the
 * time zone's entry alone (FetchResultsView). Flink's own copy of the configuration (SqlGatewayServiceImpl
 * #getSessionConfig) is made on both paths and not measured. usage: java -cp <lib>/* FetchConfigBench ENTRIES ROUNDS
 */
public class FetchConfigBench {
    static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();
    static long sink;

    public static void main(String[] args) {
        int entries = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        Map<String, String> config = new HashMap<>();
        config.put("table.local-time-zone", "Asia/Tokyo");
        config.put("table.exec.state.ttl", "1 h");
        config.put("execution.target", "local");
        config.put("rest.address", "localhost");
        for (int i = config.size(); i < entries; i++) {
            config.put("some.option.of.the.gateway-" + i, "value " + i);
        }
        List<Long> all = new ArrayList<>();
        List<Long> zone = new ArrayList<>();
        int n = 2000;
        for (int round = -5; round < rounds; round++) {
            long start = MX.getCurrentThreadCpuTime();
            for (int i = 0; i < n; i++) sink += Redactor.redactValues(config).size();
            long mid = MX.getCurrentThreadCpuTime();
            for (int i = 0; i < n; i++) {
                String value = config.get("table.local-time-zone");
                sink += Map.of("table.local-time-zone", Redactor.isSecret("table.local-time-zone", value) ? "****" : value).size();
            }
            long end = MX.getCurrentThreadCpuTime();
            if (round >= 0) {
                all.add((mid - start) / n);
                zone.add((end - mid) / n);
            }
        }
        Collections.sort(all);
        Collections.sort(zone);
        System.out.printf("%d entries, %d rounds of %d: every value masked %.2f us, the time zone alone %.3f us (medians); load %s%n",
                entries, rounds, n, all.get(all.size() / 2) / 1000.0, zone.get(zone.size() / 2) / 1000.0,
                load());
    }

    static String load() {
        try {
            return new String(java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/proc/loadavg"))).strip();
        } catch (java.io.IOException e) {
            return "?";
        }
    }
}
