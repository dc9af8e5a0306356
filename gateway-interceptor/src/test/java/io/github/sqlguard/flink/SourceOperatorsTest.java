package io.github.sqlguard.flink;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.api.common.io.GenericInputFormat;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.junit.jupiter.api.Test;

import java.util.List;

/**
 * {@link SourceOperators} on stream graphs Flink builds, the same code on 1.20 and 2.3: a FLIP-27 source holds state,
 * a legacy source function that does not checkpoint does not (no table connector on the classpath has one; the
 * DataStream API's {@code createInput} of a non-file input format is one: {@code InputFormatSourceFunction}). The
 * datagen connector's legacy function that checkpoints, and a real savepoint of each kind: {@code
 * RestoreParityTest#aVersionCountsTheSourcesWhoseOperatorsFlinkBuildsToKeepState} and {@code StateChangesIT}.
 */
class SourceOperatorsTest {

    @Test
    void aFlip27SourceCanHoldStateAndALegacyFunctionThatDoesNotCheckpointCannot() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromSequence(1, 10).name("flip27").print();
        env.createInput(new Numbers(), Types.LONG).name("legacy").print();
        StreamGraph graph = env.getStreamGraph();

        List<String> withState = SourceOperators.withState(graph).stream().map(StreamNode::getOperatorName).toList();

        assertThat(graph.getSourceIDs()).hasSize(2);
        assertThat(withState).singleElement().asString().contains("flip27");
    }

    /** An input format that is not a file's: Flink reads it with a legacy source function that does not checkpoint. */
    static final class Numbers extends GenericInputFormat<Long> {
        private long next;

        @Override
        public boolean reachedEnd() {
            return next >= 3;
        }

        @Override
        public Long nextRecord(Long reuse) {
            return next++;
        }
    }
}
