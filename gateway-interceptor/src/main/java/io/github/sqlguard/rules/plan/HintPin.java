package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.ViewHint;
import io.github.sqlguard.rules.AdvisedValues;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.statement.ParsedStatement.SqlOption;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * What {@code stateful-without-ttl} says of a group aggregation that a {@code STATE_TTL} hint pins to never expire
 * ({@code STATE_TTL('eu_clicks' = '0')}, {@link ExplainedPlan#pinnedByHint}): the state grows as any unbounded one
 * does, but its cause is the user's own hint, not a missing TTL, and a {@code SET 'table.exec.state.ttl'} does not
 * reach it (Flink's {@code StateMetadata} takes the hint's TTL over the session's). The fix is the hint's value, or
 * the hint's key removed (issue 30 §1: keep what the user pinned, say what changes it).
 */
final class HintPin {

    private HintPin() {}

    /** True when a hint pins {@code operator}, a group aggregation, to never expire. */
    static boolean pins(Operator operator, ExplainedPlan plan) {
        return operator instanceof Operator.GroupAggregate && plan.pinnedByHint(operator.node().id());
    }

    /** Why the state never expires: {@code "its STATE_TTL hint pins its state to never expire (...)"}. */
    static String why(AnalysisContext context, ExplainedPlan plan, Duration max) {
        return "a STATE_TTL hint pins its state to never expire (" + pin(context, plan, max).orElse("a hint of '0'")
                + ", the user's choice; Flink's compiled plan gives it that TTL, which a SET 'table.exec.state.ttl' does"
                + " not reach)";
    }

    /**
     * The fix: a TTL longer than a key ({@code keys}) stays active, written in the hint that pins the aggregation, in
     * place of its '0'; or the hint's key removed, and then the session's TTL reaches it.
     */
    static String fix(String keys, AnalysisContext context, ExplainedPlan plan, Duration max, AdvisedValues advised) {
        Optional<String> pin = pin(context, plan, max);
        String hint = pin.map(p -> "the hint that pins it, " + p).orElse("the STATE_TTL hint that pins it");
        String replaced = pin.map(p -> p.replaceFirst("= '[^']*'", "= '" + advised.stateTtlText() + "'"))
                .orElse("'" + advised.stateTtlText() + "'");
        Duration session = context.effectiveStateTtl();
        String sessionTtl = StateTtl.neverExpires(session, max)
                ? "a session TTL then reaches it: " + advised.setStateTtl()
                : "the session's TTL (" + StateTtl.format(session) + ") then reaches it";
        return "Give it a TTL longer than a key (" + keys + ") stays active in " + hint + ": " + replaced
                + " (its '0' keeps every key forever: keep it only where the keys are few and known); or remove the"
                + " hint's key: " + sessionTtl + ".";
    }

    /**
     * The one option of a {@code STATE_TTL} hint whose value never expires, in the statement or a view it reads
     * ({@code STATE_TTL('eu_clicks' = '0')}, "in the view v" for a view's); empty where there are several.
     */
    private static Optional<String> pin(AnalysisContext context, ExplainedPlan plan, Duration max) {
        Set<String> pins = new LinkedHashSet<>();
        for (SqlOption option : context.statement().stateTtlHints()) {
            if (neverExpires(option.value(), max)) {
                pins.add("STATE_TTL('" + option.key() + "' = '" + option.value() + "')");
            }
        }
        for (ViewHint hint : plan.viewHints()) {
            if (neverExpires(hint.value(), max)) {
                pins.add("STATE_TTL('" + hint.key() + "' = '" + hint.value() + "') in the view " + hint.view());
            }
        }
        return pins.size() == 1 ? Optional.of(pins.iterator().next()) : Optional.empty();
    }

    private static boolean neverExpires(String value, Duration max) {
        return StateTtl.parse(value).map(d -> StateTtl.neverExpires(d, max)).orElse(false);
    }
}
