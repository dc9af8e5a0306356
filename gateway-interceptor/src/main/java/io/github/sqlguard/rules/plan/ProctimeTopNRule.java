package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.statement.SqlIdentifiers;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code proctime-top-n}: a Top-N ordered by a processing-time attribute descending that keeps more than
 * one row ({@code ROW_NUMBER() OVER (... ORDER BY pt DESC) <= 3}), or an {@code ORDER BY pt DESC LIMIT n}.
 * It reads as "the latest N rows to arrive", but Flink keeps the first N to arrive and never changes them
 * ({@link Operator.Rank#firstArrivalsReadAsLatest()} has the planner's and the runtime's reasons); the same for a
 * window Top-N ordered so ({@link Operator.WindowRank#firstArrivalsReadAsLatest()}). Only a
 * {@code ROW_NUMBER()} Top-1, which Flink plans as a {@code Deduplicate}
 * ({@code ProcTimeDeduplicateKeepLastRowFunction}), follows arrival. An ascending order keeps the first rows,
 * as it reads ({@code AppendOnlyFirstNFunction}): not this rule's.
 */
public final class ProctimeTopNRule extends StreamingPlanRule {

    public static final String ID = "proctime-top-n";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.WARN,
                    "A Top-N ordered by processing time descending that keeps more than one row (or an `ORDER BY ..."
                    + " DESC LIMIT`): Flink keeps the first rows to arrive, not the latest.");

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    protected List<RuleHit> check(AnalysisContext context, ExplainedPlan plan) {
        List<RuleHit> hits = new ArrayList<>();
        StatementNames names = new StatementNames(plan, context);
        for (Operator operator : plan.operators()) {
            if (operator instanceof Operator.Rank rank && rank.firstArrivalsReadAsLatest()) {
                long n = rank.rankEnd().getAsLong();
                String time = names.orderName(rank.orderKeys().get(0));
                String where = rank.global() ? "" : " per " + SqlIdentifiers.planNames(rank.partitionKeys());
                String what = rank.sortLimit()
                        ? "This ORDER BY " + time + " DESC LIMIT " + n
                        : "This Top-" + n + " ordered by " + time + " DESC";
                String one = "ROW_NUMBER() OVER (" + (rank.global() ? "" : "PARTITION BY "
                        + SqlIdentifiers.planNames(rank.partitionKeys()) + " ") + "ORDER BY " + time + " DESC) = 1, which"
                        + " Flink plans as a Deduplicate that keeps the last row to arrive" + (rank.global() ? "" : " per key");
                hits.add(PlanRules.hit(plan, rank, reason(what, n, where, "Deduplicate"), fix(rank.node(), names, one)));
            } else if (operator instanceof Operator.WindowRank rank && rank.firstArrivalsReadAsLatest()) {
                long n = rank.rankEnd().getAsLong();
                String time = names.orderName(rank.orderKeys().get(0));
                String one = "ROW_NUMBER() OVER (PARTITION BY window_start, window_end, ... ORDER BY " + time + " DESC) = 1,"
                        + " which Flink plans as a WindowDeduplicate that keeps the last row to arrive in each window";
                hits.add(PlanRules.hit(plan, rank,
                        reason("This window Top-" + n + " ordered by " + time + " DESC", n, " per window", "WindowDeduplicate"),
                        fix(rank.node(), names, one)));
            }
        }
        return hits;
    }

    /** What the ranking reads as, what Flink keeps, and why. */
    private static String reason(String what, long n, String where, String topOne) {
        String rows = n == 1 ? "row" : n + " rows";
        return what + " reads as the latest " + rows + " to arrive" + where + ", but Flink keeps the first " + rows
                + " to arrive" + where + " and never changes " + (n == 1 ? "it" : "them") + ": it does not materialize a"
                + " processing-time attribute that a ranking orders by, so every row has the same sort key, and a later"
                + " row never ranks above the rows already kept (run on Flink 2.3.0 and 1.20.0). Only a ROW_NUMBER()"
                + " Top-1, which Flink plans as a " + topOne + ", follows arrival.";
    }

    /**
     * An event-time order (the event-time attribute below the ranking where there is one, by its name; else a
     * WATERMARK to declare on the table), or one row ({@code one}: the Top-1 Flink plans as a deduplication).
     */
    private static String fix(PlanNode node, StatementNames names, String one) {
        Optional<Column> rowtime = names.rowtimeBelow(node);
        String eventTime = rowtime.isPresent()
                ? "order by the event-time attribute " + SqlIdentifiers.sql(rowtime.get().name()) + " instead (ORDER BY "
                        + SqlIdentifiers.sql(rowtime.get().name()) + " DESC)"
                : "declare the column of " + names.tables(node) + " that holds each row's time as event time, with a"
                        + " WATERMARK, and order the ranking by that column, descending";
        return "Where the latest rows by event time are meant, " + eventTime + ": the ranking then follows the rows'"
                + " time (among rows of one timestamp, the one kept first stays). Where the latest row by arrival is"
                + " meant, keep one row with " + one + ".";
    }
}
