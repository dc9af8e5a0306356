package io.github.sqlguard.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.runtime.checkpoint.Checkpoints;
import org.apache.flink.runtime.checkpoint.OperatorState;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.runtime.state.KeyGroupsStateHandle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.DataInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

class SavepointShapeTest {

    @TempDir
    Path dir;

    @Test
    void aShapeIsWrittenAsFlinkReadsItBack() throws Exception {
        SavepointShape shape = new SavepointShape("t", 3, 4, 256, 1024);
        OperatorID claimed = new OperatorID(1, 2);
        String pointer = shape.write(dir.resolve("sp"), List.of(claimed));

        CheckpointMetadata read;
        try (InputStream in = Files.newInputStream(dir.resolve("sp").resolve("_metadata"))) {
            read = Checkpoints.loadCheckpointMetadata(new DataInputStream(in), getClass().getClassLoader(), pointer);
        }
        assertThat(read.getOperatorStates()).hasSize(3);
        assertThat(read.getOperatorStates()).extracting(OperatorState::getOperatorID).contains(claimed);
        for (OperatorState state : read.getOperatorStates()) {
            assertThat(state.getParallelism()).isEqualTo(4);
            assertThat(state.getMaxParallelism()).isEqualTo(SavepointShape.MAX_PARALLELISM);
            assertThat(state.getStates()).hasSize(4);
            for (OperatorSubtaskState subtask : state.getStates()) {
                assertThat(subtask.getManagedOperatorState()).hasSize(1);
                assertThat(subtask.getManagedKeyedState()).singleElement().isInstanceOf(KeyGroupsStateHandle.class);
                assertThat(subtask.getManagedKeyedState().iterator().next().getStateSize()).isEqualTo(1024);
            }
        }
        // The key groups of the four subtasks cover all 128, each once.
        int groups = 0;
        for (OperatorSubtaskState subtask : read.getOperatorStates().iterator().next().getStates()) {
            groups += subtask.getManagedKeyedState().iterator().next().getKeyGroupRange().getNumberOfKeyGroups();
        }
        assertThat(groups).isEqualTo(SavepointShape.MAX_PARALLELISM);
    }

    @Test
    void aShapeWithoutStateBytesHasSubtasksWithoutState() throws Exception {
        String pointer = new SavepointShape("t", 2, 1, 0, 0).write(dir.resolve("empty"), List.of());
        CheckpointMetadata read;
        try (InputStream in = Files.newInputStream(dir.resolve("empty").resolve("_metadata"))) {
            read = Checkpoints.loadCheckpointMetadata(new DataInputStream(in), getClass().getClassLoader(), pointer);
        }
        assertThat(read.getOperatorStates()).hasSize(2);
        assertThat(read.getOperatorStates()).allSatisfy(state -> assertThat(state.getStates()).allSatisfy(
                subtask -> assertThat(subtask.hasState()).isFalse()));
    }

    @Test
    void theStandardShapesAreDistinctAndValid() {
        assertThat(SavepointShape.standard()).extracting(SavepointShape::name).doesNotHaveDuplicates();
        assertThatThrownBy(() -> new SavepointShape("bad", 0, 1, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SavepointShape("bad", 1, 129, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
