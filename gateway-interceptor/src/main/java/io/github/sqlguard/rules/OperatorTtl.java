package io.github.sqlguard.rules;

import io.github.sqlguard.plan.OperatorState;
import io.github.sqlguard.plan.PlanNode;

import java.time.Duration;
import java.util.List;

/**
 * The state TTL of one stateful operator, and where the guard knows it from.
 *
 * <p>Where Flink compiled the plan, each operator's {@code "state"} entries give the TTL Flink
 * really applies ({@link OperatorState}): after {@code table.exec.state.ttl}, {@code STATE_TTL}
 * hints that reached the operator, hints Flink ignored, mini-batch. Elsewhere (batch mode, a plan
 * Flink could not compile) the guard infers it from the session's {@code table.exec.state.ttl} and
 * says so.
 *
 * @param shortest the TTL of the operator's shortest-lived state ({@link Duration#ZERO}: never
 *     expires)
 * @param longest the TTL of its longest-lived state; zero when any state never expires
 * @param fromCompiledPlan true when Flink's compiled plan gave it, false when inferred
 */
public record OperatorTtl(Duration shortest, Duration longest, boolean fromCompiledPlan) {

    /** The TTL of {@code node} of {@code context}'s plan. */
    public static OperatorTtl of(AnalysisContext context, PlanNode node) {
        // Called for every node by some rules: plain loops, no streams.
        boolean compiled = context.plan().isPresent() && context.plan().get().compiled();
        List<OperatorState> states = node.state();
        if (compiled && !states.isEmpty()) {
            Duration shortest = states.get(0).ttl();
            Duration longest = shortest;
            boolean anyForever = false;
            for (OperatorState state : states) {
                shortest = state.ttl().compareTo(shortest) < 0 ? state.ttl() : shortest;
                longest = state.ttl().compareTo(longest) > 0 ? state.ttl() : longest;
                anyForever |= state.ttl().isZero();
            }
            return new OperatorTtl(shortest, anyForever ? Duration.ZERO : longest, true);
        }
        return new OperatorTtl(context.effectiveStateTtl(), context.effectiveStateTtl(), false);
    }

    /**
     * True when the state never expires in practice: a TTL of 0, or one above {@code maxStateTtl}
     * ({@link StateTtlOptions#MAX_STATE_TTL}).
     */
    public boolean neverExpires(Duration maxStateTtl) {
        return StateTtl.neverExpires(longest, maxStateTtl);
    }

    /**
     * Why this operator's state never expires, for messages, with where the TTL comes from: {@code
     * "the state TTL is 0 (Flink's compiled plan)"}, {@code "a TTL of 36500 d is above
     * sql-guard.max-state-ttl (365 d): state never expires in practice (inferred from
     * table.exec.state.ttl)"}.
     */
    public String describe(Duration maxStateTtl) {
        String source = fromCompiledPlan ? " (Flink's compiled plan)" : " (inferred from table.exec.state.ttl)";
        return StateTtl.whyNeverExpires(longest, maxStateTtl) + source;
    }
}
