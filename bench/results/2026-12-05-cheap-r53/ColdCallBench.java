import io.github.sqlguard.audit.Redactor;
import io.github.sqlguard.flink.ExplainOutcome;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.RuleEngine;
import io.github.sqlguard.service.StatementGuard;
import io.github.sqlguard.statement.StatementParser;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Is the guard's code "cold" at one session? Thread CPU of one call of the guard's own work on a cheap statement
 * (Flink's parser through StatementParser, the decision, the masking for its record), the JIT warm, called
 * back to back, after a 3 ms sleep (the thread idle as a REST I/O thread is between the statements of one session,
 * the core free for other processes), and after reading 32 MB of other memory (the caches filled by other work).
 * usage: java -cp <lib>/* ColdCallBench ROUNDS
 */
public class ColdCallBench {
    static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();
    static final long[] OTHER = new long[4 << 20];
    static long sink;

    static double median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2) / 1000.0;
    }

    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        RuleCatalog catalog = RuleCatalog.builtIn();
        Policy policy = Policy.defaults(catalog);
        StatementGuard guard = new StatementGuard(new RuleEngine(catalog, policy), policy);
        StatementGuard.Planner never = (body, streaming) -> new ExplainOutcome.Failed("not planned", 0);
        StatementParser parser = new StatementParser();
        Redactor redactor = new Redactor();
        Map<String, String> session = Map.of("execution.runtime-mode", "streaming", "table.exec.state.ttl", "1 h",
                "execution.target", "local", "parallelism.default", "1");
        String[] statements = {"SET 'table.exec.state.ttl' = '1 h'", "RESET 'pipeline.name'",
                "CREATE TABLE t_0_0_0 (id BIGINT, name STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '10')",
                "SHOW TABLES"};
        String[] modes = {"back to back", "after a 3 ms sleep", "after reading 32 MB"};
        List<List<Long>> times = new ArrayList<>();
        List<List<Long>[]> parts = new ArrayList<>();
        for (int m = 0; m < modes.length; m++) {
            times.add(new ArrayList<>());
            @SuppressWarnings("unchecked")
            List<Long>[] three = new List[] {new ArrayList<>(), new ArrayList<>(), new ArrayList<>()};
            parts.add(three);
        }
        for (int warm = 0; warm < 20_000; warm++) {
            String sql = statements[warm % statements.length];
            var parsed = parser.parse(sql);
            sink += guard.decide(parsed, session, Map.of(), never).verdict().findings().size() + redactor.redact(parsed).length();
        }
        for (int round = 0; round < rounds; round++) {
            for (int m = 0; m < modes.length; m++) {
                for (String sql : statements) {
                    if (m == 1) Thread.sleep(3);
                    if (m == 2) for (int i = 0; i < OTHER.length; i += 8) sink += OTHER[i]++;
                    long start = MX.getCurrentThreadCpuTime();
                    var parsed = parser.parse(sql);
                    long parsedAt = MX.getCurrentThreadCpuTime();
                    sink += guard.decide(parsed, session, Map.of(), never).verdict().findings().size();
                    long decidedAt = MX.getCurrentThreadCpuTime();
                    sink += redactor.redact(parsed).length();
                    long end = MX.getCurrentThreadCpuTime();
                    times.get(m).add(end - start);
                    parts.get(m)[0].add(parsedAt - start);
                    parts.get(m)[1].add(decidedAt - parsedAt);
                    parts.get(m)[2].add(end - decidedAt);
                }
            }
        }
        System.out.printf("%d rounds x %d statements per mode, load %s%n", rounds, statements.length,
                new String(java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/proc/loadavg"))).strip());
        for (int m = 0; m < modes.length; m++) {
            List<Long> t = times.get(m);
            Collections.sort(t);
            System.out.printf("%-22s median %7.1f us, p10 %7.1f, p90 %7.1f; parse, decide, redact medians %6.1f, %6.1f, %6.1f us%n",
                    modes[m], t.get(t.size() / 2) / 1000.0, t.get(t.size() / 10) / 1000.0, t.get(t.size() * 9 / 10) / 1000.0,
                    median(parts.get(m)[0]), median(parts.get(m)[1]), median(parts.get(m)[2]));
        }
    }
}
