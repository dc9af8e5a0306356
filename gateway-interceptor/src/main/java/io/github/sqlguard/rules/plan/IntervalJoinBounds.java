package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.statement.SqlIdentifiers;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The time bounds of a regular join's condition whose bounded columns are all time attributes where they reach the
 * join, read as Flink reads them when it decides on an interval join ({@code IntervalJoinUtil
 * #extractWindowBoundsFromPredicate} and {@code #identifyTimePredicate}, Flink 2.3.0): a comparison counts as a bound
 * only where each side is a time attribute of one input and both are of one kind (event time or processing time),
 * and Flink plans an interval join only for one equality or for two such bounds, one from below and one from above.
 * Where the condition falls short of that, what it lacks is the reason for the regular join, and the structural fix
 * is to give it that: not a WATERMARK (the columns are time attributes already) and not a new interval on other
 * columns.
 *
 * @param lacking what keeps the bounds from being an interval join's, as a clause
 * @param fix the bound to add or the comparison to change; empty where no one change says it
 */
record IntervalJoinBounds(String lacking, Optional<String> fix) {

    /**
     * The bounds of {@code join} read so; empty where a bounded column is no time attribute at the join (not one of
     * its tables', or made a plain value below it: {@link StatefulWithoutTtlRule} says why then), or where the
     * bounds are not what keeps Flink from an interval join.
     *
     * @param bounds the join's comparisons of a timestamp of each side
     * @param leftName how the statement qualifies the left side's columns ({@code t1.}), empty where it does not
     * @param rightName the same for the right side
     */
    static Optional<IntervalJoinBounds> of(
            List<Operator.Bound> bounds, List<PlanNode> inputs, StatementNames names, String leftName, String rightName) {
        List<Operator.Bound> oneKind = new ArrayList<>();
        List<Operator.Bound> twoKinds = new ArrayList<>();
        boolean computed = false;
        for (Operator.Bound bound : bounds) {
            Column.TimeAttribute left = kind(inputs.get(0), bound.left().name(), names);
            Column.TimeAttribute right = kind(inputs.get(1), bound.right().name(), names);
            // Read from the column's PROCTIME() whatever the plan's types say (Flink 1.20's compiled plan gave such a
            // column an event-time kind here: case 939 on 1.20).
            if (computedProctime(inputs.get(0), bound.left().name(), names)) {
                left = Column.TimeAttribute.PROCTIME;
                computed = true;
            }
            if (computedProctime(inputs.get(1), bound.right().name(), names)) {
                right = Column.TimeAttribute.PROCTIME;
                computed = true;
            }
            if (!left.isTimeAttribute() || !right.isTimeAttribute()) {
                return Optional.empty();
            }
            (left == right ? oneKind : twoKinds).add(bound);
        }
        // Over a source that emits updates Flink refuses the interval join the added bound makes ("StreamPhysical
        // IntervalJoin doesn't support consuming update and delete changes": NonDeterministicDagTest's
        // testCdcProctimeIntervalJoinOnPkSinkWithoutPk with the upper bound added, asked of Flink 2.3.0); whether a
        // source emits updates is not read here, so the fix says where it holds.
        String insertsOnly = computed ? " (where both inputs are inserts only: over a source that emits updates, a CDC"
                + " or upsert source, Flink refuses an interval join, \"doesn't support consuming update and delete"
                + " changes\")" : "";
        // An input that emits updates (UpdateStreams, read from the plan): the added bound makes no interval join, which
        // Flink refuses over it; the reason says so and the fix offers none (the TTL comes first).
        Optional<String> updating = updating(inputs, names);
        if (oneKind.size() == 1 || (oneKind.size() == 2 && oneKind.get(0).leftLower() == oneKind.get(1).leftLower()
                && sameColumns(oneKind.get(0), oneKind.get(1)))) {
            Operator.Bound bound = oneKind.get(0);
            String l = leftName + SqlIdentifiers.planName(bound.left().name());
            String r = rightName + SqlIdentifiers.planName(bound.right().name());
            String from = bound.leftLower() ? "below" : "above";
            String missing = bound.leftLower() ? "upper" : "lower";
            String lacking = l + " and " + r + " are " + kindName(kindOf(inputs.get(0), bound.left().name(), names))
                    + "s, but the condition bounds " + l + " by " + r + " from " + from + " only"
                    + (oneKind.size() == 2 ? " (both of its bounds)" : "") + ", and Flink plans an interval join only for a"
                    + " lower and an upper bound on time attributes of one kind (or one equality of them); a comparison"
                    + " with a time attribute of the other kind, or through a cast or a function, is no bound of one";
            String added = bound.leftLower()
                    ? l + " <= " + r + " + INTERVAL 'n' MINUTE, n the longest a row may come after its match"
                    : l + " >= " + r + " - INTERVAL 'n' MINUTE, n the longest a row may come before its match";
            if (updating.isPresent()) {
                return Optional.of(new IntervalJoinBounds(lacking + "; and no bound is offered: " + updating.get(),
                        Optional.empty()));
            }
            return Optional.of(new IntervalJoinBounds(lacking, Optional.of("Give the condition the " + missing
                    + " bound it lacks, on the same columns: AND " + added + "; Flink then plans an interval join, which"
                    + " frees a row once the other side's time (its watermark, or the clock for processing time) has"
                    + " passed the row's bounds" + insertsOnly)));
        }
        if (oneKind.isEmpty() && !twoKinds.isEmpty()) {
            Operator.Bound bound = twoKinds.get(0);
            Column.TimeAttribute leftKind = kindOf(inputs.get(0), bound.left().name(), names);
            String l = leftName + SqlIdentifiers.planName(bound.left().name());
            String r = rightName + SqlIdentifiers.planName(bound.right().name());
            String lacking = l + " is " + article(leftKind) + kindName(leftKind) + " and " + r + " "
                    + article(kindOf(inputs.get(1), bound.right().name(), names))
                    + kindName(kindOf(inputs.get(1), bound.right().name(), names)) + ", and Flink takes a comparison of time"
                    + " attributes of two kinds as no bound of an interval join, which bounds time attributes of one kind";
            if (updating.isPresent()) {
                return Optional.of(new IntervalJoinBounds(lacking + "; and no comparison of one kind is offered: "
                        + updating.get(), Optional.empty()));
            }
            Optional<String> fix = names.plan().timeAttributesBelow(inputs.get(1)).stream()
                    .filter(c -> c.timeAttribute() == leftKind).findFirst()
                    .map(c -> "Compare time attributes of one kind in every bound: " + l + " with " + rightName
                            + SqlIdentifiers.planName(c.name()) + " in place of " + r + " (each bound of the same pair,"
                            + " one from below and one from above); Flink then plans an interval join, which frees a"
                            + " row once the other side's time has passed the row's bounds");
            return Optional.of(new IntervalJoinBounds(lacking, fix));
        }
        return Optional.empty();
    }

    /**
     * Why no interval join can be made of the join over {@code inputs}, where one of them emits updates ({@link
     * UpdateStreams}): Flink plans an interval join over inserts-only inputs only, and refuses one over an update stream
     * ("StreamPhysicalIntervalJoin doesn't support consuming update and delete changes", FlinkChangelogModeInferenceProgram,
     * asked of Flink 2.3.0 on NonDeterministicDagTest's CDC shape with both bounds); empty where both emit inserts only.
     */
    private static Optional<String> updating(List<PlanNode> inputs, StatementNames names) {
        List<String> sides = new ArrayList<>();
        for (PlanNode input : inputs) {
            if (UpdateStreams.emitsUpdates(names.plan(), input)) {
                sides.add(UpdateStreams.updatingSource(names.plan(), input)
                        .map(t -> t + " (its source emits updates)")
                        .orElse(names.tables(input) + " (an operator below the join emits updates)"));
            }
        }
        if (sides.isEmpty()) {
            return Optional.empty();
        }
        List<String> distinct = sides.stream().distinct().toList();
        return Optional.of("the join reads an update stream, " + String.join(" and ", distinct) + ", and Flink plans an"
                + " interval join over inserts-only inputs only (over updates: \"doesn't support consuming update and"
                + " delete changes\")");
    }

    /**
     * What {@code column} is where it reaches the join from {@code input}: the kind of the time attribute of the
     * tables below, or {@code NONE} where it is none or an operator below made it a plain value.
     */
    private static Column.TimeAttribute kind(PlanNode input, String column, StatementNames names) {
        if (names.plan().materializesTimeAttribute(input, column).isPresent()) {
            return Column.TimeAttribute.NONE;
        }
        return names.plan().timeAttributesBelow(input).stream().filter(c -> c.name().equals(column))
                .map(Column::timeAttribute).findFirst().orElse(Column.TimeAttribute.NONE);
    }

    /** {@link #kind}, or a processing-time attribute for a {@link #computedProctime} column. */
    private static Column.TimeAttribute kindOf(PlanNode input, String column, StatementNames names) {
        return computedProctime(input, column, names) ? Column.TimeAttribute.PROCTIME : kind(input, column, names);
    }

    /**
     * True for {@code column} computed as {@code PROCTIME()} in the query ({@code SELECT *, PROCTIME() AS pt FROM t})
     * over a table {@code input} reads straight: a processing-time attribute, which Flink makes a plain value
     * ({@code PROCTIME_MATERIALIZE}) only because it planned a regular join over it; in an interval join it stays one
     * (the shape of NonDeterministicDagTest's {@code testCdcProctimeIntervalJoinOnPkSinkWithoutPk}: with a lower and an
     * upper bound over an append-only source Flink 2.3.0 plans an {@code IntervalJoin}). Before, the message said that such a column holds "the time a
     * row is read" and proposed no WATERMARK, where one bound was what it lacked.
     */
    private static boolean computedProctime(PlanNode input, String column, StatementNames names) {
        return names.directTable(input).isPresent()
                && names.wallClock(input, column).filter("PROCTIME"::equals).isPresent();
    }

    private static boolean sameColumns(Operator.Bound a, Operator.Bound b) {
        return a.left().name().equals(b.left().name()) && a.right().name().equals(b.right().name());
    }

    private static String kindName(Column.TimeAttribute kind) {
        return kind == Column.TimeAttribute.PROCTIME ? "processing-time attribute" : "event-time attribute";
    }

    private static String article(Column.TimeAttribute kind) {
        return kind == Column.TimeAttribute.PROCTIME ? "a " : "an ";
    }
}
