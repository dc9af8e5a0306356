package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.flink.ExplainOutcome;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleEngine;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.RuleRole;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementParser;
import io.github.sqlguard.testing.CaseCorpus;
import io.github.sqlguard.testing.InProcessGateway;
import io.github.sqlguard.testing.SqlScript;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The platform limits ({@link RuleRole#LIMIT}) judge a statement before it is planned and again among all
 * rules ({@link StatementGuard#limits}, {@link StatementGuard#judge(StatementGuard.Analysis,
 * io.github.sqlguard.rules.LimitsVerdict)}): each limit runs once for a statement the guard does not plan,
 * counted by a rule that wraps it, and the verdict with the limits' hits reused is the one of running them again
 * (a statement Flink's parser rejects has them run again: its context has the parser's error),
 * over every statement of the case corpus, under the default policy, a policy that sets every limit, and the
 * case's own policy.
 */
class LimitsJudgedOnceTest {

    private static final Map<String, String> LIMITS = Map.of(
            "sql-guard.allow.jars", "/opt/udf",
            "sql-guard.allow.function-classes", "com.acme.udf.*",
            "sql-guard.allow.connectors", "datagen;blackhole;filesystem",
            "sql-guard.allow.paths", "/data");

    /** A rule that counts its checks. */
    private record Counted(Rule rule, AtomicInteger checks) implements Rule {
        @Override
        public RuleDeclaration declaration() {
            return rule.declaration();
        }

        @Override
        public List<RuleHit> check(AnalysisContext context) {
            checks.incrementAndGet();
            return rule.check(context);
        }
    }

    private final Map<String, AtomicInteger> checks = new LinkedHashMap<>();

    /** The built-in catalog with each limit counted. */
    private RuleCatalog counted() {
        return RuleCatalog.of(RuleCatalog.builtIn().rules().stream()
                .map(rule -> rule.declaration().role() == RuleRole.LIMIT
                        ? (Rule) new Counted(rule, checks.computeIfAbsent(rule.id(), id -> new AtomicInteger()))
                        : rule)
                .toList());
    }

    private Map<String, Integer> counts() {
        Map<String, Integer> counts = new LinkedHashMap<>();
        checks.forEach((id, count) -> counts.put(id, count.get()));
        return counts;
    }

    private void reset() {
        checks.values().forEach(count -> count.set(0));
    }

    @Test
    void eachLimitJudgesAStatementThatIsNotPlannedOnce() throws Exception {
        try (InProcessGateway gateway = InProcessGateway.start(LIMITS, new AuditLog(), counted())) {
            SessionHandle session = gateway.openSession(Map.of());
            for (String sql : List.of(
                    "SET 'table.exec.state.ttl' = '1 h'",
                    "SET table.exec.state.ttl = '1 h'",
                    "RESET 'pipeline.name'",
                    "CREATE TABLE t (id BIGINT) WITH ('connector' = 'datagen')",
                    "SHOW TABLES")) {
                reset();
                gateway.runToEnd(session, sql);
                assertThat(counts()).as(sql).hasSize(4).allSatisfy((id, count) -> assertThat(count).as(id).isEqualTo(1));
            }
            // A planned statement's limits judge its plan too (the tables of the compiled plan): twice.
            reset();
            gateway.runToEnd(session, "SELECT 1");
            assertThat(counts()).hasSize(4).allSatisfy((id, count) -> assertThat(count).as(id).isEqualTo(2));
        }
    }

    @Test
    void reusedHitsGiveTheVerdictOfRunningTheLimitsAgainOverTheCorpus() throws IOException {
        RuleCatalog catalog = counted();
        StatementParser parser = new StatementParser();
        StatementGuard.Planner notPlanned = (body, streaming) -> new ExplainOutcome.Failed("not planned in this test", 0);
        int judged = 0;
        for (Path file : CaseCorpus.all()) {
            SqlScript script = SqlScript.read(file);
            for (Map<String, String> options : List.of(Map.<String, String>of(), LIMITS, script.policy())) {
                Policy policy = Policy.fromConfiguration(Configuration.fromMap(options), catalog);
                StatementGuard guard = new StatementGuard(new RuleEngine(catalog, policy), policy);
                for (String sql : script.statements()) {
                    ParsedStatement statement = parser.parse(sql);
                    StatementGuard.Limits limits =
                            guard.limits(statement, script.sessionProperties(), script.executionConfig());
                    if (limits.refusal().isPresent()) {
                        continue;
                    }
                    StatementGuard.Analysis analysis = guard.analyse(statement, limits, notPlanned);
                    reset();
                    Decision reused = guard.judge(analysis, limits.judged());
                    // Flink's parser's rejection is the judged context's, not the limits' (planner-error reads it).
                    assertThat(counts().values()).as("%s: %s", file.getFileName(), sql)
                            .containsOnly(statement instanceof ParsedStatement.Unparsable ? 1 : 0);
                    Decision again = guard.judge(analysis);
                    assertThat(reused.verdict()).as("%s: %s", file.getFileName(), sql).isEqualTo(again.verdict());
                    assertThat(reused.refuse()).isEqualTo(again.refuse());
                    assertThat(reused.effectiveStateTtl()).isEqualTo(again.effectiveStateTtl());
                    judged++;
                }
            }
        }
        assertThat(judged).isGreaterThan(1_000);
    }
}
