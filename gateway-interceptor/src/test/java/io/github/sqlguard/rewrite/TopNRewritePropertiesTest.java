package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.service.Submission;
import io.github.sqlguard.statement.ScriptSplitter;
import io.github.sqlguard.testing.LintLikeSession;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * For generated Top-N and deduplication statements over generated schemas (quoted or plain names,
 * with or without a WATERMARK, ordered by a business column or the timestamp, ascending or
 * descending, Top-1 or Top-N), every rewrite the guard offers passes its proof again when its SQL
 * runs after the schema in a fresh session: no BLOCK, not the original rule, and the operators it
 * claims are in the plan. So no rewrite is offered that fails its proof.
 */
class TopNRewritePropertiesTest {

    private static LintLikeSession lint;

    @BeforeContainer
    static void start() {
        lint = new LintLikeSession(Map.of("execution.runtime-mode", "streaming"));
    }

    @AfterContainer
    static void stop() {
        lint.close();
    }

    /** A generated table and a Top-N over it. */
    record Case(String table, String key, String value, String ts, boolean watermark, boolean orderByTime,
            boolean descending, int n) {

        String ddl() {
            return "CREATE TABLE " + table + " (\n  " + key + " STRING,\n  " + value + " DOUBLE,\n  " + ts + " TIMESTAMP(3)"
                    + (watermark ? ",\n  WATERMARK FOR " + ts + " AS " + ts + " - INTERVAL '5' SECOND" : "")
                    + "\n) WITH ('connector' = 'datagen')";
        }

        String topN() {
            String order = (orderByTime ? ts : value) + (descending ? " DESC" : "");
            return "SELECT " + key + ", " + value + ", " + ts + " FROM (\n  SELECT " + key + ", " + value + ", " + ts
                    + ",\n    ROW_NUMBER() OVER (PARTITION BY " + key + " ORDER BY " + order + ") AS rn\n  FROM " + table
                    + "\n) WHERE rn " + (n == 1 ? "= 1" : "<= " + n);
        }
    }

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<String> table = Arbitraries.of("orders", "`Order Events`", "t_1");
        Arbitrary<String> key = Arbitraries.of("user_id", "`User`", "k");
        Arbitrary<String> value = Arbitraries.of("amount", "`price $`", "v");
        Arbitrary<String> ts = Arbitraries.of("order_time", "`event time`", "ts");
        Arbitrary<Boolean> flag = Arbitraries.of(true, false);
        Arbitrary<Integer> n = Arbitraries.of(1, 3);
        return Combinators.combine(table, key, value, ts, flag, flag, flag, n).as(Case::new);
    }

    @Property(tries = 8)
    void everyOfferedRewritePassesItsProofInAFreshSession(@ForAll("cases") Case generated) {
        List<Submission> original = lint.run(Map.of(), List.of(generated.ddl(), generated.topN()), Map.of());
        Submission last = original.get(original.size() - 1);

        for (Rewrite rewrite : last.decision().rewrites().verified()) {
            List<String> script = new ArrayList<>();
            script.add(generated.ddl());
            ScriptSplitter.split(rewrite.sql()).forEach(s -> script.add(s.text()));
            List<Submission> replayed = lint.run(Map.of(), script, Map.of());
            Submission rewritten = replayed.get(replayed.size() - 1);

            String where = rewrite.family() + " of " + generated.topN() + "\n=> " + rewrite.sql();
            assertThat(replayed).as(where).noneMatch(s -> s.decision().verdict().level() == Level.BLOCK);
            assertThat(rewritten.decision().verdict().findings()).as(where)
                    .noneMatch(f -> f.ruleId().equals(rewrite.ruleId()));
            List<String> operators = rewritten.decision().plan().orElseThrow().nodes().stream().map(PlanNode::name).toList();
            assertThat(operators).as(where).containsAll(rewrite.operators());
        }
    }
}
