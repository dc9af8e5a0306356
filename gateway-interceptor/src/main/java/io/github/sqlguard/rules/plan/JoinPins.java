package io.github.sqlguard.rules.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The sides of a regular join that a {@code STATE_TTL} hint pins to never expire ({@link
 * io.github.sqlguard.plan.ExplainedPlan#pinnedByHint(int, String)}: its {@code leftState}, its {@code rightState}),
 * with the names the hint gives the two sides and the option that pins each, where the statement or the view whose
 * join it is names them. Flink matches a join's hint keys to its inputs' aliases or table names ({@code
 * QueryHintsResolver}), so the option whose key names a pinned side is the one that pins it.
 *
 * @param left true when a hint pins the left side's state
 * @param right true when a hint pins the right side's state
 * @param names the names a hint gives the two sides; empty where the join's SELECT cannot name both
 * @param leftPin the option that pins the left side, where {@code names} finds it
 * @param rightPin the option that pins the right side, where {@code names} finds it
 */
record JoinPins(
        boolean left, boolean right, Optional<Names> names, Optional<HintPin.Pin> leftPin,
        Optional<HintPin.Pin> rightPin) {

    /**
     * The names a {@code STATE_TTL} hint gives a join's two sides.
     *
     * @param left the left side's alias or table name
     * @param right the right side's
     * @param view the view whose joining SELECT the join is; empty for the statement's own
     */
    record Names(String left, String right, Optional<String> view) {}

    /** True when a hint pins either side. */
    boolean any() {
        return left || right;
    }

    /**
     * The options that pin the sides {@code sides} (0 left, 1 right) as a message names them, in one hint where they
     * are one hint's ({@code STATE_TTL('a' = '0', 'b' = '0')}); {@code "a hint of '0'"} where none is found.
     */
    String named(int... sides) {
        List<HintPin.Pin> pins = new ArrayList<>();
        for (int side : sides) {
            (side == 0 ? leftPin : rightPin).ifPresent(pins::add);
        }
        if (pins.isEmpty()) {
            return "a hint of '0'";
        }
        boolean oneHint = pins.stream().map(HintPin.Pin::view).distinct().count() == 1;
        if (!oneHint || pins.size() == 1) {
            return pins.stream().map(HintPin.Pin::hint).collect(Collectors.joining(" and "));
        }
        return "STATE_TTL(" + pins.stream().map(p -> "'" + p.key() + "' = '" + p.value() + "'")
                .collect(Collectors.joining(", ")) + ")" + pins.get(0).view().map(v -> " in the view " + v).orElse("");
    }
}
