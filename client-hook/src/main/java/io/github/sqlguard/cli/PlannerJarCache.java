package io.github.sqlguard.cli;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Locale;
import java.util.jar.JarEntry;
import java.util.zip.CRC32;
import java.util.zip.CheckedInputStream;

/**
 * The table planner jar that Flink's planner loader carries as the resource {@value #RESOURCE}
 * (flink-table-planner-loader; Flink's {@code PlannerModule} copies it into {@code io.tmp.dirs}
 * under a random name on every start, 46 MB for Flink 2.3.0, about 0.3 s of CPU: inflating it and
 * writing it), unpacked once into a cache directory and reused by every later start.
 *
 * <ul>
 *   <li><b>Keyed by content:</b> {@code flink-table-planner-<size>-<crc32>.jar}, the size and CRC-32
 *       of the resource's bytes as its jar's central directory records them (so no start reads the
 *       46 MB to find its key); the copy is checked against them while it is written.
 *   <li><b>Safe under concurrent starts:</b> each start that finds no jar writes its own {@code
 *       <name>.<random>.tmp} and renames it over the name atomically; a start never sees a partial jar,
 *       and starts that race write the same bytes.
 *   <li><b>Cleaned of stale versions:</b> a start touches the jar it uses; another version's jar not
 *       used for a day and a {@code .tmp} left for an hour (a start that died) are deleted ({@link
 *       StaleCacheFiles}). A JVM that still has a deleted jar open keeps reading it (POSIX unlink).
 * </ul>
 */
final class PlannerJarCache {

    /** Flink's {@code PlannerModule.FLINK_TABLE_PLANNER_FAT_JAR}. */
    static final String RESOURCE = "flink-table-planner.jar";

    static final String PREFIX = "flink-table-planner-";

    private PlannerJarCache() {}

    /**
     * The size and CRC-32 of a resource's bytes.
     *
     * @param size bytes
     * @param crc32 CRC-32 of the bytes
     */
    record Key(long size, long crc32) {

        String fileName() {
            return PREFIX + size + "-" + String.format(Locale.ROOT, "%08x", crc32) + ".jar";
        }
    }

    /**
     * The planner jar of {@code resource} in {@code cache}, unpacked by this call when no start has yet.
     *
     * @throws IOException when the cache cannot be read or written, or the copy does not match its key
     */
    static Path unpacked(URL resource, Path cache, Instant now) throws IOException {
        Key key = key(resource);
        Files.createDirectories(cache);
        Path jar = cache.resolve(key.fileName());
        if (!reuse(jar, key, now)) {
            Path written = Files.createTempFile(cache, jar.getFileName() + ".", ".tmp");
            copy(resource, written, key);
            try {
                Files.move(written, jar, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(written, jar, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        StaleCacheFiles.clean(cache, PREFIX + "*", jar, now);
        return jar;
    }

    /** The resource's key: from its jar's central directory, else by reading it. */
    static Key key(URL resource) throws IOException {
        URLConnection connection = resource.openConnection();
        if (connection instanceof JarURLConnection jarConnection) {
            JarEntry entry = jarConnection.getJarEntry();
            if (entry != null && entry.getSize() >= 0 && entry.getCrc() >= 0) {
                return new Key(entry.getSize(), entry.getCrc());
            }
        }
        CRC32 crc = new CRC32();
        long size = 0;
        try (InputStream in = new CheckedInputStream(resource.openStream(), crc)) {
            size = in.transferTo(java.io.OutputStream.nullOutputStream());
        }
        return new Key(size, crc.getValue());
    }

    /** Touches {@code jar} when it is there whole; false when it must be written. */
    private static boolean reuse(Path jar, Key key, Instant now) throws IOException {
        try {
            if (Files.size(jar) != key.size()) {
                return false;
            }
        } catch (NoSuchFileException e) {
            // Not unpacked yet, or deleted as stale by another version's start since: unpack it.
            return false;
        }
        return StaleCacheFiles.touch(jar, now);
    }

    private static void copy(URL resource, Path written, Key key) throws IOException {
        CRC32 crc = new CRC32();
        long size;
        try (InputStream in = new CheckedInputStream(resource.openStream(), crc)) {
            size = Files.copy(in, written, StandardCopyOption.REPLACE_EXISTING);
        }
        if (size != key.size() || crc.getValue() != key.crc32()) {
            Files.delete(written);
            throw new IOException(String.format(Locale.ROOT,
                    "%s unpacked from %s has %d bytes with CRC-32 %08x, its jar records %d bytes with %08x",
                    RESOURCE, resource, size, crc.getValue(), key.size(), key.crc32()));
        }
    }
}
