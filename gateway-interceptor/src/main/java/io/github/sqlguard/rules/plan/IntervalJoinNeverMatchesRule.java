package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.statement.SqlIdentifiers;
import io.github.sqlguard.statement.SwappedBounds;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code interval-join-never-matches}: an {@code IntervalJoin} whose lower bound lies above its upper
 * bound ({@code BETWEEN s.ts + INTERVAL '10' SECOND AND s.ts + INTERVAL '5' SECOND}). Flink plans it and
 * runs it: {@code StreamExecIntervalJoin#translateToPlanInternal} finds the relative window size
 * ({@code leftUpperBound - leftLowerBound}) negative and builds {@code createNegativeWindowSizeJoin},
 * which keeps no state and joins nothing: an inner join emits no row, an outer join emits each row of
 * its outer side padded with NULLs ({@code PaddingLeftMapFunction}, {@code PaddingRightMapFunction};
 * Flink's {@code IntervalJoinTestPrograms#INTERVAL_JOIN_NEGATIVE_INTERVAL}). The state is bounded, so
 * no TTL rule speaks; the condition never holds, which is this rule's finding. Never a refusal (capped
 * at WARN): Flink accepts the statement. The bounds are the plan's ({@code windowBounds=[...,
 * leftLowerBound=10000, leftUpperBound=5000, ...]}, {@code IntervalJoinSpec.WindowBounds}: the left
 * time lies between the right time plus the lower bound and the right time plus the upper bound, in
 * milliseconds).
 */
public final class IntervalJoinNeverMatchesRule extends StreamingPlanRule {

    public static final String ID = "interval-join-never-matches";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.WARN,
                    "Interval join whose lower time bound lies above its upper one: no row ever matches.");

    /** {@code StreamPhysicalIntervalJoin#explainTerms}' window bounds. */
    private static final Pattern BOUNDS = Pattern.compile(
            "windowBounds=\\[isRowTime=(true|false), leftLowerBound=(-?\\d+), leftUpperBound=(-?\\d+),"
                    + " leftTimeIndex=(\\d+), rightTimeIndex=(\\d+)]");

    private static final Pattern JOIN_TYPE = Pattern.compile("joinType=\\[(\\w+)]");

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    protected List<RuleHit> check(AnalysisContext context, ExplainedPlan plan) {
        List<RuleHit> hits = new ArrayList<>();
        for (PlanNode node : plan.nodes()) {
            if (!node.is("IntervalJoin")) {
                continue;
            }
            Matcher m = BOUNDS.matcher(node.description());
            if (!m.find()) {
                continue;
            }
            long lower = Long.parseLong(m.group(2));
            long upper = Long.parseLong(m.group(3));
            if (lower <= upper) {
                continue;
            }
            List<PlanNode> inputs = plan.inputs(node);
            StatementNames names = new StatementNames(plan, context);
            String left = timeColumn(names, node, 0, Integer.parseInt(m.group(4))).orElse("the left time");
            String right = timeColumn(names, node, 1, Integer.parseInt(m.group(5))).orElse("the right time");
            Matcher type = JOIN_TYPE.matcher(node.description());
            String joinType = type.find() ? type.group(1) : "";
            String reason = "The interval join's condition can never hold: it joins a row of the left input whose "
                    + left + " lies between " + right + plus(lower) + " (the lower bound) and " + right + plus(upper)
                    + " (the upper bound), and the lower bound is above the upper (the plan's windowBounds: leftLowerBound="
                    + lower + ", leftUpperBound=" + upper + " ms). Flink runs it without state and " + outcome(joinType)
                    + ".";
            // The statement's own condition with its bounds exchanged, as the user wrote it (either side bounded, BETWEEN
            // or two comparisons); where it cannot be read so, the plan's bounds, which Flink gives of the left time.
            String swapped = written(context, inputs, m)
                    .orElseGet(() -> left + " BETWEEN " + right + plus(upper) + " AND " + right + plus(lower));
            String fix = "Swap the bounds, so that the lower is the smaller: " + swapped
                    + " (or, if no row should ever match, remove the join).";
            hits.add(RuleHit.of(reason, node.label() + "(" + shortBounds(lower, upper) + ")",
                            plan.excerpt(node, PlanRules.EXCERPT_CONTEXT), fix)
                    .onNode(node.id()).capped(Level.WARN));
        }
        return hits;
    }

    /** What Flink's join of a negative window emits, by join type ({@code StreamExecIntervalJoin#createNegativeWindowSizeJoin}). */
    private static String outcome(String joinType) {
        return switch (joinType) {
            case "LeftOuterJoin" -> "emits every left row padded with NULLs for the right columns, never a joined row";
            case "RightOuterJoin" -> "emits every right row padded with NULLs for the left columns, never a joined row";
            case "FullOuterJoin" -> "emits every row of either input padded with NULLs for the other's columns, never a"
                    + " joined row";
            default -> "emits no row at all";
        };
    }

    /** The statement's own condition on the two time columns with its bounds exchanged ({@link SwappedBounds}). */
    private static Optional<String> written(AnalysisContext context, List<PlanNode> inputs, Matcher bounds) {
        Optional<String> left = name(inputs, 0, Integer.parseInt(bounds.group(4)));
        Optional<String> right = name(inputs, 1, Integer.parseInt(bounds.group(5)));
        return left.isPresent() && right.isPresent()
                ? SwappedBounds.of(context.statement().text(), left.get(), right.get())
                : Optional.empty();
    }

    /** The time column {@code index} of input {@code input}, as the plan names it. */
    private static Optional<String> name(List<PlanNode> inputs, int input, int index) {
        if (input >= inputs.size()) {
            return Optional.empty();
        }
        List<Column> columns = inputs.get(input).outputType().columns();
        return index < columns.size() ? Optional.of(columns.get(index).name()) : Optional.empty();
    }

    /**
     * The time column {@code index} of input {@code input} of {@code join}, as SQL, qualified by the name the
     * statement gives that input ({@code o.ts}, {@code s.ts}: two tables often name their times alike), where it gives
     * one: the FROM item the side is ({@link StatementNames#fromItem}), else the table it reads straight.
     */
    private static Optional<String> timeColumn(StatementNames names, PlanNode join, int input, int index) {
        List<PlanNode> inputs = names.plan().inputs(join);
        Optional<String> qualifier = names.fromItem(join, input).flatMap(StatementNames.FromItem::name)
                .or(() -> input < inputs.size() ? names.directTable(inputs.get(input)).flatMap(names::hintName)
                        : Optional.empty());
        return name(inputs, input, index)
                .map(column -> qualifier.map(q -> SqlIdentifiers.sql(q) + ".").orElse("") + SqlIdentifiers.planName(column));
    }

    /** {@code  + INTERVAL '10' SECOND}, {@code  - INTERVAL '5' MINUTE}, or nothing for 0. */
    static String plus(long millis) {
        if (millis == 0) {
            return "";
        }
        long abs = Math.abs(millis);
        String sign = millis < 0 ? " - " : " + ";
        String[] units = {"DAY", "HOUR", "MINUTE", "SECOND"};
        long[] sizes = {86_400_000L, 3_600_000L, 60_000L, 1_000L};
        for (int i = 0; i < units.length; i++) {
            if (abs % sizes[i] == 0) {
                return sign + "INTERVAL '" + (abs / sizes[i]) + "' " + units[i];
            }
        }
        return sign + "INTERVAL '" + (abs / 1000.0) + "' SECOND";
    }

    private static String shortBounds(long lower, long upper) {
        return "leftLowerBound=" + lower + ", leftUpperBound=" + upper;
    }
}
