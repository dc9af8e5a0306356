package io.github.sqlguard.flink;

import io.github.sqlguard.restore.PlannedJob;
import io.github.sqlguard.restore.StateChange;
import io.github.sqlguard.restore.StateChange.Kind;
import io.github.sqlguard.restore.StateChanges;
import io.github.sqlguard.rules.Restore;
import io.github.sqlguard.rules.Restore.SavedOperator;

import org.apache.flink.api.common.typeutils.CompositeTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.java.typeutils.runtime.DataInputViewStream;
import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputViewStreamWrapper;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.runtime.checkpoint.OperatorState;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.runtime.state.KeyGroupsStateHandle;
import org.apache.flink.runtime.state.KeyedBackendSerializationProxy;
import org.apache.flink.runtime.state.KeyedStateHandle;
import org.apache.flink.runtime.state.metainfo.StateMetaInfoSnapshot;
import org.apache.flink.runtime.state.filesystem.AbstractFsCheckpointStorageAccess;
import org.apache.flink.runtime.state.filesystem.FileStateHandle;
import org.apache.flink.runtime.state.memory.ByteStreamStateHandle;
import org.apache.flink.runtime.state.ttl.TtlStateFactory;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.util.InstantiationUtil;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a new job does with the keyed state of a savepoint, judged from the serializers the savepoint
 * itself records, for a savepoint of a job the guard has no plan of (one started through a stock
 * gateway, or before the guard was installed): the fallback of {@code StateChanges#compare}, which
 * judges from the old job's stored plan.
 *
 * <p>Flink writes, at the head of each keyed state file of a canonical savepoint ({@code
 * FullSnapshotAsyncWriter}; a {@link KeyGroupsStateHandle}, {@code KeyGroupsSavepointStateHandle} on
 * 2.x), a {@link KeyedBackendSerializationProxy}: the key serializer's snapshot and, per state name,
 * its {@link StateMetaInfoSnapshot} with the value serializer's snapshot; the restoring backend reads
 * it first and checks the new serializers against it ({@code FullSnapshotRestoreOperation#readMetaData},
 * {@code HeapRestoreOperation}). The guard reads that head only, of one keyed state file per operator
 * (no key group's data), and asks Flink the same questions before anything is submitted:
 * <ul>
 *   <li>the key: the new operator's key serializer (its stream node's, {@link
 *       StatementJobs.OperatorSerializers}) resolved against the savepoint's ({@link
 *       TypeSerializerSnapshot#resolveSchemaCompatibility(TypeSerializerSnapshot)} on the new
 *       serializer's snapshot, as the restoring backend resolves it): incompatible means Flink fails
 *       the job when the operator restores its keyed state;</li>
 *   <li>the rows a Top-N or a deduplication buffers (the states in {@link #INPUT_ROW_STATES}, which
 *       hold the operator's input rows): the new operator's input serializer against the savepoint's
 *       row serializer, the same way;</li>
 *   <li>a state TTL switched on or off: a TTL-wrapped serializer in the savepoint ({@code
 *       TtlStateFactory.TtlSerializer}) against the new plan's state TTL of the operator; only where the
 *       Flink line has no {@code TtlAwareSerializer} (1.20) is that incompatible.</li>
 * </ul>
 * What the state means to the new job (a Top-N whose N grew) is not in any serializer: that needs the
 * old plan, and the restore says it was not checked. A real restore confirmed this path for a changed
 * key type only ({@code StateChangesIT}, a savepoint of a job a stock gateway started); every other
 * reason given here says it is inferred from Flink's serializer compatibility ({@link #INFERRED}).
 */
public final class SavepointSerializers {

    private static final Logger LOG = LoggerFactory.getLogger(SavepointSerializers.class);

    /**
     * The states whose values are the operator's input rows, by name, as Flink's table runtime
     * registers them (2.3.0 and 1.20.0 alike): {@code FastTop1Function} ("Top1-Rank-State"), {@code
     * AppendOnlyTopNFunction} ("data-state-with-append": sort key to a list of input rows), the
     * keep-last and rowtime deduplications ("deduplicate-state"; a proctime keep-first keeps a flag
     * there, which is no row and is not compared).
     */
    static final Set<String> INPUT_ROW_STATES = Set.of("Top1-Rank-State", "data-state-with-append", "deduplicate-state");

    /** Said of every change judged here, so that nobody reads it as a comparison of plans. */
    static final String SOURCE = "read from the savepoint's own serializer snapshots, not from a stored plan";

    /**
     * Said of a change a real restore has not confirmed on this path: only a changed key type was
     * ({@code StateChangesIT}, a savepoint of a job a stock gateway started); the rows a Top-N or a
     * deduplication buffers, a TTL switched on or off, and a keyed state going to an operator that is
     * not keyed are judged by Flink's serializer compatibility alone.
     */
    static final String INFERRED = " (Inferred from Flink's serializer compatibility; on a savepoint of a job the guard did"
            + " not submit, a real restore verified only a changed key type.)";

    private SavepointSerializers() {}

    /**
     * The outcome: one change per operator of the savepoint with keyed state that the new job claims
     * and whose serializers were read, and why the others' were not read.
     */
    public record Compared(List<StateChange> changes, List<String> notRead) {
        public Compared {
            changes = List.copyOf(changes);
            notRead = List.copyOf(notRead);
        }
    }

    /**
     * The keyed state of each operator of {@code judged} that the new job claims, read from the head of
     * one of its keyed state files in {@code metadata}, against the serializers of its new owner in
     * {@code now}.
     *
     * @param migratesTtl whether the Flink line migrates state to or from a TTL ({@code
     *     StateChanges#linesMigratesTtl})
     */
    public static Compared compare(
            CheckpointMetadata metadata, Restore judged, StatementJobs.JudgedJob now, ClassLoader classLoader,
            boolean migratesTtl) {
        Map<String, OperatorState> states = new HashMap<>();
        for (OperatorState state : metadata.getOperatorStates()) {
            states.put(state.getOperatorID().toHexString(), state);
        }
        List<StateChange> changes = new ArrayList<>();
        List<String> notRead = new ArrayList<>();
        for (SavedOperator saved : judged.matched()) {
            OperatorState state = states.get(saved.operatorId());
            StatementJobs.OperatorSerializers owner = now.serializers().get(saved.operatorId());
            Optional<KeyedStateHandle> handle = state == null ? Optional.empty() : firstKeyedHandle(state);
            if (handle.isEmpty()) {
                continue; // no keyed state (a source's split state): nothing a key or row type decides
            }
            if (owner == null) {
                notRead.add(saved.describe() + ": the guard found no operator of the new job with its id in the stream graph");
                continue;
            }
            if (!(handle.get() instanceof KeyGroupsStateHandle file)) {
                notRead.add(saved.describe() + ": its keyed state is a " + handle.get().getClass().getSimpleName()
                        + " (a savepoint in the state backend's native format, or a checkpoint), whose files the guard"
                        + " does not read; only savepoints in Flink's canonical format record their serializers at"
                        + " the head of each state file");
                continue;
            }
            Optional<String> outside = outsideOfSavepoint(file, judged.savepoint());
            if (outside.isPresent()) {
                notRead.add(saved.describe() + ": " + outside.get());
                continue;
            }
            KeyedBackendSerializationProxy<?> head;
            try {
                head = head(file, classLoader);
            } catch (IOException | RuntimeException e) {
                LOG.warn("sql-guard could not read the serializers of {} in savepoint {}.", saved.describe(), judged.shownSavepoint(), e);
                notRead.add(saved.describe() + ": the guard could not read the head of its keyed state file "
                        + file.getDelegateStateHandle() + " (" + e + ")");
                continue;
            }
            changes.add(judge(saved, head, owner, now.planned(), migratesTtl));
        }
        return new Compared(changes, notRead);
    }

    /**
     * The first managed keyed state handle of the operator's subtasks: each subtask's holds the same
     * serializers (one operator, one job), so one file's head is enough.
     */
    private static Optional<KeyedStateHandle> firstKeyedHandle(OperatorState state) {
        for (OperatorSubtaskState subtask : state.getStates()) {
            for (KeyedStateHandle handle : subtask.getManagedKeyedState()) {
                if (handle != null) {
                    return Optional.of(handle);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Why the gateway does not read {@code file}'s head, when it lies outside the directory of {@code
     * savepoint} (Flink's {@code AbstractFsCheckpointStorageAccess#resolveCheckpointPointer}: the
     * directory of its {@code _metadata}): the metadata names each file by its path, anywhere, so a
     * crafted one could make the guard open any file the gateway can read. A savepoint in Flink's
     * canonical format keeps its files beside its {@code _metadata} ({@code RelativeFileStateHandle});
     * whether the job may read a file elsewhere is {@code path-not-allowed}'s to judge.
     */
    static Optional<String> outsideOfSavepoint(KeyGroupsStateHandle file, String savepoint) {
        if (file.getDelegateStateHandle() instanceof ByteStreamStateHandle) {
            return Optional.empty(); // inline: read from the metadata itself, no file
        }
        if (!(file.getDelegateStateHandle() instanceof FileStateHandle handle)) {
            return Optional.of("its keyed state is a " + file.getDelegateStateHandle().getClass().getSimpleName()
                    + ", whose file the guard does not read");
        }
        org.apache.flink.core.fs.Path location = handle.getFilePath();
        java.net.URI dir;
        try {
            org.apache.flink.core.fs.Path pointer = new org.apache.flink.core.fs.Path(
                    AbstractFsCheckpointStorageAccess.resolveCheckpointPointer(savepoint).getExternalPointer());
            dir = pointer.makeQualified(pointer.getFileSystem()).toUri().normalize();
        } catch (IOException e) {
            return Optional.of("the guard could not find the savepoint's directory to tell whether its keyed state file "
                    + location + " lies in it (" + e.getMessage() + ")");
        }
        java.net.URI in;
        try {
            in = location.makeQualified(location.getFileSystem()).toUri().normalize();
        } catch (IOException e) {
            return Optional.of("the guard could not read the location of its keyed state file " + location + " ("
                    + e.getMessage() + ")");
        }
        String prefix = dir.getPath().endsWith("/") ? dir.getPath() : dir.getPath() + "/";
        boolean inside = java.util.Objects.equals(dir.getScheme(), in.getScheme())
                && java.util.Objects.equals(dir.getAuthority(), in.getAuthority())
                && in.getPath() != null && in.getPath().startsWith(prefix);
        return inside
                ? Optional.empty()
                : Optional.of("its keyed state file " + location + " lies outside the savepoint's directory " + dir
                        + ", and the guard reads no file a savepoint's metadata points to elsewhere");
    }

    /**
     * The serialization proxy at the head of a keyed state file, read as the restoring backend reads it,
     * and nothing after it: the bytes before its first key group with data ({@link #firstKeyGroupOffset}:
     * Flink writes the proxy, then each key group, and records where each begins), at most {@link StateFileHead#MAX_HEAD_BYTES}, handed to
     * Flink's reader through {@link StateFileHead}, which bounds what a crafted head can make the gateway
     * allocate or construct.
     */
    static KeyedBackendSerializationProxy<?> head(KeyGroupsStateHandle file, ClassLoader classLoader) throws IOException {
        long firstKeyGroup = firstKeyGroupOffset(file);
        if (firstKeyGroup > StateFileHead.MAX_HEAD_BYTES) {
            throw new IOException("its keyed state file " + file.getDelegateStateHandle() + " begins its first key group at"
                    + " byte " + firstKeyGroup + ", after a head of more than " + StateFileHead.MAX_HEAD_BYTES + " bytes,"
                    + " which no state file Flink writes has, so the guard does not read it");
        }
        byte[] bytes;
        try (FSDataInputStream in = file.openInputStream()) {
            bytes = in.readNBytes((int) Math.max(0, firstKeyGroup));
        }
        KeyedBackendSerializationProxy<?> proxy = new KeyedBackendSerializationProxy<>(classLoader);
        try {
            proxy.read(new DataInputViewStreamWrapper(new StateFileHead(bytes, String.valueOf(file.getDelegateStateHandle()),
                    classLoader)));
        } catch (StackOverflowError e) {
            throw new IOException("its keyed state file " + file.getDelegateStateHandle() + " nests serializer snapshots"
                    + " deeper than the gateway's stack, so it is not a state file Flink wrote");
        }
        return proxy;
    }

    /**
     * Where the file's first key group with data begins: the least offset above 0 its key group range
     * records. A savepoint records an offset only for the key groups it wrote ({@code
     * FullSnapshotAsyncWriter}, {@code KeyGroupRangeOffsets} starts at 0 for each), after the proxy, so a
     * key group without data reads 0; where none has data, the file holds the proxy alone ({@code
     * StateObject#getStateSize}).
     */
    static long firstKeyGroupOffset(KeyGroupsStateHandle file) {
        long first = Long.MAX_VALUE;
        for (org.apache.flink.api.java.tuple.Tuple2<Integer, Long> offset : file.getGroupRangeOffsets()) {
            if (offset.f1 > 0 && offset.f1 < first) {
                first = offset.f1;
            }
        }
        return first == Long.MAX_VALUE ? file.getDelegateStateHandle().getStateSize() : first;
    }

    private static StateChange judge(
            SavedOperator saved, KeyedBackendSerializationProxy<?> head, StatementJobs.OperatorSerializers owner,
            PlannedJob planned, boolean migratesTtl) {
        Kind kind = Kind.RESTORES;
        List<String> reasons = new ArrayList<>();
        // Only a changed key's verdict is confirmed by a real restore on this path: each other reason
        // says it is inferred (INFERRED), and so does the change unless its key decides it.
        boolean keyDecides = false;
        boolean inferredReason = false;
        TypeSerializerSnapshot<?> savedKey = head.getKeySerializerSnapshot();
        if (owner.key().isEmpty()) {
            kind = Kind.INCOMPATIBLE;
            inferredReason = true;
            reasons.add("Its keyed state (key " + describe(savedKey) + ") would go to " + owner.name() + ", which is not"
                    + " keyed in the new job, so it has no keyed state backend to restore it into (" + SOURCE + ")."
                    + INFERRED);
        } else if (compatibility(owner.key().get(), savedKey).isIncompatible()) {
            kind = Kind.INCOMPATIBLE;
            keyDecides = true;
            reasons.add("Its key is " + describe(savedKey) + " in the savepoint and " + describe(owner.key().get())
                    + " in the new job: Flink's " + simpleName(owner.key().get().snapshotConfiguration())
                    + "#resolveSchemaCompatibility finds the new key serializer incompatible with the savepoint's, so"
                    + " the job starts and fails when the operator restores its keyed state (" + SOURCE + ").");
        }
        boolean savedTtl = false;
        int compared = 0;
        for (StateMetaInfoSnapshot state : head.getStateMetaInfoSnapshots()) {
            if (state.getBackendStateType() != StateMetaInfoSnapshot.BackendStateType.KEY_VALUE) {
                continue; // timers: Flink's own serializers, no part of the query
            }
            TypeSerializerSnapshot<?> value =
                    state.getTypeSerializerSnapshot(StateMetaInfoSnapshot.CommonSerializerKeys.VALUE_SERIALIZER);
            if (value == null) {
                continue;
            }
            savedTtl |= hasTtl(value);
            if (INPUT_ROW_STATES.contains(state.getName()) && !owner.inputs().isEmpty()) {
                Optional<TypeSerializerSnapshot<?>> rows = rows(value);
                if (rows.isPresent()) {
                    compared++;
                    TypeSerializer<?> input = owner.inputs().get(0);
                    if (compatibility(input, rows.get()).isIncompatible()) {
                        kind = Kind.INCOMPATIBLE;
                        inferredReason = true;
                        reasons.add("The rows its state '" + state.getName() + "' buffers are " + describe(rows.get())
                                + " in the savepoint and " + describe(input) + " in the new job: Flink's "
                                + simpleName(input.snapshotConfiguration()) + "#resolveSchemaCompatibility finds the new"
                                + " row serializer incompatible, so the job fails when the operator opens that state ("
                                + SOURCE + ")." + INFERRED);
                    }
                }
            }
        }
        Optional<Boolean> newTtl = StateChanges.stateTtlOn(planned, saved.operatorId());
        if (newTtl.isPresent() && newTtl.get() != savedTtl) {
            boolean on = newTtl.get();
            inferredReason = true;
            if (!migratesTtl) {
                kind = Kind.INCOMPATIBLE;
                reasons.add("Its state TTL is switched " + (on ? "on" : "off") + ": the savepoint's state serializers are"
                        + (on ? " not" : "") + " TTL-wrapped (TtlStateFactory.TtlSerializer), and this Flink line cannot"
                        + " migrate existing state " + (on ? "to" : "from") + " a TTL (it has no TtlAwareSerializer, added"
                        + " in Flink 2.2); the job starts and then fails with a StateMigrationException (" + SOURCE + ")."
                        + INFERRED);
            } else {
                reasons.add("Its state TTL is switched " + (on ? "on" : "off") + " (the savepoint's state serializers are"
                        + (on ? " not" : "") + " TTL-wrapped): Flink migrates the state " + (on ? "to" : "from")
                        + " the TTL on restore (TtlAwareSerializer)." + INFERRED);
            }
        }
        if (kind == Kind.RESTORES) {
            inferredReason |= compared > 0;
            reasons.add("Its key " + describe(savedKey) + (compared > 0 ? " and the rows it buffers" : "")
                    + " are compatible with the new job's serializers (" + SOURCE + "); what the state means to the new"
                    + " query was not checked." + (compared > 0 ? INFERRED : ""));
        }
        return new StateChange(kind, label(saved), Optional.of(owner.name()), List.of(saved.operatorId()), reasons,
                inferredReason && !keyDecides);
    }

    private static String label(SavedOperator saved) {
        return saved.name().orElse("operator " + saved.operatorId());
    }

    /**
     * Flink's answer to whether {@code current} reads what {@code saved} wrote: the current
     * serializer's snapshot resolves the saved one ({@code TypeSerializerSnapshot#resolveSchemaCompatibility},
     * FLIP-263, on 2.x and 1.20), as a restoring state backend asks it.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static TypeSerializerSchemaCompatibility<?> compatibility(TypeSerializer<?> current, TypeSerializerSnapshot<?> saved) {
        TypeSerializerSnapshot snapshot = current.snapshotConfiguration();
        return snapshot.resolveSchemaCompatibility((TypeSerializerSnapshot) saved);
    }

    /** Whether a state's value serializer is TTL-wrapped: a {@code TtlSerializer}, or a list or map of them. */
    static boolean hasTtl(TypeSerializerSnapshot<?> snapshot) {
        if (snapshot instanceof TtlStateFactory.TtlSerializerSnapshot) {
            return true;
        }
        if (snapshot instanceof CompositeTypeSerializerSnapshot<?, ?> composite) {
            return Arrays.stream(composite.getNestedSerializerSnapshots()).anyMatch(SavepointSerializers::hasTtl);
        }
        return false;
    }

    /**
     * The snapshot of the rows a state holds: the value's, through a TTL wrapper, a map's value and a
     * list's element (each the last of its composite's nested snapshots).
     */
    static Optional<TypeSerializerSnapshot<?>> rows(TypeSerializerSnapshot<?> snapshot) {
        TypeSerializerSnapshot<?> at = snapshot;
        while (!(at instanceof RowDataSerializer.RowDataSerializerSnapshot)
                && at instanceof CompositeTypeSerializerSnapshot<?, ?> composite) {
            TypeSerializerSnapshot<?>[] nested = composite.getNestedSerializerSnapshots();
            if (nested.length == 0) {
                return Optional.empty();
            }
            at = nested[nested.length - 1];
        }
        return at instanceof RowDataSerializer.RowDataSerializerSnapshot ? Optional.of(at) : Optional.empty();
    }

    /** A serializer as a message names it: a row's field types, {@code (INT, STRING)}, else its class. */
    static String describe(TypeSerializer<?> serializer) {
        return describe(serializer.snapshotConfiguration());
    }

    /**
     * A serializer snapshot as a message names it: a {@code RowDataSerializerSnapshot}'s logical types,
     * read back from the snapshot's own format ({@code RowDataSerializerSnapshot#writeSnapshot}: the
     * number of fields, then each {@code LogicalType} Java-serialized), else the snapshot's class.
     */
    static String describe(TypeSerializerSnapshot<?> snapshot) {
        if (!(snapshot instanceof RowDataSerializer.RowDataSerializerSnapshot)) {
            return simpleName(snapshot);
        }
        try {
            DataOutputSerializer out = new DataOutputSerializer(256);
            snapshot.writeSnapshot(out);
            DataInputDeserializer in = new DataInputDeserializer(out.getSharedBuffer(), 0, out.length());
            int fields = in.readInt();
            DataInputViewStream stream = new DataInputViewStream(in);
            List<String> types = new ArrayList<>();
            for (int i = 0; i < fields; i++) {
                LogicalType type = InstantiationUtil.deserializeObject(stream, SavepointSerializers.class.getClassLoader());
                types.add(type.asSummaryString());
            }
            return "(" + String.join(", ", types) + ")";
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalStateException("Flink's RowDataSerializerSnapshot could not be read back", e);
        }
    }

    private static String simpleName(TypeSerializerSnapshot<?> snapshot) {
        Class<?> type = snapshot.getClass();
        return type.getEnclosingClass() == null ? type.getSimpleName() : type.getEnclosingClass().getSimpleName() + "." + type.getSimpleName();
    }
}
