package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
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
 * ({@link Operator.Rank#firstArrivalsReadAsLatest()} has the planner's and the runtime's reasons). Only a
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
        for (Operator.Rank rank : plan.operators(Operator.Rank.class)) {
            if (!rank.firstArrivalsReadAsLatest()) {
                continue;
            }
            long n = rank.rankEnd().getAsLong();
            String time = names.orderName(rank.orderKeys().get(0));
            String rows = n == 1 ? "row" : n + " rows";
            String where = rank.global() ? "" : " per " + SqlIdentifiers.planNames(rank.partitionKeys());
            String what = rank.sortLimit()
                    ? "This ORDER BY " + time + " DESC LIMIT " + n
                    : "This Top-" + n + " ordered by " + time + " DESC";
            hits.add(PlanRules.hit(plan, rank,
                    what + " reads as the latest " + rows + " to arrive" + where + ", but Flink keeps the first "
                            + rows + " to arrive" + where + " and never changes " + (n == 1 ? "it" : "them") + ": it"
                            + " does not materialize a processing-time attribute that a ranking orders by, so every row"
                            + " has the same sort key, and a later row never ranks above the rows already kept (run on"
                            + " Flink 2.3.0 and 1.20.0). Only a ROW_NUMBER() Top-1, which Flink plans as a"
                            + " Deduplicate, follows arrival.",
                    fix(rank, time, names)));
        }
        return hits;
    }

    /**
     * An event-time order (the event-time attribute below the ranking where there is one, by its name;
     * else a WATERMARK to declare on the table), or one row, as a Deduplicate.
     */
    private static String fix(Operator.Rank rank, String time, StatementNames names) {
        Optional<Column> rowtime = names.rowtimeBelow(rank.node());
        String eventTime = rowtime.isPresent()
                ? "order by the event-time attribute " + SqlIdentifiers.sql(rowtime.get().name()) + " instead (ORDER BY "
                        + SqlIdentifiers.sql(rowtime.get().name()) + " DESC)"
                : "declare the column of " + names.tables(rank.node()) + " that holds each row's time as event time"
                        + " (WATERMARK FOR that column AS that column - INTERVAL '5' SECOND) and order by it (ORDER BY"
                        + " it DESC)";
        return "Where the latest rows by event time are meant, " + eventTime + ": the ranking then follows the"
                + " rows' time (rows of one timestamp keep the one kept first). Where the latest row by arrival is meant,"
                + " keep one row with ROW_NUMBER() OVER (" + (rank.global() ? "" : "PARTITION BY "
                        + SqlIdentifiers.planNames(rank.partitionKeys()) + " ") + "ORDER BY " + time + " DESC) = 1,"
                + " which Flink plans as a Deduplicate that keeps the last row to arrive"
                + (rank.global() ? "" : " per key") + ".";
    }
}
