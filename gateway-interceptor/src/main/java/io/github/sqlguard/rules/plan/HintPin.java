package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.ViewHint;
import io.github.sqlguard.rules.AdvisedValues;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.statement.ParsedStatement.SqlOption;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What {@code stateful-without-ttl} says of state that a {@code STATE_TTL} hint pins to never expire ({@code
 * STATE_TTL('eu_clicks' = '0')}, {@link ExplainedPlan#pinnedByHint}): a group aggregation's, or one side of a join's.
 * The state grows as any unbounded one does, but its cause is the user's own hint, not a missing TTL, and a {@code SET
 * 'table.exec.state.ttl'} does not reach it (Flink's {@code StateMetadata} takes the hint's TTL over the session's).
 * The fix is the hint's value, or the hint's key removed (issue 30 §1: keep what the user pinned, say what changes
 * it). The one source of the words for a pin, so that an aggregation's and a join side's read alike.
 */
final class HintPin {

    private HintPin() {}

    /**
     * One option of a {@code STATE_TTL} hint whose value never expires: the statement's own, or one in the query of a
     * view the statement reads ({@code view}).
     */
    record Pin(String key, String value, Optional<String> view) {

        /** {@code STATE_TTL('eu_clicks' = '0')}, with {@code " in the view v"} for a view's. */
        String hint() {
            return written(value) + view.map(v -> " in the view " + v).orElse("");
        }

        /** The option as it is written with {@code ttl} for its value: {@code STATE_TTL('eu_clicks' = '1 d')}. */
        String written(String ttl) {
            return "STATE_TTL('" + key + "' = '" + ttl + "')";
        }
    }

    /** True when a hint pins {@code operator}, a group aggregation, to never expire. */
    static boolean pins(Operator operator, ExplainedPlan plan) {
        return operator instanceof Operator.GroupAggregate && plan.pinnedByHint(operator.node().id());
    }

    /**
     * Why an aggregation's state never expires: {@code "a STATE_TTL hint pins its state to never expire (...)"}, its
     * pin named where one option of '0' is left beside those that pin a join's side ({@code joinSides}).
     */
    static String why(AnalysisContext context, ExplainedPlan plan, Duration max, Set<Pin> joinSides, Optional<Input> input) {
        List<Pin> pins = aggregationPins(context, plan, max, joinSides, input);
        return pinned("its state", pins.size() == 1 ? pins.get(0).hint() : "a hint of '0'");
    }

    /**
     * Why state {@code subject} names never expires, for the pin {@code pin} names ({@code STATE_TTL('o' = '0')}):
     * {@code "a STATE_TTL hint pins the left side's state (orders) to never expire (STATE_TTL('o' = '0'), the user's
     * choice; ...)"}.
     */
    static String pinned(String subject, String pin) {
        return "a STATE_TTL hint pins " + subject + " to never expire (" + pin + ", the user's choice; Flink's compiled"
                + " plan gives it that TTL, which a SET 'table.exec.state.ttl' does not reach)";
    }

    /**
     * The fix for an aggregation: a TTL longer than a key ({@code keys}) stays active, or {@code longer} where the rule
     * says what a TTL must outlast instead (an aggregation with a {@code DISTINCT} call, whose values a TTL expires
     * while the key is active), written in place of the '0' of the hint that pins it (named as {@link #why} names it);
     * or the hint's key removed, and then the session's TTL reaches it.
     */
    static String fix(
            String keys, Optional<String> longer, AnalysisContext context, ExplainedPlan plan, Duration max,
            AdvisedValues advised, Set<Pin> joinSides, Optional<Input> input) {
        List<Pin> pins = aggregationPins(context, plan, max, joinSides, input);
        String change = pins.size() == 1
                ? "in place of the '0' of its STATE_TTL hint" + pins.get(0).view().map(v -> " in the view " + v).orElse("")
                        + ": " + pins.get(0).written(advised.stateTtlText())
                : "in the STATE_TTL hint that pins it: '" + advised.stateTtlText() + "'";
        Duration session = context.effectiveStateTtl();
        String sessionTtl = StateTtl.neverExpires(session, max)
                ? "a session TTL then reaches it: " + advised.setStateTtl()
                : "the session's TTL (" + StateTtl.format(session) + ") then reaches it";
        return "Give it a TTL " + longer.orElse("longer than a key (" + keys + ") stays active") + ", " + change
                + " (its '0' keeps every key forever: keep it only where the keys are few and known); or remove the"
                + " hint's key: " + sessionTtl + ".";
    }

    /**
     * The option of a {@code STATE_TTL} hint that pins the input {@code key} names to never expire: the statement's
     * own where {@code view} is empty, else one in that view's query; empty where none has that key.
     */
    static Optional<Pin> of(AnalysisContext context, ExplainedPlan plan, Duration max, String key, Optional<String> view) {
        return pins(context, plan, max).stream().filter(p -> p.key().equals(key) && p.view().equals(view)).findFirst();
    }

    /**
     * The input of an aggregation as its SELECT's hint names it: the key a {@code STATE_TTL} option must have to reach
     * the aggregation (Flink matches an aggregation's hint keys to its input's alias or table name, {@code
     * StateTtlHint}), in the statement or in a view's query.
     *
     * @param key the input's alias, else its table's or view's name
     * @param view the view whose query aggregates; empty for the statement's own
     */
    record Input(String key, Optional<String> view) {}

    /**
     * The options that never expire ({@link #pins}) but those that pin a join's side; where several are left and the
     * aggregation's input is known ({@code input}), the one whose key names that input: two aggregations pinned each
     * by its own option are each told by theirs, not as "a hint of '0'" (case 817).
     */
    private static List<Pin> aggregationPins(
            AnalysisContext context, ExplainedPlan plan, Duration max, Set<Pin> joinSides, Optional<Input> input) {
        List<Pin> pins = new ArrayList<>(pins(context, plan, max));
        pins.removeAll(joinSides);
        if (pins.size() > 1 && input.isPresent()) {
            List<Pin> own = pins.stream()
                    .filter(p -> p.key().equalsIgnoreCase(input.get().key()) && p.view().equals(input.get().view()))
                    .toList();
            if (own.size() == 1) {
                return own;
            }
        }
        return pins;
    }

    /** The options of the {@code STATE_TTL} hints of the statement and of the views it reads whose value never expires. */
    private static List<Pin> pins(AnalysisContext context, ExplainedPlan plan, Duration max) {
        List<Pin> pins = new ArrayList<>();
        for (SqlOption option : context.statement().stateTtlHints()) {
            if (neverExpires(option.value(), max)) {
                add(pins, new Pin(option.key(), option.value(), Optional.empty()));
            }
        }
        for (ViewHint hint : plan.viewHints()) {
            if (neverExpires(hint.value(), max)) {
                add(pins, new Pin(hint.key(), hint.value(), Optional.of(hint.view())));
            }
        }
        return pins;
    }

    private static void add(List<Pin> pins, Pin pin) {
        if (!pins.contains(pin)) {
            pins.add(pin);
        }
    }

    private static boolean neverExpires(String value, Duration max) {
        return StateTtl.parse(value).map(d -> StateTtl.neverExpires(d, max)).orElse(false);
    }
}
