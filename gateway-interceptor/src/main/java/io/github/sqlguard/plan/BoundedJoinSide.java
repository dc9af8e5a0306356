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

    /**
     * Why the side read once takes no TTL, as a fix says it: Flink's join state TTL counts from a row's last write, and
     * those rows are written once.
     */
    public static final String KEEPS_ITS_ROWS = "its rows never come again, and once expired they would match nothing";

    /**
     * A fix's way to bound the streaming side alone, the same in every rule that gives it ({@code stateful-without-ttl},
     * {@code ttl-expires-read-once-side}): {@code "the streaming side's state (o) with a TTL longer than a row must wait
     * for its match, on the join's SELECT: /*+ STATE_TTL('o' = '1 d') *}{@code /, leaving the side read once (c) out of
     * the hint: its rows never come again, ..."}. {@code options} are the hint's options as written, the streaming
     * side's among them ({@link #option}); a hint that pins the side read once keeps that pin among them.
     */
    public static String streamingAlone(String streaming, String once, String options) {
        return "the streaming side's state (" + streaming + ") with a TTL longer than a row must wait for its match, on the"
                + " join's SELECT: /*+ STATE_TTL(" + options + ") */, leaving the side read once (" + once + ") "
                + (options.contains(option(once, "0")) ? "pinned at '0'" : "out of the hint") + ": " + KEEPS_ITS_ROWS;
    }

    /**
     * A fix's way to keep the rows read once under a {@code SET 'table.exec.state.ttl'}: {@code "pin the side read once
     * (c) on the join's SELECT: /*+ STATE_TTL('c' = '0') *}{@code / ..."}. A hint's value precedes {@code
     * table.exec.state.ttl} for the input it names, and {@code '0'} is no TTL (FLIP-373; the compiled plan's {@code
     * StateMetadata} gives that side's state {@code 0 ms}), while the SET bounds every input the hint does not name.
     */
    public static String pinUnderSet(String once) {
        return "pin the side read once (" + once + ") on the join's SELECT: /*+ STATE_TTL(" + option(once, "0")
                + ") */ ('0' never expires, and a hint's value precedes table.exec.state.ttl for the input it names; the"
                + " inputs it does not name keep table.exec.state.ttl): " + KEEPS_ITS_ROWS;
    }

    /** One option of a {@code STATE_TTL} hint: {@code 'c' = '0'}. */
    public static String option(String key, String value) {
        return "'" + key + "' = '" + value + "'";
    }

    /** The name of the join's state of the streaming side in a compiled plan: {@code leftState} or {@code rightState}. */
    public String streamingState() {
        return side == 0 ? "rightState" : "leftState";
    }
}
