package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.OverFrame;
import io.github.sqlguard.rules.AdvisedValues;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.statement.SqlIdentifiers;

import java.util.List;
import java.util.Optional;

/**
 * What {@code stateful-without-ttl} says of a partitioned {@code OverAggregate} ordered by a time
 * attribute: which ones keep state per partition key that only {@code table.exec.state.ttl} frees,
 * what they keep, and the fix.
 *
 * <p>Flink 2.3.0's {@code StreamExecOverAggregate#translateToPlanInternal} gives every OVER function
 * but the bounded {@code RANGE} ones the session's {@code config.getStateRetentionTime()}, and logs
 * "No state retention interval configured for a query which accumulates state" where the OVER has a
 * {@code PARTITION BY} and no retention is set. Its compiled plan lists no {@code "state"} for the
 * node, so the TTL the guard judges is the session's ({@code OperatorTtl}: inferred from {@code
 * table.exec.state.ttl}). What each frame keeps per key is {@link OverFrame}'s: reported are the
 * unbounded {@code PRECEDING} frames (an accumulator per key: a running {@code SUM}, {@code LAG}'s
 * earlier values) and the bounded {@code ROWS} frames (the frame's last rows per key); a bounded
 * {@code RANGE} frees an idle key by its own timer and is not reported. Without {@code PARTITION BY}
 * the state is one key's, which cannot grow with the keys: {@code global-rank}'s, as {@code
 * stateful-without-ttl} leaves a global aggregation without {@code DISTINCT} alone. An OVER ordered by
 * a column that is no time attribute is {@code unbounded-over-aggregate}'s.
 *
 * <p>Why {@code stateful-without-ttl} and no rule of its own: the finding is the rule's very fact, state
 * per key that grows with the keys and is freed only by a TTL, with its option ({@code
 * sql-guard.max-state-ttl}), its level and its fix ({@code SET 'table.exec.state.ttl'}); a user who
 * lowers or suppresses that rule means every such operator. As for a {@code GROUP BY}, the guard cannot
 * tell a key that grows with time (an order id: one partition per order, never freed) from one of few
 * values (a sensor of a fixed fleet), so it reports every partition key and says the state grows "as
 * long as new values arrive".
 *
 * <p>The fix names the TTL first: it keeps the result, where a bounded frame changes it (as for an
 * aggregation since the start, whose window is offered after its TTL). An OVER takes no {@code STATE_TTL}
 * hint (Flink's {@code StateTtlHint} reaches regular joins and group aggregations only), so none is
 * offered. The bounded {@code RANGE} frame comes second, for an aggregate over a running total; a
 * bounded {@code ROWS} frame does not bound the keys, and {@code LAG} over a key that ends has no other
 * way than the TTL, nor has a {@code ROW_NUMBER}, which takes no frame ({@link OverFrame#ranks}).
 *
 * <p>Stability: internal; public for the rewrites' {@code changes:} line ({@code TtlExpiry}).
 */
public final class PartitionedOver {

    private PartitionedOver() {}

    /**
     * True when {@code over} keeps state per partition key that only a state TTL frees: partitioned,
     * ordered by a time attribute, and framed other than by a bounded {@code RANGE}.
     */
    public static boolean keepsStatePerKey(Operator.OverAggregate over) {
        return !over.global()
                && over.orderedByTimeAttribute().orElse(false)
                && over.frame().map(f -> !f.freesIdleKeys()).orElse(false);
    }

    /** The partition keys as the statement names them. */
    static List<String> keys(Operator.OverAggregate over, StatementNames names) {
        return over.partitionKeys().stream().map(k -> names.keyName(k).orElse(k)).distinct().toList();
    }

    /** Why {@code over} is reported; {@code ttl} says why its TTL never expires, and where it comes from. */
    static String reason(Operator.OverAggregate over, String ttl, StatementNames names) {
        OverFrame frame = over.frame().orElseThrow();
        String keys = SqlIdentifiers.planNames(keys(over, names));
        String keeps;
        if (frame.rows() && !frame.unboundedPreceding()) {
            keeps = "the last rows of its frame (" + frame.sql() + ") and their accumulator";
        } else if (frame.offsetsOnly()) {
            keeps = "the accumulator of " + String.join(", ", frame.calls()) + " (the earlier values it returns)";
        } else {
            keeps = "the accumulator of its running aggregates (" + frame.sql() + ": every row since the partition's"
                    + " first one counts)";
        }
        List<String> distinct = frame.distinctCalls();
        // A bounded ROWS frame retracts the row that leaves it, and its DISTINCT accumulator drops a value whose
        // count falls to 0 (DistinctAggCodeGen#retract, Flink 2.3.0): it holds the frame's values, not every one seen.
        String values = distinct.isEmpty() ? ""
                : frame.rows() && !frame.unboundedPreceding()
                        ? ", each holding the distinct values of " + String.join(", ", distinct) + " within its frame only"
                                + " (a row that leaves the frame is retracted, and a value with its last row)"
                        : ", each holding every distinct value of " + String.join(", ", distinct) + " seen for it";
        return over.node().label() + " is an OVER aggregate partitioned by " + keys + " and ordered by "
                + orderColumn(over, names) + ": it keeps, per " + keys + ", " + keeps + ", and " + ttl
                + ". Only a state TTL frees it: the state holds one entry for every " + keys + " ever seen" + values
                + ", and grows as long as new " + keys + " values arrive"
                + (frame.rows() && !frame.unboundedPreceding() ? " (the frame bounds the rows per key, not the keys)" : "")
                + ".";
    }

