import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.audit.AuditRecord;
import io.github.sqlguard.audit.Auditor;
import io.github.sqlguard.audit.Subject;
import io.github.sqlguard.audit.What;
import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.decision.Outcome;
import io.github.sqlguard.flink.ExplainOutcome;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.RuleEngine;
import io.github.sqlguard.service.StatementGuard;
import io.github.sqlguard.service.StatementPipeline;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementParser;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Thread CPU of the three parts of the guard's own path for a cheap statement that round 54 changed, with the public
 * API both builds share: the parse the REST endpoint makes before the statement's operation is made (Flink's parsers
 * through StatementParser, then StatementPipeline#decidesWithoutPlanning), the decision (StatementGuard#decide: the
 * platform limits, then every rule) and the two audit records made (Auditor#decided and #outcome: masking, SHA-256,
 * the findings); not written. Warm: the mean of N calls back to back, per round; cold: one call of each part per
 * statement after the thread slept 3 ms (as a REST I/O thread idles between one session's statements). Driven by
 * {@link PairedBench}, which loads this class once per build and alternates them call by call.
 */
public class CheapPathBench {
    static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();
    static long sink;

    interface Body { Object run(); }

    static long cpu(Body body, int n) {
        long start = MX.getCurrentThreadCpuTime();
        for (int i = 0; i < n; i++) {
            sink += body.run().hashCode();
        }
        return MX.getCurrentThreadCpuTime() - start;
    }

    public static final String[] KINDS = {"SET", "SET_UNQUOTED", "RESET", "DDL", "SHOW"};
    public static final String[] PARTS = {"parse", "decide", "records"};
    private static Body[][] parts;

    /** Makes the parts' calls (the guard's objects of this class loader's build). */
    public static void setUp() {
        Map<String, String> statements = new LinkedHashMap<>();
        statements.put("SET", "SET 'table.exec.state.ttl' = '1 h'");
        statements.put("SET_UNQUOTED", "SET table.exec.state.ttl = '1 h'");
        statements.put("RESET", "RESET 'pipeline.name'");
        statements.put("DDL", "CREATE TABLE t_0_0_0 (id BIGINT, name STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '10')");
        statements.put("SHOW", "SHOW TABLES");
        Map<String, String> session = new LinkedHashMap<>();
        session.put("execution.target", "local");
        session.put("execution.runtime-mode", "streaming");
        session.put("parallelism.default", "1");
        session.put("table.exec.state.ttl", "1 h");
        for (int i = 0; i < 60; i++) {
            session.put("some.option.of.the.gateway-" + i, "value " + i);
        }
        RuleCatalog catalog = RuleCatalog.builtIn();
        Policy policy = Policy.defaults(catalog);
        StatementGuard guard = new StatementGuard(new RuleEngine(catalog, policy), policy);
        StatementGuard.Planner never = (body, streaming) -> new ExplainOutcome.Failed("not planned", 0);
        StatementParser parser = new StatementParser();
        Auditor auditor = new Auditor(new AuditLog(), "bench", 4096);
        Subject who = Subject.unknown("hash");
        parts = new Body[statements.size()][];
        int s = 0;
        for (String sql : statements.values()) {
            ParsedStatement parsed = parser.parse(sql);
            Decision decision = guard.decide(parsed, session, Map.of(), never);
            parts[s++] = new Body[] {
                () -> {
                    ParsedStatement p = parser.parse(sql);
                    return StatementPipeline.decidesWithoutPlanning(p) ? p : sql;
                },
                () -> guard.decide(parsed, session, Map.of(), never),
                () -> {
                    AuditRecord decided = auditor.decided("executeStatement", "session", who, What.statement(parsed), decision);
                    return auditor.outcome(decided, "session", "operation", Outcome.APPLIED, "statement", null);
                }
            };
        }
    }

    /** Thread CPU per call (ns), mean of {@code n} calls back to back, of each kind's parts: [kind * 3 + part]. */
    public static long[] warm(int n) {
        long[] t = new long[parts.length * PARTS.length];
        for (int k = 0; k < parts.length; k++) {
            for (int p = 0; p < PARTS.length; p++) {
                t[k * PARTS.length + p] = cpu(parts[k][p], n) / n;
            }
        }
        return t;
    }

    /** Thread CPU (ns) of one call of each kind's parts, each kind after the thread slept 3 ms. */
    public static long[] cold() throws InterruptedException {
        long[] t = new long[parts.length * PARTS.length];
        for (int k = 0; k < parts.length; k++) {
            Thread.sleep(3);
            for (int p = 0; p < PARTS.length; p++) {
                t[k * PARTS.length + p] = cpu(parts[k][p], 1);
            }
        }
        return t;
    }
}
