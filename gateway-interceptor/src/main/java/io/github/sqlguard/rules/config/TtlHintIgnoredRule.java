package io.github.sqlguard.rules.config;

import io.github.sqlguard.flink.FlinkLine;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.StatefulOperators;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.statement.ParsedStatement.SqlOption;

import java.util.List;
import java.util.Optional;

/**
 * {@code ttl-hint-ignored}: a {@code STATE_TTL} hint Flink ignores without a word: the statement's
 * plan has no regular join or group aggregation for it to apply to (Flink's {@code StateTtlHint}
 * applies to joins and aggregations only). A hint naming no input of its query block is rejected
 * by Flink 2.3 ({@code The options of following hints cannot match the name of input tables or
 * views}); that rejection is diagnosed under this rule. Flink 1.20 rejects a hint that names a
 * table with a {@code WATERMARK} the same way ({@link FlinkLine#stateTtlHintMatchesTablesWithWatermark}),
 * which the diagnosis then names, with the subquery alias that works there.
 */
public final class TtlHintIgnoredRule implements Rule {

    public static final String ID = "ttl-hint-ignored";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.WARN,
                    "`STATE_TTL` hint that Flink silently ignores; BLOCK as the diagnosis when Flink refuses a hint"
                    + " that names no input.");

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public List<RuleHit> check(AnalysisContext context) {
        List<SqlOption> hints = context.statement().stateTtlHints();
        if (hints.isEmpty()) {
            return List.of();
        }
        Optional<String> rejection =
                context.plannerError().flatMap(e -> e.find("cannot match the name of input tables or views"));
        if (rejection.isPresent()) {
            String flink = "Flink: " + context.plannerError().get().headline();
            SqlOption first = hints.get(0);
            String fix =
                    "Name an input of the hinted query block: the table name or its alias in that block's FROM/JOIN,"
                            + " e.g. /*+ STATE_TTL('" + first.key() + "' = '1 d') */ only where '" + first.key() + "' is read.";
            if (FlinkLine.current().stateTtlHintMatchesTablesWithWatermark()) {
                return List.of(
                        RuleHit.diagnosis(
                                "The STATE_TTL hint names a table or alias that is not an input of its query block, so Flink"
                                        + " rejects the query.",
                                flink, fix));
            }
            return List.of(
                    RuleHit.diagnosis(
                            "The STATE_TTL hint names a table or alias that Flink " + FlinkLine.current().line()
                                    + " cannot match to an input of its query block, so Flink rejects the query: either it is"
                                    + " not an input there, or it is a table declared with a WATERMARK, which Flink "
                                    + FlinkLine.current().line() + " never matches by its name or alias.",
                            flink,
                            fix + " For a table with a WATERMARK, read it through a subquery and name the subquery's alias:"
                                    + " FROM (SELECT * FROM <table>) t with /*+ STATE_TTL('t' = '" + first.value() + "') */."));
        }
        if (context.plan().isEmpty()) {
            return List.of();
        }
        List<PlanNode> nodes = context.plan().get().nodes();
        boolean applicable = nodes.stream().anyMatch(n -> StatefulOperators.HINTABLE.contains(n.name()));
        if (!applicable) {
            SqlOption first = hints.get(0);
            return List.of(
                    RuleHit.of(
                            "The STATE_TTL hint has nothing to apply to: this query has no regular join or group aggregation"
                                    + " (Flink applies STATE_TTL only to those), so Flink ignores it.",
                            "STATE_TTL('" + first.key() + "' = '" + first.value() + "') at line " + first.line(),
                            "",
                            "Remove the hint, or set the TTL for the whole job: SET 'table.exec.state.ttl' = '" + first.value() + "'."));
        }
        return List.of();
    }
}
