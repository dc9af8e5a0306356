package io.github.sqlguard.plan;

import java.util.List;
import java.util.Optional;

/**
 * The side of a regular join whose input is bounded while the other's is not ({@link ExplainedPlan#bounded}): a
 * stream joined with a table read once, such as a {@code filesystem} table without {@code source.monitor-interval}
 * (the shape of Paimon's and Flink's quick starts) or a {@code datagen} table with {@code number-of-rows}. The join
 * keeps that side's rows in its state ({@code leftState} or {@code rightState}, Flink's {@code
 * StreamingJoinOperator}) for the stream's later rows to match: they are read once and never come again, so that
 * state holds what was read and no more, and a TTL on it expires them for good (Flink's join state TTL counts from a
 * row's last write, {@code StateTtlConfig.UpdateType.OnCreateAndWrite}), after which the join matches nothing from
 * that side. The stream's side is the one whose state grows.
 *
 * @param side the bounded side: 0 left, 1 right
 */
public record BoundedJoinSide(int side) {

    /** The side of {@code join} in {@code plan} that is bounded while the other is not; empty where none or both are. */
    public static Optional<BoundedJoinSide> of(Operator.Join join, ExplainedPlan plan) {
        List<PlanNode> inputs = plan.inputs(join.node());
        if (inputs.size() != 2) {
            return Optional.empty();
        }
        boolean left = plan.bounded(inputs.get(0));
        boolean right = plan.bounded(inputs.get(1));
        return left == right ? Optional.empty() : Optional.of(new BoundedJoinSide(left ? 0 : 1));
    }

    /** The streaming side, whose state grows: 0 left, 1 right. */
    public int streaming() {
        return 1 - side;
    }

    /** The bounded side as a message names it: {@code left} or {@code right}. */
    public String name() {
        return side == 0 ? "left" : "right";
    }

    /** The streaming side as a message names it: {@code left} or {@code right}. */
    public String streamingName() {
        return side == 0 ? "right" : "left";
    }

    /** The name of the join's state of the streaming side in a compiled plan: {@code leftState} or {@code rightState}. */
    public String streamingState() {
        return side == 0 ? "rightState" : "leftState";
    }
}