    /**
     * Why the TTL never expires, with where it comes from: an OVER's is the session's, as the compiled
     * plan lists no state for it.
     */
    static String ttl(String whyNeverExpires) {
        return whyNeverExpires + " (inferred from the session's table.exec.state.ttl: Flink's compiled plan lists no"
                + " state for an OVER aggregate, which takes the session's TTL)";
    }

    /**
     * The view whose OVER {@code over} is ({@link StatementNames#viewHolding}): none where the statement writes an OVER
     * itself ({@code SUM(price) OVER (PARTITION BY auction ...) FROM bid}), whose fix goes in the statement, not in
     * the view it reads.
     */
    static Optional<String> viewHolding(Operator.OverAggregate over, StatementNames names) {
        return names.context().statement().facts().overOrders().isEmpty() ? names.viewHolding(over.node())
                : Optional.empty();
    }

    /** The fix: the TTL first (it keeps the result), then a bounded {@code RANGE} frame where a running aggregate allows one. */
    static String fix(Operator.OverAggregate over, StatementNames names, AdvisedValues advised) {
        OverFrame frame = over.frame().orElseThrow();
        String keys = SqlIdentifiers.planNames(keys(over, names));
        StringBuilder fix = new StringBuilder("Set a state TTL longer than a partition (").append(keys)
                .append(") stays without rows: ").append(advised.setStateTtl())
                .append(" (an OVER aggregate takes only the session's TTL: a STATE_TTL hint does not reach it). A")
                .append(" partition idle that long is then forgotten: ").append(restart(frame));
        Optional<String> view = viewHolding(over, names);
        if (frame.ranks()) {
            fix.append(" (no frame bounds a ").append(frame.rankingFunction().orElseThrow()).append(": Flink refuses ROWS or RANGE with it)");
        } else if (!frame.offsetsOnly()) {
            String order = SqlIdentifiers.planName(orderColumn(over, names));
            String partition = SqlIdentifiers.planNames(keys(over, names));
            fix.append("; or, where an aggregate over a recent span is meant rather than ")
                    .append(frame.unboundedPreceding() ? "one since the partition's first row" : "over the last rows")
                    .append(" (this changes the result), bound the frame by time")
                    .append(view.map(v -> " in the view " + v + ", whose OVER this is").orElse(""))
                    .append(": OVER (PARTITION BY ").append(partition).append(" ORDER BY ").append(order)
                    .append(" RANGE BETWEEN ").append(advised.windowInterval()).append(" PRECEDING AND CURRENT ROW)")
                    // Nothing in the statement gives the span a bounded aggregate should cover (its TTL never expires,
                    // and a watermark's delay says how late rows arrive, not how far back to aggregate): say it is a choice.
                    .append(" (a range of ").append(StateTtl.format(advised.windowSize()))
                    .append(", the window size the guard advises: a choice, not read from the statement; write the span")
                    .append(" the aggregate should cover),")
                    .append(" whose state Flink frees by itself once a partition has had no row for 1.5 times the range")
                    .append(frame.rows() ? "" : " (a bounded ROWS frame does not: it keeps the last rows of every partition)");
        }
        return fix.append('.').toString();
    }

    /**
     * What forgetting a partition does to {@code frame}'s calls, verified on a local job (2026-12-05, Flink
     * 2.3.0, a 2 ms TTL and one row a second of one key, ordered by PROCTIME() and by a watermarked column
     * alike): {@code SUM} restarts at each row, {@code LAG} returns NULL, and a {@code ROWS BETWEEN 2 PRECEDING}
     * sum counts the new row alone.
     */
    public static String restart(OverFrame frame) {
        boolean offsets = frame.calls().stream().anyMatch(c -> c.startsWith("LAG(") || c.startsWith("LEAD("));
        boolean aggregates = !frame.offsetsOnly();
        String out = "";
        if (frame.ranks()) {
            out += "its " + frame.rankingFunction().orElseThrow() + " starts again at 1 from its next row, as if the partition were new";
        } else if (aggregates) {
            out += (frame.rows() && !frame.unboundedPreceding() ? "its frame starts" : "its running aggregates start")
                    + " over from its next row, as if the partition were new";
        }
        if (offsets) {
            out += (out.isEmpty() ? "" : ", and ") + "LAG returns NULL (or its default) for its next row";
        }
        return out;
    }

    /**
     * The first order column as the statement names it: the plan's typed name ({@code OrderKey}), else the name
     * Flink prints in the node ({@code proc_time} where the typed view shows the {@code PROCTIME()} the plan
     * computes), else the one column the statement's own OVER windows order by; never a name only Flink gives
     * ({@code $2}), but "the processing-time column" (or event-time) where neither says.
     */
    private static String orderColumn(Operator.OverAggregate over, StatementNames names) {
        List<String> candidates = new java.util.ArrayList<>();
        over.orderKeys().stream().findFirst().ifPresent(k -> candidates.add(k.column()));
        over.frame().ifPresent(f -> candidates.add(f.orderColumn()));
        for (String column : candidates) {
            if (StatementNames.plainName(column) && !column.startsWith("$")) {
                Optional<String> named = names.keyName(column);
                if (named.isPresent()) {
                    return named.get();
                }
            }
        }
        // Flink computes a PROCTIME() column the query does not select without its name ($2): the statement's own OVER
        // names it, where the statement has one OVER order column (a view's OVER is in the view's text, not here).
        if (viewHolding(over, names).isEmpty()) {
            List<String> written = names.context().statement().facts().overOrders().stream()
                    .map(SqlIdentifiers::lastName)
                    .filter(StatementNames::plainName)
                    .distinct()
                    .toList();
            if (written.size() == 1) {
                return written.get(0);
            }
        }
        boolean processing = over.orderKeys().stream().findFirst().map(k -> k.type().contains("PROCTIME")).orElse(false);
        return processing ? "the processing-time column" : "the event-time column";
    }
}
