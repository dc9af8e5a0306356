package io.github.sqlguard.bench;

import org.apache.flink.runtime.checkpoint.Checkpoints;
import org.apache.flink.runtime.checkpoint.OperatorState;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.runtime.state.KeyGroupRange;
import org.apache.flink.runtime.state.KeyGroupRangeAssignment;
import org.apache.flink.runtime.state.KeyGroupRangeOffsets;
import org.apache.flink.runtime.state.KeyGroupsStateHandle;
import org.apache.flink.runtime.state.OperatorStateHandle;
import org.apache.flink.runtime.state.OperatorStreamStateHandle;
import org.apache.flink.runtime.state.memory.ByteStreamStateHandle;

import java.io.DataOutputStream;
import java.io.OutputStream;
import java.lang.reflect.Constructor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A savepoint's shape for the restore benchmark ({@code restore-shapes}): how many operators, at
 * which parallelism, with how many bytes of operator (list) state and of keyed state per subtask,
 * all kept inline in the {@code _metadata} (Flink keeps a state handle inline below {@code
 * execution.checkpointing.file-state-size-threshold}, 20 kB by default). Written with Flink's own
 * writer ({@code Checkpoints#storeCheckpointMetadata}), without checkpoint properties, as the bench
 * of rounds 40-43 wrote its one savepoint.
 *
 * @param name what the table calls it
 * @param operators how many operators hold state
 * @param parallelism subtasks per operator
 * @param operatorStateBytes inline operator state per subtask (0: none)
 * @param keyedStateBytes inline keyed state per subtask, in one key-group handle over its key groups (0: none)
 */
record SavepointShape(String name, int operators, int parallelism, int operatorStateBytes, int keyedStateBytes) {

    /** Flink's default maximum parallelism for a parallelism up to 128 ({@code KeyGroupRangeAssignment#computeDefaultMaxParallelism}). */
    static final int MAX_PARALLELISM = 128;

    SavepointShape {
        if (operators < 1 || parallelism < 1 || parallelism > MAX_PARALLELISM || operatorStateBytes < 0
                || keyedStateBytes < 0) {
            throw new IllegalArgumentException("not a savepoint shape: " + operators + " operators, parallelism "
                    + parallelism + ", " + operatorStateBytes + " / " + keyedStateBytes + " bytes");
        }
    }

    /**
     * The shapes the benchmark measures: the bench's own (rounds 40-43), a GROUP BY job's (source,
     * aggregate with keyed state, sink), and a statement set's with many operators, each at the
     * parallelism a small cluster runs.
     */
    static List<SavepointShape> standard() {
        return List.of(
                new SavepointShape("bench (rounds 40-43): 4 operators, parallelism 1, 4 kB operator state", 4, 1, 4096, 0),
                new SavepointShape("GROUP BY: 3 operators, parallelism 4, 2 kB keyed state", 3, 4, 0, 2048),
                new SavepointShape("GROUP BY: 3 operators, parallelism 4, 16 kB keyed state", 3, 4, 0, 16384),
                new SavepointShape("statement set: 24 operators, parallelism 2, 1 kB keyed + 256 B operator state", 24, 2, 256, 1024),
                new SavepointShape("statement set: 60 operators, parallelism 4, no state bytes (empty handles)", 60, 4, 0, 0));
    }

    /**
     * Writes this shape's {@code _metadata} into {@code dir}, the first operators with the ids of
     * {@code claimed} (the job's, so that the check claims them), the rest with ids of their own.
     *
     * @return the savepoint's pointer (the directory's URI)
     */
    String write(Path dir, List<OperatorID> claimed) throws Exception {
        List<OperatorState> states = new ArrayList<>();
        for (int i = 0; i < operators; i++) {
            OperatorID id = i < claimed.size() ? claimed.get(i) : new OperatorID(0x5a5a_0000L + i, i);
            OperatorState state = operatorState(id, parallelism, MAX_PARALLELISM);
            for (int subtask = 0; subtask < parallelism; subtask++) {
                OperatorSubtaskState.Builder builder = OperatorSubtaskState.builder();
                if (operatorStateBytes > 0) {
                    OperatorStateHandle handle = new OperatorStreamStateHandle(Map.of(),
                            new ByteStreamStateHandle("op-" + id + "-" + subtask, new byte[operatorStateBytes]));
                    builder.setManagedOperatorState(handle);
                }
                if (keyedStateBytes > 0) {
                    KeyGroupRange range = KeyGroupRangeAssignment.computeKeyGroupRangeForOperatorIndex(
                            MAX_PARALLELISM, parallelism, subtask);
                    KeyGroupRangeOffsets offsets = new KeyGroupRangeOffsets(range);
                    int step = keyedStateBytes / Math.max(1, range.getNumberOfKeyGroups());
                    int k = 0;
                    for (int group : range) {
                        offsets.setKeyGroupOffset(group, (long) k++ * step);
                    }
                    builder.setManagedKeyedState(new KeyGroupsStateHandle(offsets,
                            new ByteStreamStateHandle("keyed-" + id + "-" + subtask, new byte[keyedStateBytes])));
                }
                state.putState(subtask, builder.build());
            }
            states.add(state);
        }
        Files.createDirectories(dir);
        try (OutputStream out = Files.newOutputStream(dir.resolve("_metadata"));
                DataOutputStream data = new DataOutputStream(out)) {
            Checkpoints.storeCheckpointMetadata(new CheckpointMetadata(7, states, List.of()), data);
        }
        return dir.toUri().toString();
    }

    /** {@code new OperatorState(...)}: Flink 2.x adds the operator's name and uid to the constructor of 1.20. */
    static OperatorState operatorState(OperatorID id, int parallelism, int maxParallelism) throws Exception {
        for (Constructor<?> constructor : OperatorState.class.getConstructors()) {
            if (constructor.getParameterCount() == 5) {
                return (OperatorState) constructor.newInstance(null, null, id, parallelism, maxParallelism);
            }
            if (constructor.getParameterCount() == 3) {
                return (OperatorState) constructor.newInstance(id, parallelism, maxParallelism);
            }
        }
        throw new IllegalStateException("no constructor of OperatorState this benchmark knows");
    }
}
