package io.github.sqlguard.rules.plan;

import io.github.sqlguard.flink.FlinkLine;
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

import org.apache.flink.table.types.logical.LogicalTypeRoot;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code dedup-not-recognized}: a {@code Rank} with {@code rankRange=[rankStart=1, rankEnd=1]}
 * ordered by a {@code TIMESTAMP} or {@code TIMESTAMP_LTZ} column that is not a time attribute. The
 * query is a deduplication ({@code rn = 1} by time) but Flink could not plan {@code Deduplicate}:
 * its {@code StreamPhysicalDeduplicateRule} (2.3.0) takes a Top-1 only when it is ordered by a
 * time attribute, else {@code StreamPhysicalRankRule} plans a general Rank.
 *
 * <p>A Top-1 ordered by a value (the highest price per auction) is a maximum, not a failed
 * deduplication: no watermark or {@code PROCTIME()} could make it one, so it is not this rule's
 * ({@code unbounded-rank} judges its state). Where the plan does not give the order column's type
 * (an EXPLAIN text), the rule does not judge.
 *
 * <p>A Top-1 ordered by a {@code BIGINT} of epoch seconds or milliseconds is this rule's where the table's event time
 * is computed from that column ({@code ts AS TO_TIMESTAMP_LTZ(epoch, 0)}, {@code WATERMARK FOR ts}; {@link
 * StatementNames#eventTimeComputedFrom}): it orders as the event time does, and ordering by the time attribute makes
 * it a {@code Deduplicate}. Any other number is a value.
 */
public final class DedupNotRecognizedRule extends StreamingPlanRule {

    public static final String ID = "dedup-not-recognized";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.WARN,
                    "A \"keep the first/last row per key\" query ordered by a timestamp that Flink could not plan as"
                    + " `Deduplicate`.");

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    protected List<RuleHit> check(AnalysisContext context, ExplainedPlan plan) {
        List<RuleHit> hits = new ArrayList<>();
        StatementNames names = new StatementNames(plan, context);
        for (Operator.Rank rank : plan.operators(Operator.Rank.class)) {
            // ORDER BY ... LIMIT 1 is a SortLimit whatever it orders by: never a Deduplicate.
            if (rank.sortLimit() || !rank.keepsFirstRowOnly() || rank.orderKeys().isEmpty()
                    || rank.orderedByTimeAttribute().orElse(false)) {
                continue;
            }
            OrderKey order = rank.orderKeys().get(0);
            // Ordered by the epoch seconds or milliseconds the table's event time is computed from: the order of the
            // event time, which Flink deduplicates by only when the ranking orders by the time attribute itself.
            Optional<String> epoch = names.eventTimeComputedFrom(order, rank.node());
            if (!order.onTimestamp() && epoch.isEmpty()) {
                continue;
            }
            if (epoch.isPresent()) {
                hits.add(PlanRules.hit(
                        plan,
                        rank,
                        "This Top-1 keeps the " + (order.ascending() ? "first" : "last") + " row per key by "
                                + SqlIdentifiers.planName(order.column()) + " (" + order.type() + "), the epoch "
                                + (epoch.get().endsWith(", 3)") ? "milliseconds" : "seconds") + " the table's event time is"
                                + " computed from (" + epoch.get() + ", its WATERMARK), but "
                                + SqlIdentifiers.planName(order.column()) + " is not a time attribute, so Flink plans it as a"
                                + " general Rank, not as a Deduplicate: it deduplicates only when ORDER BY is a time"
                                + " attribute itself (a column with a WATERMARK, or PROCTIME()).",
                        "Order by the table's event-time column, the one computed as " + epoch.get() + ", in place of "
                                + SqlIdentifiers.planName(order.column()) + (order.ascending() ? " ASC" : " DESC")
                                + ": the same order at the same precision, and Flink plans this Top-1 as a Deduplicate on"
                                + " event time."));
                continue;
            }
            // The first row by an ascending order, the last by a descending one: FIRST_VALUE or LAST_VALUE per column.
            String valueCall = order.ascending() ? "FIRST_VALUE" : "LAST_VALUE";
            String keys = rank.partitionKeys().isEmpty() ? "" : " GROUP BY " + String.join(", ", rank.partitionKeys());
            Optional<String> computed = names.orderComputedByAggregation(order, rank);
            // Over an update stream (a regular join, a CDC source) no WATERMARK makes a Deduplicate: Flink plans one
            // over an append-only input only (DeduplicateTest#testInvalidChangelogInput, Flink 2.3.0).
            boolean updating = rank.retracts() && computed.isEmpty();
            // Ordered by a column of the wall clock (ts AS CURRENT_TIMESTAMP): a PROCTIME() column, never a WATERMARK.
            Optional<String> clock = computed.isPresent() || updating ? Optional.empty()
                    : names.proctimeInPlaceOfWallClock(order, rank.node());
            String column = clock.isPresent() ? names.orderName(order) : SqlIdentifiers.planName(order.column());
            String fix = clock.isPresent()
                    ? capitalized(clock.get()) + notTakenByLastValue(plan, rank)
                            .map(c -> ".")
                            .orElse("; to keep the " + (order.ascending() ? "first" : "latest") + " value per key"
                                    + " without ordering, use" + keys + " with " + valueCall + " of each column.")
                    : computed.isPresent()
                    ? capitalized(computed.get()) + names.redundantRanking(rank).map(r -> "; " + r).orElse("") + "."
                    : updating
                    // FIRST_VALUE and LAST_VALUE over an update stream are FirstValueWithRetractAggFunction and
                    // LastValueWithRetractAggFunction: each keeps every value per key.
                    ? "No WATERMARK or PROCTIME() order makes a Top-1 over an update stream a Deduplicate, and no " + valueCall
                            + " either (over an update stream Flink's " + valueCall + " keeps every value of a key, to retract"
                            + " them): bound the state with a TTL; or, where a join or an aggregation of an append-only"
                            + " input makes the update stream, deduplicate that input before it."
                    : capitalized(names.eventTimeFor(order, rank.node())) + ", or order by a PROCTIME() column"
                            + notTakenByLastValue(plan, rank)
                                    .map(c -> " (GROUP BY with " + valueCall + " is no way here: Flink " + FlinkLine.current().line()
                                            + "'s " + valueCall + " takes no " + c.type() + ", the type of " + c.name() + ").")
                                    .orElse("; to keep the " + (order.ascending() ? "first" : "latest") + " value per key"
                                            + " without ordering, use" + keys + " with " + valueCall + " of each column.");
            RuleHit hit =
                    PlanRules.hit(
                            plan,
                            rank,
                            "This Top-1 keeps the " + (order.ascending() ? "first" : "last") + " row per key by "
                                    + column + " (" + order.type() + "), but " + column
                                    + " is not a time attribute" + (updating ? " and the input is an update stream (the"
                                            + " Rank's RetractStrategy)" : "")
                                    + ", so Flink plans it as a general Rank, not as a Deduplicate: it"
                                    + " deduplicates only when ORDER BY is a time attribute (a column with a WATERMARK, or"
                                    + " PROCTIME())" + (updating ? ", over an append-only input" : "") + ".",
                            fix);
            hits.add(computed.isPresent() && names.redundantRanking(rank).isPresent()
                    ? hit.with(hit.facts().withKeys(rank.partitionKeys()).withRedundantRanking())
                    : hit);
        }
        return hits;
    }

    /**
     * A column of the result that this Flink line's {@code LAST_VALUE} cannot take
     * ({@link FlinkLine#firstLastValueTakes}), so that the {@code GROUP BY} with {@code LAST_VALUE} of each
     * column cannot be written for it: a column of the Rank's output, not a partition key, that reaches
     * a root of the plan by name (every column of the Rank where the roots' columns are unknown). A type
     * Flink's parser cannot read ({@link Column#typeRoot}) is taken as one {@code LAST_VALUE} takes.
     */
    private static Optional<Column> notTakenByLastValue(ExplainedPlan plan, Operator.Rank rank) {
        Set<String> result = new HashSet<>();
        for (PlanNode root : plan.roots()) {
            root.outputType().columns().forEach(c -> result.add(c.name()));
        }
        for (Column column : rank.node().outputType().columns()) {
            if (rank.partitionKeys().contains(column.name()) || (!result.isEmpty() && !result.contains(column.name()))) {
                continue;
            }
            Optional<LogicalTypeRoot> root = column.typeRoot();
            if (root.isPresent() && !FlinkLine.current().firstLastValueTakes(root.get())) {
                return Optional.of(column);
            }
        }
        return Optional.empty();
    }


    private static String capitalized(String text) {
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}
