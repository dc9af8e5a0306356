package io.github.sqlguard.plan;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The frame and the calls of an {@code OverAggregate}, as Flink prints them in the node's
 * description, the same text in an EXPLAIN and in a compiled plan's {@code "description"}: {@code
 * OverAggregate(partitionBy=[k], orderBy=[ts ASC], window=[ RANGE BETWEEN UNBOUNDED PRECEDING AND
 * CURRENT ROW], select=[k, x, ts, LAG(x) AS w0$o0])}. A bounded {@code RANGE} prints its offset in
 * milliseconds ({@code RANGE BETWEEN 3600000 PRECEDING AND CURRENT ROW}); older Flink lines print
 * {@code RANG} for {@code RANGE}.
 *
 * <p>What the frame decides, from the functions {@code StreamExecOverAggregate} picks (Flink 2.3.0,
 * flink-table-runtime's {@code operators.over}): a bounded {@code RANGE} ({@code
 * RowTimeRangeBoundedPrecedingFunction}, {@code ProcTimeRangeBoundedPrecedingFunction}) gets no state
 * retention time and needs none: each row registers a cleanup timer 1.5 times the range after it,
 * which, when no later row of the key moved it, clears all the key's state (rows, accumulator, last
 * timestamp). Every other frame keeps per partition key what its function keeps until {@code
 * table.exec.state.ttl} frees it: an unbounded {@code PRECEDING} frame its accumulator ({@code
 * AbstractRowTimeUnboundedPrecedingOver} and {@code RowTimeUnboundedPrecedingOverFunctionV2}, with
 * the rows the watermark has not yet passed; {@code ProcTimeUnboundedPrecedingFunction}), a bounded
 * {@code ROWS} frame the last rows of its frame with the accumulator ({@code
 * RowTimeRowsBoundedPrecedingFunction}, {@code ProcTimeRowsBoundedPrecedingFunction}).
 *
 * @param rows {@code ROWS} (a count of rows), not {@code RANGE}
 * @param unboundedPreceding the frame starts at {@code UNBOUNDED PRECEDING}
 * @param sql the frame as Flink prints it, {@code ROWS BETWEEN 5 PRECEDING AND CURRENT ROW}
 * @param calls the OVER's calls as Flink prints them ({@code LAG(x)}, {@code COUNT(DISTINCT x)}, {@code
 *     $SUM0(x)}: Flink's own name for a part of {@code SUM})
 * @param orderColumn the first {@code orderBy} column as Flink prints it, by its input's field name ({@code
 *     proc_time} where the plan's typed view names the {@code PROCTIME()} it computes); empty when it prints none
 */
public record OverFrame(boolean rows, boolean unboundedPreceding, String sql, List<String> calls, String orderColumn) {

    public OverFrame {
        calls = List.copyOf(calls);
    }

    /**
     * The frame of an {@code OverAggregate} node's description; empty when it prints none Flink's
     * way.
     */
    public static Optional<OverFrame> of(PlanNode node) {
        java.util.Map<String, String> attributes = PlanParser.attributes(node.description(), node.name().length());
        String window = attributes.getOrDefault("window", "").strip();
        String upper = window.toUpperCase(Locale.ROOT);
        boolean rows = upper.startsWith("ROWS ");
        if (!rows && !upper.startsWith("RANGE ") && !upper.startsWith("RANG ")) {
            return Optional.empty();
        }
        if (!upper.endsWith("AND CURRENT ROW")) {
            return Optional.empty();
        }
        boolean unbounded = upper.contains("BETWEEN UNBOUNDED PRECEDING");
        String sql = upper.startsWith("RANG ") ? "RANGE" + window.substring("RANG".length()) : window;
        List<String> calls = PlanParser.items(attributes.getOrDefault("select", "")).stream()
                .filter(item -> item.contains("(") && item.matches("(?s).* AS w\\d+\\$o\\d+$"))
                .map(item -> item.substring(0, item.lastIndexOf(" AS ")))
                .toList();
        List<String> order = PlanParser.items(attributes.getOrDefault("orderBy", ""));
        String orderColumn = order.isEmpty() ? "" : order.get(0).replaceFirst("\\s+(ASC|DESC)$", "");
        return Optional.of(new OverFrame(rows, unbounded, sql, calls, orderColumn));
    }

    /**
     * True for a bounded {@code RANGE} frame: its function frees an idle key's whole state by its own
     * timer (see the class comment), so a state TTL has nothing to bound.
     */
    public boolean freesIdleKeys() {
        return !rows && !unboundedPreceding;
    }

    /** True when every call is {@code LAG} or {@code LEAD}: a value of an earlier row, no running aggregate. */
    public boolean offsetsOnly() {
        return !calls.isEmpty() && calls.stream().allMatch(c -> c.startsWith("LAG(") || c.startsWith("LEAD("));
    }

    /**
     * True when a call is a ranking function ({@code ROW_NUMBER}, {@code RANK}, {@code DENSE_RANK}; Flink prints {@code
     * ROW_NUMBER(*)}): Calcite's validator refuses a frame written for the window it is in ("ROW/RANGE not allowed
     * with RANK, DENSE_RANK or ROW_NUMBER functions", Flink 2.3.0), and its result is a row number, not a running
     * aggregate.
     */
    public boolean ranks() {
        return rankingFunction().isPresent();
    }

    /** The first ranking function of the calls as SQL writes it ({@code ROW_NUMBER()}); empty where none ranks. */
    public Optional<String> rankingFunction() {
        return calls.stream().filter(c -> c.matches("(?i)(ROW_NUMBER|RANK|DENSE_RANK)\\(.*"))
                .map(c -> c.substring(0, c.indexOf('(')).toUpperCase(Locale.ROOT) + "()")
                .findFirst();
    }

    /**
     * The calls with {@code DISTINCT}: each keeps the distinct values per key in its accumulator. A {@code SUM} is
     * named as SQL writes it: Flink prints it {@code $SUM0} (Calcite's {@code SUM} over a window becomes {@code CASE
     * WHEN COUNT(..) > 0 THEN $SUM0(..) ELSE NULL END}, its {@code SqlSumEmptyIsZeroAggFunction}).
     */
    public List<String> distinctCalls() {
        return calls.stream().filter(c -> c.contains("(DISTINCT ")).map(c -> c.replace("$SUM0(", "SUM(")).distinct()
                .toList();
    }
}
