package io.github.sqlguard.flink;

import org.apache.flink.api.common.functions.Function;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.checkpoint.ListCheckpointed;
import org.apache.flink.streaming.api.functions.source.datagen.DataGeneratorSource;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.apache.flink.streaming.api.operators.SimpleOperatorFactory;
import org.apache.flink.streaming.api.operators.SourceOperatorFactory;
import org.apache.flink.streaming.api.operators.StreamOperatorFactory;
import org.apache.flink.streaming.api.operators.StreamSource;

import java.util.ArrayList;
import java.util.List;

/**
 * Which sources of a job can hold state that a savepoint keeps, as Flink builds their operators (the stream graph's
 * source nodes and their operator factories; the same classes on 1.20 and 2.3), so that a job compared with another
 * without a savepoint ({@code lint}) counts what Flink would keep, not every source:
 *
 * <ul>
 *   <li>a FLIP-27 source ({@code SourceOperatorFactory}) always: its readers keep their splits in operator state
 *       ({@code SourceOperator#snapshotState}) and its enumerator's checkpoint is its coordinator's state ({@code
 *       SourceCoordinator#checkpointCoordinator}), which a savepoint records whether or not a split is left, and
 *       which {@code Checkpoints#loadAndValidateCheckpoint} will not leave unclaimed;</li>
 *   <li>a legacy source function ({@code StreamSource}) only where it checkpoints: a {@code CheckpointedFunction} or
 *       a {@code ListCheckpointed}, the only functions whose state {@code StreamingFunctionUtils#snapshotFunctionState}
 *       writes (the table planner puts the connector's function into the {@code StreamSource} itself, unwrapped).
 *       Whether such a function then registers any state is its own code, which no plan says; the datagen
 *       connector's {@code DataGeneratorSource} (a legacy function on both lines) is asked ({@link
 *       DataGenSourceState}): it keeps state only for a {@code sequence} field ({@code SequenceGenerator}), none
 *       for {@code random} ones, and a savepoint's empty entry for it needs no claim;</li>
 *   <li>any other source (a legacy function that does not checkpoint): never.</li>
 * </ul>
 */
final class SourceOperators {

    private SourceOperators() {}

    /** The source nodes of {@code graph} whose operators can hold state, in the graph's order. */
    static List<StreamNode> withState(StreamGraph graph) {
        List<StreamNode> out = new ArrayList<>();
        for (Integer id : graph.getSourceIDs()) {
            StreamNode node = graph.getStreamNode(id);
            if (node != null && canHoldState(node.getOperatorFactory())) {
                out.add(node);
            }
        }
        return out;
    }

    /** Whether a source operator that {@code factory} builds can hold state (see the class comment). */
    static boolean canHoldState(StreamOperatorFactory<?> factory) {
        if (factory instanceof SourceOperatorFactory) {
            return true;
        }
        if (factory instanceof SimpleOperatorFactory<?> simple && simple.getOperator() instanceof StreamSource<?, ?> source) {
            Function function = source.getUserFunction();
            if (function.getClass() == DataGeneratorSource.class) {
                return DataGenSourceState.registersState((DataGeneratorSource<?>) function);
            }
            return function instanceof CheckpointedFunction || function instanceof ListCheckpointed;
        }
        return false;
    }
}
