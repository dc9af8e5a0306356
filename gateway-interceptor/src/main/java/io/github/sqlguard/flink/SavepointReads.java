package io.github.sqlguard.flink;

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
 * its {@code _metadata} again: each kept by its {@code _metadata} file's path and length, as Flink's
 * pointer resolution found them ({@code AbstractFsCheckpointStorageAccess#resolveCheckpointPointer}
 * looks up the file's status and makes its {@code FileStateHandle} of that length, so the guard looks
 * up nothing more), by the digest of its bytes ({@link BlockDigests}: SHA-256s), and by the savepoint's pointer (against which Flink's
 * reader resolves relative state handles).
 *
 * <p>A complete savepoint does not change: Flink writes its {@code _metadata} last and never again
 * (a savepoint is disposed of, not updated). A savepoint directory deleted is found missing before
 * anything kept is looked at ({@code AbstractFsCheckpointStorageAccess#resolveCheckpointPointer}).
 * But whoever can write where a savepoint lies can replace its {@code _metadata} with another of the
 * same length and set its modification time back (round 41's hostile read: a savepoint judged once,
 * then a crafted file in its place; the guard judged the kept read, and the JobManager, in the
 * gateway's JVM with {@code execution.target: local}, read the crafted checkpoint properties with a
 * plain {@code ObjectInputStream} and ran a class's static initialiser). So a read is kept by the
 * digest of the bytes Flink's reader was handed ({@link BlockDigests#fileDigest}, of {@link
 * MetadataCheck}'s read), and found again only for a file whose bytes have that digest now: a look-up
 * where a read of the same path and length is kept reads the file once through a {@value
 * MetadataInput#BLOCK}-byte buffer, where Flink's reader would
 * allocate its objects and any state kept inline. The modification time is not part of the key: it
 * proves nothing (it can be set back), and a file touched but unchanged is the same savepoint. A file changed after the guard read it, before the JobManager reads it, is not seen
 * (docs/operations/hardening.md).
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

    /**
     * A {@code _metadata} file's path and length, the digest of its bytes (hex; empty where it was not
     * read whole, never kept), and the pointer it was resolved from.
     */
    record Key(String file, long length, String digest, String externalPointer) {

        /** This key with the digest of the bytes Flink's reader was handed ({@link MetadataCheck}), or empty where there is none. */
        Optional<Key> withDigest(Optional<String> digest) {
            return digest.map(d -> new Key(file, length, d, externalPointer));
        }
    }

    /**
     * A savepoint's metadata, read with Flink's reader, and the state files it names ({@link
     * StatementRestores#stateFiles}) or why the guard cannot list them.
     */
    record Read(CheckpointMetadata metadata, List<String> stateFiles, Optional<String> unlisted) {}

    private static final Map<Key, Read> KEPT = new LinkedHashMap<>(16, 0.75f, true);

    private static long keptBytes;

    private static long fileReads;

    private SavepointReads() {}

    /**
     * The key of the {@code _metadata} file at {@code file} of {@code length} bytes (its {@code
     * FileStateHandle}'s size, which Flink's pointer resolution read off the file system): where a
     * read of a file of that path and length is kept, one read of its bytes for their digest; none
     * for a savepoint read for the first time (nothing could be found with it, and the read that
     * follows is digested as Flink's reader reads it), and no look-up of the file's status.
     */
    static Key keyOf(Path file, long length, String externalPointer) throws IOException {
        String digest = "";
        if (length <= MAX_BYTES / 4 && keepsOne(file.toString(), length, externalPointer)) {
            digest = BlockDigests.of(file.getFileSystem().open(file), length, MAX_BYTES / 4).orElse("");
        }
        return new Key(file.toString(), length, digest, externalPointer);
    }

    /** Whether a read of a file with this path, length and pointer is kept. */
    private static synchronized boolean keepsOne(String file, long length, String externalPointer) {
        for (Key key : KEPT.keySet()) {
            if (key.file().equals(file) && key.length() == length && key.externalPointer().equals(externalPointer)) {
                return true;
            }
        }
        return false;
    }

    /** The read kept for {@code key}, if any. */
    static synchronized Optional<Read> kept(Key key) {
        return Optional.ofNullable(KEPT.get(key));
    }

    /** Keeps {@code read} for {@code key}, within the bounds. */
    static synchronized void keep(Key key, Read read) {
        fileReads++;
        if (key.length() > MAX_BYTES / 4 || key.digest().isEmpty() || KEPT.containsKey(key)) {
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
