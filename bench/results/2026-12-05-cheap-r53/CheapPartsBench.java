import io.github.sqlguard.audit.Redactor;
import io.github.sqlguard.flink.ExplainOutcome;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.RuleEngine;
import io.github.sqlguard.service.StatementGuard;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementParser;

import org.apache.flink.configuration.Configuration;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Thread CPU per call of two parts of the guard's own path for a cheap statement, with the public API both builds
 * share: the decision (StatementGuard#decide: the platform limits, then every rule) under the default policy and
 * under one that sets every platform limit, and the masking of the statement's text for its audit record
 * (Redactor#redact). Run once per build's class path; medians of rounds.
 * usage: java -cp <gateway jar>:<lib>/* CheapPartsBench ROUNDS N
 */
public class CheapPartsBench {
    static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    interface Body { Object run(); }

    static long cpu(Body body, int n) {
        long start = MX.getCurrentThreadCpuTime();
        Object sink = null;
        for (int i = 0; i < n; i++) {
            sink = body.run();
        }
        if (sink == null) throw new AssertionError();
        return MX.getCurrentThreadCpuTime() - start;
    }

    static StatementGuard guard(Map<String, String> options) {
        RuleCatalog catalog = RuleCatalog.builtIn();
        Policy policy = Policy.fromConfiguration(Configuration.fromMap(options), catalog);
        return new StatementGuard(new RuleEngine(catalog, policy), policy);
    }

    public static void main(String[] args) {
        int rounds = Integer.parseInt(args[0]);
        int n = Integer.parseInt(args[1]);
        Map<String, String> statements = new LinkedHashMap<>();
        statements.put("SET", "SET 'table.exec.state.ttl' = '1 h'");
        statements.put("SET_UNQUOTED", "SET table.exec.state.ttl = '1 h'");
        statements.put("RESET", "RESET 'pipeline.name'");
        statements.put("DDL", "CREATE TABLE t_0_0_0 (id BIGINT, name STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '10')");
        statements.put("SHOW", "SHOW TABLES");
        Map<String, String> session = new LinkedHashMap<>();
        session.put("execution.target", "local");
        session.put("execution.attached", "true");
        session.put("execution.runtime-mode", "streaming");
        session.put("parallelism.default", "1");
        session.put("table.exec.state.ttl", "1 h");
        session.put("sql-gateway.endpoint.type", "guard");
        session.put("sql-gateway.endpoint.rest.port", "8083");
        // A gateway's session holds its whole configuration (config.yaml and Flink's defaults): 60 entries more.
        for (int i = 0; i < 60; i++) {
            session.put("some.option.of.the.gateway-" + i, "value " + i);
        }
        StatementGuard stock = guard(Map.of());
        StatementGuard limited = guard(Map.of(
                "sql-guard.allow.jars", "/opt/udf", "sql-guard.allow.function-classes", "com.acme.udf.*",
                "sql-guard.allow.connectors", "datagen;blackhole;filesystem", "sql-guard.allow.paths", "/data",
                "sql-guard.protected.paths", "/etc/flink;/var/log/flink"));
        StatementGuard.Planner never = (body, streaming) -> new ExplainOutcome.Failed("not planned", 0);
        StatementParser parser = new StatementParser();
        Redactor redactor = new Redactor();
        Map<String, List<Long>> times = new LinkedHashMap<>();
        for (int round = -3; round < rounds; round++) {
            for (Map.Entry<String, String> e : statements.entrySet()) {
                ParsedStatement parsed = parser.parse(e.getValue());
                long decide = cpu(() -> stock.decide(parsed, session, Map.of(), never), n);
                long decideLimited = cpu(() -> limited.decide(parsed, session, Map.of(), never), n);
                long redact = cpu(() -> redactor.redact(parsed), n);
                if (round >= 0) {
                    times.computeIfAbsent(e.getKey() + " decide", k -> new ArrayList<>()).add(decide / n);
                    times.computeIfAbsent(e.getKey() + " decide, limits set", k -> new ArrayList<>()).add(decideLimited / n);
                    times.computeIfAbsent(e.getKey() + " redact", k -> new ArrayList<>()).add(redact / n);
                }
            }
        }
        System.out.printf("%d rounds of %d calls, load %s%n", rounds, n, load());
        times.forEach((name, list) -> {
            Collections.sort(list);
            System.out.printf("%-32s median %7.2f us  (min %7.2f, max %7.2f)%n", name, list.get(list.size() / 2) / 1000.0,
                    list.get(0) / 1000.0, list.get(list.size() - 1) / 1000.0);
        });
    }

    static String load() {
        try {
            return new String(java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/proc/loadavg"))).strip();
        } catch (java.io.IOException e) {
            return "?";
        }
    }
}
