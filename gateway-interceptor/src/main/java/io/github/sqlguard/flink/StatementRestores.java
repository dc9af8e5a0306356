package io.github.sqlguard.flink;

import io.github.sqlguard.rules.Restore;
import io.github.sqlguard.rules.Restore.SavedOperator;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.FallbackKey;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.runtime.checkpoint.OperatorState;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.checkpoint.StateObjectCollection;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.runtime.state.AbstractChannelStateHandle;
import org.apache.flink.runtime.state.CompletedCheckpointStorageLocation;
import org.apache.flink.runtime.state.IncrementalRemoteKeyedStateHandle;
import org.apache.flink.runtime.state.KeyGroupsStateHandle;
import org.apache.flink.runtime.state.OperatorStreamStateHandle;
import org.apache.flink.runtime.state.StateObject;
import org.apache.flink.runtime.state.StreamStateHandle;
import org.apache.flink.runtime.state.filemerging.SegmentFileStateHandle;
import org.apache.flink.runtime.state.filesystem.AbstractFsCheckpointStorageAccess;
import org.apache.flink.runtime.state.filesystem.FileStateHandle;
import org.apache.flink.runtime.state.memory.ByteStreamStateHandle;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What a statement would restore, judged before its job is submitted: the savepoint its
 * configuration names, read with Flink's own readers ({@code
 * AbstractFsCheckpointStorageAccess#resolveCheckpointPointer} finds its {@code _metadata} through
 * Flink's {@code FileSystem}, {@code Checkpoints#loadCheckpointMetadata} reads it, as the JobManager
 * does on restore), set against the operator ids of the job the statement would run ({@link
 * StatementJobs}). The state of each of the savepoint's operators is claimed as Flink's {@code
 * Checkpoints#loadAndValidateCheckpoint} claims it: by an operator of the new job with its id
 * (generated, or from a user-defined uid); an operator that has no state (no coordinator state,
 * no subtask with state, {@code OperatorSubtaskState#hasState}) needs no claim.
 */
public final class StatementRestores {

    /** Flink's older key of {@code execution.state-recovery.ignore-unclaimed-state}, deprecated. */
    static final String OLDER_IGNORE_KEY = "execution.savepoint.ignore-unclaimed-state";

    private StatementRestores() {}

    /**
     * The savepoint a statement with {@code config} (the session's configuration, the gateway's
     * {@code config.yaml} under it, and the statement's execution config on top) restores from:
     * {@code execution.state-recovery.path} or its older key {@code execution.savepoint.path}, read
     * with Flink's own option ({@link StateRecoveryOptions#SAVEPOINT_PATH}). Empty for a statement
     * that starts without state, checked by two key look-ups first, so that it pays nothing more.
     */
    public static Optional<String> savepointPath(Map<String, String> config) {
        if (!namesPath(config)) {
            return Optional.empty();
        }
        return ofOption(config, StateRecoveryOptions.SAVEPOINT_PATH).getOptional(StateRecoveryOptions.SAVEPOINT_PATH)
                .map(String::strip)
                .filter(path -> !path.isEmpty());
    }

    /**
     * Whether a statement with the session's configuration {@code sessionConfig} and its own
     * execution config {@code executionConfig} on top restores from a savepoint: {@link
     * #savepointPath} of the two, with the same key look-ups first, so that a statement that names
     * none pays nothing more and no merged map is made for it.
     */
    public static boolean namesSavepoint(Map<String, String> sessionConfig, Map<String, String> executionConfig) {
        if (!namesPath(sessionConfig) && !namesPath(executionConfig)) {
            return false;
        }
        Map<String, String> config = new java.util.HashMap<>(sessionConfig);
        config.putAll(executionConfig);
        return savepointPath(config).isPresent();
    }

    private static boolean namesPath(Map<String, String> config) {
        return config.containsKey(StateRecoveryOptions.SAVEPOINT_PATH.key()) || config.containsKey("execution.savepoint.path");
    }

    /**
     * The restore of {@code savepoint} into the job {@code job} builds, with {@code config}'s
     * setting for unclaimed state. A savepoint the guard cannot read, or a job it cannot build,
     * gives a restore that says why ({@link Restore#unreadable}): never a verdict without reading it.
     *
     * @param classLoader the session's class loader, for the metadata's state handles
     */
    public static Restore judge(
            String savepoint, Map<String, String> config, ClassLoader classLoader, Supplier<JobGraph> job) {
        return judgeJob(savepoint, config, classLoader, () -> {
            JobGraph graph = job.get();
            return new StatementJobs.JudgedJob(
                    new StatementJobs.JobToRun("{}", new io.github.sqlguard.restore.PlannedJob("{}", Map.of()), Map.of()),
                    StatementJobs.claims(graph), Map.of(), MaxParallelism.Vertices.of(graph), java.util.Set.of(),
                    java.util.Set.of());
        });
    }

    /**
     * As {@link #judge}, against the job of a judged plan translated once ({@link
     * StatementJobs#judgedJob}): the same claims, from the same job graph.
     */
    public static Restore judgeJob(
            String savepoint, Map<String, String> config, ClassLoader classLoader, Supplier<StatementJobs.JudgedJob> job) {
        return judgeJob(savepoint, config, classLoader, job, metadata -> {});
    }

    /**
     * As {@link #judgeJob(String, Map, ClassLoader, Supplier)}, handing the savepoint's metadata, once
     * read, to {@code read} (for {@link SavepointSerializers}, which then reads no metadata again). The
     * state the new job claims is also checked against the maximum parallelism the savepoint records
     * for it ({@link MaxParallelism#check}, {@link Restore#maxParallelism}).
     */
    public static Restore judgeJob(
            String savepoint, Map<String, String> config, ClassLoader classLoader, Supplier<StatementJobs.JudgedJob> job,
            java.util.function.Consumer<CheckpointMetadata> read) {
        java.util.concurrent.atomic.AtomicReference<StatementJobs.JudgedJob> built = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicReference<CheckpointMetadata> metadata = new java.util.concurrent.atomic.AtomicReference<>();
        Restore restore = judgeClaims(savepoint, config, classLoader, () -> {
            built.set(job.get());
            return built.get().claims();
        }, m -> {
            metadata.set(m);
            read.accept(m);
        });
        if (restore.unreadable().isPresent() || built.get() == null) {
            return restore;
        }
        return restore.withMaxParallelism(maxParallelism(metadata.get(), built.get().vertices()));
    }

    /**
     * The savepoint's operators that a vertex of the new job has and Flink would not assign to it for
     * their maximum parallelism ({@link MaxParallelism#check}), as the JobManager checks them when it
     * loads the savepoint and when it assigns its state.
     */
    static List<Restore.MaxParallelismConflict> maxParallelism(CheckpointMetadata metadata, MaxParallelism.Vertices job) {
        if (!canConflict(metadata, job)) {
            return List.of();
        }
        Map<String, MaxParallelism.Vertex> vertices = job.byOperatorId();
        List<Restore.MaxParallelismConflict> conflicts = new ArrayList<>();
        FlinkLine line = FlinkLine.current();
        for (OperatorState state : metadata.getOperatorStates()) {
            MaxParallelism.Vertex vertex = vertices.get(state.getOperatorID().toHexString());
            if (vertex == null) {
                continue;
            }
            boolean withState = hasState(state);
            // Flink checks the maximum parallelism of every operator the savepoint records, with state or without.
            Supplier<String> saved = () -> new SavedOperator(state.getOperatorID().toHexString(), line.savedOperatorName(state),
                    line.savedOperatorUid(state), state.getStateSize(), Optional.of(vertex.vertex())).describe()
                    + (withState ? "" : ", which has no state,");
            MaxParallelism.check(saved, state.getMaxParallelism(), vertex, withState)
                    .ifPresent(conflicts::add);
        }
        return List.copyOf(conflicts);
    }

    private static boolean canConflict(CheckpointMetadata metadata, MaxParallelism.Vertices job) {
        for (OperatorState state : metadata.getOperatorStates()) {
            if (job.canConflict(state.getMaxParallelism())) {
                return true;
            }
        }
        return false;
    }

    private static Restore judgeClaims(
            String savepoint, Map<String, String> config, ClassLoader classLoader, Supplier<Map<OperatorID, String>> job) {
        return judgeClaims(savepoint, config, classLoader, job, metadata -> {});
    }

    private static Restore judgeClaims(
            String savepoint, Map<String, String> config, ClassLoader classLoader, Supplier<Map<OperatorID, String>> job,
            java.util.function.Consumer<CheckpointMetadata> read) {
        boolean ignoreUnclaimed = ignoresUnclaimedState(config);
        Optional<String> unhonoured = unhonouredIgnoreKey(config, ignoreUnclaimed);
        SavepointReads.Read savepointRead;
        try {
            savepointRead = readListed(savepoint, classLoader);
        } catch (IOException | RuntimeException e) {
            return Restore.unreadable(savepoint, "Flink could not read the savepoint's metadata: " + message(e), ignoreUnclaimed, unhonoured);
        }
        if (savepointRead.unlisted().isPresent()) {
            return Restore.unreadable(savepoint, savepointRead.unlisted().get(), ignoreUnclaimed, unhonoured);
        }
        CheckpointMetadata metadata = savepointRead.metadata();
        List<String> stateFiles = savepointRead.stateFiles();
        read.accept(metadata);
        Map<OperatorID, String> claims;
        try {
            claims = job.get();
        } catch (RuntimeException e) {
            return Restore.unreadable(
                    savepoint, "the guard could not build the job this statement would run: " + message(e), ignoreUnclaimed,
                    unhonoured);
        }
        List<SavedOperator> matched = new ArrayList<>();
        List<SavedOperator> unclaimed = new ArrayList<>();
        FlinkLine line = FlinkLine.current();
        for (OperatorState state : metadata.getOperatorStates()) {
            if (!hasState(state)) {
                continue;
            }
            Optional<String> claimedBy = Optional.ofNullable(claims.get(state.getOperatorID()));
            SavedOperator saved = new SavedOperator(
                    state.getOperatorID().toHexString(), line.savedOperatorName(state), line.savedOperatorUid(state),
                    state.getStateSize(), claimedBy);
            (claimedBy.isPresent() ? matched : unclaimed).add(saved);
        }
        return new Restore(savepoint, Optional.empty(), List.copyOf(matched), List.copyOf(unclaimed), ignoreUnclaimed, unhonoured)
                .withStateFiles(stateFiles);
    }

    /**
     * The locations of the files {@code metadata} names for its operators' state: what the job's
     * tasks open when they restore it. A savepoint's {@code _metadata} names each file by its path
     * ({@code MetadataV2V3SerializerBase#deserializeStreamStateHandle}: a {@link FileStateHandle}, or a
     * {@code RelativeFileStateHandle} resolved against the savepoint's directory, or a {@link
     * SegmentFileStateHandle} of merged files), anywhere the file systems reach, whatever directory the
     * savepoint itself is in; state small enough is inline ({@link ByteStreamStateHandle}, no file).
     * Walked through the handles Flink's restore opens: each subtask's operator, keyed and channel
     * state, the handles {@code OperatorSubtaskState#getDiscardables} lists, in its order (read from
     * their collections here, without the streams and the list it makes for them: about 2 kB a
     * subtask; the channel states by line, {@link FlinkLine#forEachChannelStateDelegate}), a key-group
     * or operator state file's delegate, an incremental snapshot's meta, shared and private files
     * ({@code IncrementalRemoteKeyedStateHandle#streamSubHandles}), and each operator's coordinator
     * state.
     *
     * @throws IllegalArgumentException for a handle whose files the guard cannot list, which says so
     */
    static List<String> stateFiles(CheckpointMetadata metadata) {
        Set<String> files = new LinkedHashSet<>();
        java.util.function.Consumer<StateObject> add = handle -> addFiles(handle, files);
        FlinkLine line = FlinkLine.current();
        for (OperatorState state : metadata.getOperatorStates()) {
            if (state.getCoordinatorState() != null) {
                addFiles(state.getCoordinatorState(), files);
            }
            for (OperatorSubtaskState subtask : state.getStates()) {
                addAll(subtask.getManagedOperatorState(), files);
                addAll(subtask.getRawOperatorState(), files);
                addAll(subtask.getManagedKeyedState(), files);
                addAll(subtask.getRawKeyedState(), files);
                line.forEachChannelStateDelegate(subtask, add);
            }
        }
        return files.isEmpty() ? List.of() : List.copyOf(files);
    }

    private static void addAll(StateObjectCollection<? extends StateObject> handles, Set<String> files) {
        if (handles == null || handles.isEmpty()) {
            return;
        }
        for (StateObject handle : handles) {
            addFiles(handle, files);
        }
    }

    private static void addFiles(StateObject handle, Set<String> files) {
        if (handle == null || handle instanceof ByteStreamStateHandle) {
            return;
        }
        if (handle instanceof FileStateHandle file) {
            files.add(file.getFilePath().toString());
        } else if (handle instanceof SegmentFileStateHandle segment) {
            files.add(segment.getFilePath().toString());
        } else if (handle instanceof KeyGroupsStateHandle keyGroups) {
            addFiles(keyGroups.getDelegateStateHandle(), files);
        } else if (handle instanceof OperatorStreamStateHandle operator) {
            addFiles(operator.getDelegateStateHandle(), files);
        } else if (handle instanceof IncrementalRemoteKeyedStateHandle incremental) {
            incremental.streamSubHandles().forEach(h -> addFiles(h, files));
        } else if (handle instanceof AbstractChannelStateHandle<?> channel) {
            addFiles(channel.getDelegate(), files);
        } else {
            throw new IllegalArgumentException("its metadata holds state of a kind whose files the guard cannot list ("
                    + handle.getClass().getSimpleName() + "), so it cannot tell which files the job would read");
        }
    }

    /**
     * The savepoint's metadata, found and read as the JobManager reads it, through a {@link
     * MetadataInput}: a file that claims a length it cannot hold, or holds a class Flink does not
     * write into it, fails the read before Flink's reader allocates or constructs it.
     */
    static CheckpointMetadata read(String savepoint, ClassLoader classLoader) throws IOException {
        return readListed(savepoint, classLoader).metadata();
    }

    /**
     * {@link #read}, with the state files it names ({@link #stateFiles}), once per savepoint: a
     * savepoint read before, whose {@code _metadata} file has the same bytes (their digest) and length,
     * is not read again by Flink's reader ({@link SavepointReads}). Its pointer is resolved every time, so a savepoint
     * deleted since is found missing.
     *
     * <p>Flink's reader is handed {@code classLoader} and reads nothing with it in the versions it
     * still reads ({@code MetadataV2Serializer} to {@code MetadataV6Serializer#deserialize} ignore it;
     * the one thing read as Java objects, version 4's checkpoint properties, is read by {@link
     * MetadataInput} with the guard's own classes), so a savepoint read in one session serves
     * another.
     */
    static SavepointReads.Read readListed(String savepoint, ClassLoader classLoader) throws IOException {
        CompletedCheckpointStorageLocation location = AbstractFsCheckpointStorageAccess.resolveCheckpointPointer(savepoint);
        StreamStateHandle metadata = location.getMetadataHandle();
        Optional<SavepointReads.Key> key = metadata instanceof FileStateHandle handle
                ? Optional.of(SavepointReads.keyOf(handle.getFilePath(), handle.getStateSize(), location.getExternalPointer()))
                : Optional.empty();
        Optional<SavepointReads.Read> kept = key.flatMap(SavepointReads::kept);
        if (kept.isPresent()) {
            return kept.get();
        }
        String file = metadata instanceof FileStateHandle handle ? handle.getFilePath().toString() : location.getExternalPointer();
        // Kept by the digest of the bytes read here, not of those digested for the look-up: the file may change between.
        MetadataInput.Loaded loaded = MetadataInput.load(
                metadata.openInputStream(), file, metadata.getStateSize(), classLoader, location.getExternalPointer());
        CheckpointMetadata read = loaded.metadata();
        SavepointReads.Read listed;
        try {
            listed = new SavepointReads.Read(read, stateFiles(read), Optional.empty());
        } catch (IllegalArgumentException e) {
            listed = new SavepointReads.Read(read, List.of(), Optional.of(e.getMessage()));
        }
        SavepointReads.Read made = listed;
        Optional<SavepointReads.Key> keptAs = key.isEmpty() ? Optional.empty() : key.get().withDigest(loaded.digest());
        keptAs.ifPresent(k -> SavepointReads.keep(k, made));
        return made;
    }

    /**
     * Flink's own test of whether an operator's state must be claimed ({@code Checkpoints#loadAndValidateCheckpoint}:
     * its coordinator state, or a subtask's {@code OperatorSubtaskState#hasState}), in a loop: a stream
     * of each operator's subtasks was about 0.25 kB a statement per operator.
     */
    private static boolean hasState(OperatorState state) {
        if (state.getCoordinatorState() != null) {
            return true;
        }
        for (OperatorSubtaskState subtask : state.getStates()) {
            if (subtask.hasState()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether Flink starts the job without unclaimed state: {@code
     * execution.state-recovery.ignore-unclaimed-state} read with Flink's own option ({@link
     * StateRecoveryOptions#SAVEPOINT_IGNORE_UNCLAIMED_STATE}) from the statement's configuration, as
     * the job's {@code SavepointRestoreSettings} get it. Flink reads the older key {@code
     * execution.savepoint.ignore-unclaimed-state} only as a fallback: where the new key is set at all
     * (a {@code config.yaml} that sets it to {@code false}, a session property), a SET of the older
     * key does not take effect (real restores on 2.3.0: shared state-changes pair 09, {@code
     * StateChangesIT}).
     */
    public static boolean ignoresUnclaimedState(Map<String, String> config) {
        return ofOption(config, StateRecoveryOptions.SAVEPOINT_IGNORE_UNCLAIMED_STATE)
                .get(StateRecoveryOptions.SAVEPOINT_IGNORE_UNCLAIMED_STATE);
    }

    /**
     * A {@link Configuration} of the entries of {@code config} that Flink reads {@code option} from:
     * its key and its fallback and deprecated keys ({@code Configuration#applyWithOption} reads the
     * exact key, then each fallback key in order; only an option of a map type is also read from
     * keys with its key as prefix, and the options read here are a string and a boolean). Flink reads
     * the option from it as from {@code Configuration.fromMap(config)}, without copying the whole of a
     * session's configuration (each entry {@code setString}) for one option.
     */
    static Configuration ofOption(Map<String, String> config, ConfigOption<?> option) {
        Configuration only = new Configuration();
        String value = config.get(option.key());
        if (value != null) {
            only.setString(option.key(), value);
        }
        for (FallbackKey key : option.fallbackKeys()) {
            String fallback = config.get(key.getKey());
            if (fallback != null) {
                only.setString(key.getKey(), fallback);
            }
        }
        return only;
    }

    /** The older key, when the configuration sets it to true and Flink does not read it (the new key is set too). */
    static Optional<String> unhonouredIgnoreKey(Map<String, String> config, boolean ignoreUnclaimed) {
        String older = config.get(OLDER_IGNORE_KEY);
        return !ignoreUnclaimed && older != null && Boolean.parseBoolean(older.strip())
                ? Optional.of(OLDER_IGNORE_KEY)
                : Optional.empty();
    }

    private static String message(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String text = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        return root == e ? text : e.getClass().getSimpleName() + ": " + text;
    }
}
