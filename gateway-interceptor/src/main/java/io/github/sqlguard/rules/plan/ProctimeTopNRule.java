package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.OrderKey;
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
 * as it reads ({@code AppendOnlyFirstNFunction}): not this rule's. An order whose processing-time key has more keys
 * after it ({@code ORDER BY pt DESC, id}), of any N and either direction, ranks the rows by those keys alone ({@link
 * Operator.Rank#rankedByLaterKeys()}, {@link Operator.WindowRank#rankedByLaterKeys()}): reported with its own wording.
 */
public final class ProctimeTopNRule extends StreamingPlanRule {

    public static final String ID = "proctime-top-n";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.WARN,
                    "A Top-N ordered by processing time descending that keeps more than one row (or an `ORDER BY ..."
                    + " DESC LIMIT`): Flink keeps the first rows to arrive, not the latest; with more keys after the"
                    + " processing-time one, it ranks by those keys alone.");

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
            } else if (operator instanceof Operator.Rank rank && rank.rankedByLaterKeys()) {
                String what = rank.sortLimit() ? "This ORDER BY " + order(rank.orderKeys(), 0, names) + " LIMIT "
                        + rank.rankEnd().getAsLong() : "This Top-" + rank.rankEnd().getAsLong() + " ordered by "
                        + order(rank.orderKeys(), 0, names);
                String where = rank.global() ? "" : " per " + SqlIdentifiers.planNames(rank.partitionKeys());
                hits.add(PlanRules.hit(plan, rank, laterKeysReason(what, rank.orderKeys(), names, where),
                        laterKeysFix(rank.node(), rank.orderKeys(), names,
                                "ROW_NUMBER() OVER (" + (rank.global() ? "" : "PARTITION BY "
                                        + SqlIdentifiers.planNames(rank.partitionKeys()) + " ") + "ORDER BY "
                                        + names.orderName(rank.orderKeys().get(0)) + " DESC) = 1, which Flink plans as a"
                                        + " Deduplicate that keeps the last row to arrive" + (rank.global() ? "" : " per key"))));
            } else if (operator instanceof Operator.WindowRank rank && rank.rankedByLaterKeys()) {
                hits.add(PlanRules.hit(plan, rank,
                        laterKeysReason("This window Top-" + rank.rankEnd().getAsLong() + " ordered by "
                                + order(rank.orderKeys(), 0, names), rank.orderKeys(), names, " per window"),
                        laterKeysFix(rank.node(), rank.orderKeys(), names,
                                "ROW_NUMBER() OVER (PARTITION BY window_start, window_end, ... ORDER BY "
                                        + names.orderName(rank.orderKeys().get(0)) + " DESC) = 1, which Flink plans as a"
                                        + " WindowDeduplicate that keeps the last row to arrive in each window")));
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

    /** What an order ranked by its keys after a processing-time one reads as, what Flink ranks by, and why. */
    private static String laterKeysReason(String what, List<OrderKey> keys, StatementNames names, String where) {
        String time = names.orderName(keys.get(0));
        String later = order(keys, 1, names);
        return what + " ranks the rows by " + later + " alone" + where + ", among every row read, not by their arrival"
                + " first: Flink does not materialize a processing-time attribute that a ranking orders by, so every row"
                + " has the same " + time + " there and ties on it (run on Flink 2.3.0 and 1.20.0).";
    }

    /**
     * An event-time order in place of the processing-time key (the event-time attribute below the ranking, by its
     * name, where there is one; else a WATERMARK to declare), or the later keys alone where that ranking is meant;
     * and, for a descending processing-time key, one row by arrival ({@code one}: the Top-1 Flink plans as a
     * deduplication).
     */
    private static String laterKeysFix(PlanNode node, List<OrderKey> keys, StatementNames names, String one) {
        String later = order(keys, 1, names);
        Optional<Column> rowtime = names.rowtimeBelow(node);
        String eventTime = rowtime.isPresent()
                ? "order by the event-time attribute " + SqlIdentifiers.sql(rowtime.get().name()) + " in place of "
                        + names.orderName(keys.get(0)) + " (ORDER BY " + SqlIdentifiers.sql(rowtime.get().name())
                        + (keys.get(0).ascending() ? "" : " DESC") + ", " + later + ")"
                : "declare the column of " + names.tables(node) + " that holds each row's time as event time, with a"
                        + " WATERMARK, and order by it in place of " + names.orderName(keys.get(0));
        return "Where an order by time is meant, " + eventTime + ": the ranking then follows the rows' time. Where the"
                + " ranking by " + later + " is meant, write ORDER BY " + later + ", which says so."
                + (keys.get(0).ascending() ? "" : " Where the latest row by arrival is meant, keep one row with " + one + ".");
    }

    /**
     * The order keys from {@code from} on as SQL: {@code pt DESC, id}, each named as the statement writes it
     * at its own position ({@link StatementNames#orderName(OrderKey, int)}).
     */
    private static String order(List<OrderKey> keys, int from, StatementNames names) {
        List<String> written = new ArrayList<>();
        for (int i = from; i < keys.size(); i++) {
            String name = names.orderName(keys.get(i), i);
            written.add(name + (keys.get(i).ascending() ? "" : " DESC"));
        }
        return String.join(", ", written);
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
