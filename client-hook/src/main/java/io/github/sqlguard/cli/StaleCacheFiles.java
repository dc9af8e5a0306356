package io.github.sqlguard.cli;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;

/**
 * Keeps lint's cache directory ({@link FastStart#cacheDirectory()}) from growing with every new jar:
 * each start touches the files it uses (the class-data archive of its jar),
 * and deletes the files of other versions that no start used for {@link #STALE}, and the {@code .tmp}
 * files a start that died left for {@link #ABANDONED}. A JVM that still has a deleted file open or
 * mapped keeps reading it (POSIX unlink).
 */
final class StaleCacheFiles {

    /** Another version's file unused this long is deleted. */
    static final Duration STALE = Duration.ofDays(1);

    /** A {@code .tmp} this old is a start's that died (writing an archive takes about a minute). */
    static final Duration ABANDONED = Duration.ofHours(1);

    private StaleCacheFiles() {}

    /**
     * The logger, initialised only when a file is deleted: lint's first JVM (the fast start's launcher)
     * calls {@link #clean} on every start and otherwise never logs, and initialising SLF4J there
     * configures Logback from its XML file (about 900 classes and an XML parser: 0.3-0.5 s of CPU at
     * load 20, bench/results/2026-12-02-lint-fast.md) for a run that deletes nothing.
     */
    private static final class Log {
        static final Logger LOG = LoggerFactory.getLogger(StaleCacheFiles.class);
    }

    /** Marks {@code file} as used now; false when it is not there. */
    static boolean touch(Path file, Instant now) throws IOException {
        try {
            Files.setLastModifiedTime(file, FileTime.from(now));
            return true;
        } catch (NoSuchFileException e) {
            // Not written yet, or deleted as stale by another version's start since: the caller writes it.
            return false;
        }
    }

    /**
     * Deletes the files of {@code cache} matching {@code glob}, other than {@code current}, unused for
     * {@link #STALE} ({@code .tmp}: older than {@link #ABANDONED}).
     */
    static void clean(Path cache, String glob, Path current, Instant now) throws IOException {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(cache, glob)) {
            for (Path entry : entries) {
                if (entry.equals(current)) {
                    continue;
                }
                Duration limit = entry.getFileName().toString().endsWith(".tmp") ? ABANDONED : STALE;
                try {
                    if (Files.getLastModifiedTime(entry).toInstant().isBefore(now.minus(limit))) {
                        Files.delete(entry);
                        Log.LOG.debug("Deleted {}, unused for more than {}", entry, limit);
                    }
                } catch (NoSuchFileException e) {
                    // Another start deleted it first: what this start would have done.
                    Log.LOG.debug("{} was already deleted by another start", entry);
                }
            }
        }
    }
}
