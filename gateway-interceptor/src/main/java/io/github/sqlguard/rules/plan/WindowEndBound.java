package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.plan.ColumnSource;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.statement.SqlIdentifiers;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A regular join whose time bound compares a window operator's {@code window_end} (Nexmark q7: the bids of the last
 * 10 seconds before each window's end, {@code B.dateTime BETWEEN B1.wend - INTERVAL '10' SECOND AND B1.wend} where
 * {@code B1} selects {@code window_end AS wend} of a window aggregation). {@code window_end} is a plain {@code
 * TIMESTAMP}: a window's time attribute is {@code window_time}, "always equal to window_end - 1ms" (Flink docs,
 * "Windowing TVF"), so Flink plans a regular join. Bounded by {@code window_time} (selected, and grouped by, in its
 * place) the same condition is an interval join (asked of Flink 2.3.0: {@code IntervalJoin(windowBounds=[isRowTime=true,
 * leftLowerBound=-10000, leftUpperBound=0, ...])} over the window aggregation), its bounds 1 ms earlier.
 *
 * @param named the bounded column as the statement's condition names it ({@code B1.wend})
 * @param operator the window operator that makes it ({@code GlobalWindowAggregate[7]})
 */
record WindowEndBound(String named, String operator) {

    /**
     * The bound's column of a side that is {@code window_end} of a window operator below, the other side's column a
     * time attribute; empty otherwise, for a join over updates (no interval join plans over them), and where both
     * sides' columns are {@code window_end}s.
     */
    static Optional<WindowEndBound> of(Operator.Join join, List<PlanNode> inputs, StatementNames names, List<String> qualifiers) {
        Optional<Operator.Bound> bound = join.bounds().stream().filter(Operator.Bound::onTimestamps).findFirst();
        if (bound.isEmpty() || inputs.size() != 2 || inputs.stream().anyMatch(i -> UpdateStreams.emitsUpdates(names.plan(), i))) {
            return Optional.empty();
        }
        List<WindowEndBound> found = new ArrayList<>();
        boolean otherIsTime = false;
        for (int side = 0; side < 2; side++) {
            Column column = side == 0 ? bound.get().left() : bound.get().right();
            Optional<ColumnSource> made = names.plan().source(inputs.get(side), column.name());
            if (made.isPresent() && WindowKeys.windowing(made.get().node()) && made.get().name().equals(WindowKeys.END)) {
                found.add(new WindowEndBound(qualifiers.get(side) + SqlIdentifiers.planName(column.name()), made.get().node().label()));
            } else {
                otherIsTime = names.isTimeAttributeBelow(inputs.get(side), column.name());
            }
        }
        return found.size() == 1 && otherIsTime ? Optional.of(found.get(0)) : Optional.empty();
    }

    /** Why the join is a regular one, after "Flink planned a regular join: ". */
    String reason() {
        return named + " is the window_end of " + operator + ", a plain TIMESTAMP: a window's time attribute is its"
                + " window_time (window_end - 1 ms), and an interval join bounds time attributes only";
    }

    /** The structural fix, first among the join's fixes. */
    String fix() {
        return "Bound the join by the window's time attribute: select window_time in place of window_end for " + named
                + " (and add window_time to the window aggregation's GROUP BY): the join as written is then an interval"
                + " join, which frees a row once the other side's watermark passes its time bound; its bounds move 1 ms"
                + " earlier (window_time is window_end - 1 ms), and a row behind its table's watermark is then late and"
                + " dropped";
    }
}
