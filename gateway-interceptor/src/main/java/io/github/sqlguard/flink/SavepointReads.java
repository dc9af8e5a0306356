package io.github.sqlguard.flink;

import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.Path;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The savepoints the guard has read, kept so that a statement that restores one already read (the
 * same INSERT resubmitted, a statement set tried again, an EXPLAIN before the INSERT) does not read
 * its {@code _metadata} again: each kept by its {@code _metadata} file as its file system reports it
 * (its path, modification time and length, {@code FileSystem#getFileStatus}) and by the savepoint's
 * pointer (against which Flink's reader resolves relative state handles).
 *
 * <p>A complete savepoint does not change: Flink writes its {@code _metadata} last and never again
 * (a savepoint is disposed of, not updated). A savepoint directory deleted is found missing before
 * anything kept is looked at ({@code AbstractFsCheckpointStorageAccess#resolveCheckpointPointer});
 * one replaced by another at the same path has a new {@code _metadata} file, read again because its
 * modification time or its length differs. What is not seen: a {@code _metadata} replaced by one of the
 * same length within the file system's modification-time resolution (a millisecond on a local file
 * system, a second on object stores), which a savepoint Flink writes (a new directory each time,
 * {@code savepoint-<job>-<random>}) does not do.
 *
 * <p>Bounded: at most {@value #MAX_ENTRIES} savepoints and {@value #MAX_BYTES} bytes of {@code
 * _metadata} files (the state kept inline in them is held with their metadata), the least recently
 * used dropped first; a file larger than a quarter of that is not kept. Only a read that succeeded is
 * kept: a file that could not be read is read again next time. What is kept is never changed: the
 * guard only reads a savepoint's metadata ({@link StatementRestores}, {@link SavepointSerializers}).
 */
public final class SavepointReads {

    static final int MAX_ENTRIES = 32;

    static final long MAX_BYTES = 16L * 1024 * 1024;

    /** A {@code _metadata} file as its file system reports it, and the pointer it was resolved from. */
    record Key(String file, long modificationTime, long length, String externalPointer) {}

    /**
     * A savepoint's metadata, read with Flink's reader, and the state files it names ({@link
     * StatementRestores#stateFiles}) or why the guard cannot list them.
     */
    record Read(CheckpointMetadata metadata, List<String> stateFiles, Optional<String> unlisted) {}

    private static final Map<Key, Read> KEPT = new LinkedHashMap<>(16, 0.75f, true);

    private static long keptBytes;

    private static long fileReads;

    private SavepointReads() {}

    /** The key of the {@code _metadata} file at {@code file}: one look-up of its status on its file system. */
    static Key keyOf(Path file, String externalPointer) throws IOException {
        FileStatus status = file.getFileSystem().getFileStatus(file);
        return new Key(file.toString(), status.getModificationTime(), status.getLen(), externalPointer);
    }

    /** The read kept for {@code key}, if any. */
    static synchronized Optional<Read> kept(Key key) {
        return Optional.ofNullable(KEPT.get(key));
    }

    /** Keeps {@code read} for {@code key}, within the bounds. */
    static synchronized void keep(Key key, Read read) {
        fileReads++;
        if (key.length() > MAX_BYTES / 4 || KEPT.containsKey(key)) {
            return;
        }
        KEPT.put(key, read);
        keptBytes += key.length();
        var eldest = KEPT.entrySet().iterator();
        while ((KEPT.size() > MAX_ENTRIES || keptBytes > MAX_BYTES) && eldest.hasNext()) {
            Key dropped = eldest.next().getKey();
            eldest.remove();
            keptBytes -= dropped.length();
        }
    }

    /** Forgets every savepoint read: the next statement that restores one reads its metadata (for the bench and tests). */
    public static synchronized void forget() {
        KEPT.clear();
        keptBytes = 0;
    }

    /** How many savepoints are kept. */
    static synchronized int size() {
        return KEPT.size();
    }

    /** How many {@code _metadata} files were read with Flink's reader since this class was loaded. */
    static synchronized long fileReads() {
        return fileReads;
    }
}
