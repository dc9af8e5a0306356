package io.github.sqlguard.rules.config;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Facts;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.StatefulOperators;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.OperatorTtl;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.StateTtlOptions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code ttl-too-short}: a state TTL above 0 and below {@code sql-guard.min-state-ttl} (default 1
 * min) that state really gets. State that expires within seconds makes aggregations, joins and
 * Top-N silently forget keys: results are wrong without an error.
 *
 * <p>Judged where it takes effect: a SET, session property or per-statement execution config of
 * {@code table.exec.state.ttl} (it applies to every later stateful operator); and, for a planned
 * statement, each operator whose own TTL in Flink's compiled plan is that short — whether from the
 * session, a hint in the statement or a hint inside a view. A {@code STATE_TTL} hint that reaches
 * no operator is never "too short": Flink ignores it ({@code ttl-hint-ignored}). Where Flink gave no
 * compiled plan but an explained one (batch mode, a streaming statement Flink plans but cannot
 * compile), a hint's written value is judged instead; and in streaming mode each stateful operator
 * of the explained plan is judged by the TTL it is inferred to get ({@link
 * ExplainedPlan#inferredStateTtl()}: the session's), so that a plan Flink cannot compile is no way
 * around the minimum.
 */
public final class TtlTooShortRule implements Rule {

    public static final String ID = "ttl-too-short";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.BLOCK,
                    "State TTL above 0 but below `sql-guard.min-state-ttl`: state expires before it is useful.",
                    StateTtlOptions.MIN_STATE_TTL);

    /** What a fix adds where the value written is a bare number (read as milliseconds): a unit. */
    private static final String UNIT = ", with a unit";

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public List<RuleHit> check(AnalysisContext context) {
        List<RuleHit> hits = new ArrayList<>();
        Duration min = context.option(StateTtlOptions.MIN_STATE_TTL);
        boolean compiled = context.plan().map(ExplainedPlan::compiled).orElse(false);
        for (WrittenTtl ttl : WrittenTtl.of(context)) {
            // A hint takes effect only on the operators of a planned statement: judged there below,
            // or (no compiled plan) by its written value.
            if (ttl.hint() && (compiled || context.plan().isEmpty())) {
                continue;
            }
            check(StateTtl.parse(ttl.value()), ttl, min, context.advised().stateTtl(), hits);
        }
        if (context.plan().isPresent() && context.streaming()) {
            ExplainedPlan plan = context.plan().get();
            if (compiled) {
                compiledOperators(context, plan, min, hits);
            } else {
                inferredOperators(context, plan, min, hits);
            }
        }
        return hits;
    }

    /** Each operator whose own TTL in Flink's compiled plan is short. */
    private static void compiledOperators(AnalysisContext context, ExplainedPlan plan, Duration min, List<RuleHit> hits) {
        List<WrittenTtl> hints = WrittenTtl.of(context).stream().filter(WrittenTtl::hint).toList();
        for (Operator operator : plan.operators()) {
            PlanNode node = operator.node();
            OperatorTtl ttl = OperatorTtl.of(context, node);
            if (!ttl.fromCompiledPlan() || !isShort(ttl.shortest(), min)) {
                continue;
            }
            // Where a hint of this statement set the operator's TTL, the finding points at the hint.
            Optional<WrittenTtl> source =
                    hints.stream()
                            .filter(h -> StateTtl.parse(h.value()).map(ttl.shortest()::equals).orElse(false))
                            .findFirst();
            Duration intended = source.map(h -> StateTtl.replacing(h.value(), min, context.advised().stateTtl()))
                    .orElse(context.advised().stateTtl());
            hits.add(
                    RuleHit.of(
                            node.name() + " gets a state TTL of " + StateTtl.format(ttl.shortest()) + " ("
                                    + ttl.shortest().toMillis() + " ms, Flink's compiled plan"
                                    + source.map(h -> ", from " + h.where()).orElse("")
                                    + "), below the minimum of " + StateTtl.format(min)
                                    + " (sql-guard.min-state-ttl): its state would expire before later rows of the same"
                                    + " key arrive and results would be silently wrong.",
                            source.map(WrittenTtl::where).orElse(operator.describe()),
                            plan.excerpt(node, 2),
                            source.map(h -> "Write a TTL longer than the time between rows of one key" + unitClause(h.value()) + ": "
                                            + h.rewrite("'" + StateTtl.withUnit(h.value(), intended) + "'") + ".")
                                    .orElse(sessionFix(context)))
                            .onNode(node.id()).with(Facts.NONE.withIntendedTtl(intended)));
        }
    }

    /**
     * Each stateful operator of a plan Flink could not compile ({@link StatefulOperators#INFERRED_TTL})
     * that is inferred to get the session's short TTL. A join or group aggregation of a statement
     * with a {@code STATE_TTL} hint may get the hint's TTL instead, which the explained plan does not
     * show: there the hint's written value is judged.
     */
    private static void inferredOperators(AnalysisContext context, ExplainedPlan plan, Duration min, List<RuleHit> hits) {
        boolean hinted = !context.statement().stateTtlHints().isEmpty();
        for (Operator operator : plan.operators()) {
            PlanNode node = operator.node();
            if (!StatefulOperators.INFERRED_TTL.contains(node.name())
                    || (hinted && StatefulOperators.HINTABLE.contains(node.name()))) {
                continue;
            }
            OperatorTtl ttl = OperatorTtl.of(context, node);
            if (!isShort(ttl.shortest(), min)) {
                continue;
            }
            hits.add(
                    RuleHit.of(
                            node.name() + " gets a state TTL of " + StateTtl.format(ttl.shortest()) + " ("
                                    + ttl.shortest().toMillis() + " ms, inferred from table.exec.state.ttl: Flink could"
                                    + " not compile this plan, so its own account of each operator's TTL is missing),"
                                    + " below the minimum of " + StateTtl.format(min)
                                    + " (sql-guard.min-state-ttl): its state would expire before later rows of the same"
                                    + " key arrive and results would be silently wrong.",
                            operator.describe(),
                            plan.excerpt(node, 2),
                            sessionFix(context)).onNode(node.id()).with(Facts.NONE.withIntendedTtl(context.advised().stateTtl())));
        }
    }

    /** The fix of an operator whose short TTL is the session's, or a hint's in a view: the TTL the fixes propose. */
    private static String sessionFix(AnalysisContext context) {
        boolean bare = WrittenTtl.of(context).stream().anyMatch(t -> !t.hint() && StateTtl.isBareNumber(t.value()));
        return "Give this operator a TTL longer than the time between rows of one key" + (bare ? UNIT : "") + ": "
                + context.advised().setStateTtl() + ", or a STATE_TTL hint of '" + context.advised().stateTtlText()
                + "' where the short one is written.";
    }

    /**
     * {@link #UNIT} where {@code written} is a bare number; nothing where it has a unit already ({@code '1s'}, {@code
     * '30 s'}: too short, not unit-less).
     */
    private static String unitClause(String written) {
        return StateTtl.isBareNumber(written) ? UNIT : "";
    }

    private static boolean isShort(Duration ttl, Duration min) {
        return !ttl.isZero() && !ttl.isNegative() && ttl.compareTo(min) < 0;
    }

    private static void check(Optional<Duration> parsed, WrittenTtl written, Duration min, Duration advised, List<RuleHit> hits) {
        if (parsed.isEmpty()) {
            return;
        }
        Duration ttl = parsed.get();
        String value = written.value();
        if (isShort(ttl, min)) {
            Duration intended = StateTtl.replacing(value, min, advised);
            hits.add(
                    RuleHit.of(
                            "A state TTL of '" + value.strip() + "' is " + ttl.toMillis() + " ms, below the minimum of "
                                    + StateTtl.format(min) + " (sql-guard.min-state-ttl): state would expire before later rows"
                                    + " of the same key arrive and results would be silently wrong.",
                            written.where(),
                            "",
                            "Use a TTL longer than the time between rows of one key" + unitClause(value) + ": "
                                    + written.rewrite("'" + StateTtl.withUnit(value, intended) + "'") + "; '0' keeps state forever.")
                            .with(Facts.NONE.withIntendedTtl(intended)));
        }
    }
}
