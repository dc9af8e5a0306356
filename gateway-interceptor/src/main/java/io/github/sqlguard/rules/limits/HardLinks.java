package io.github.sqlguard.rules.limits;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Whether a local file is another name of a file in a protected directory: a hard link. A hard link
 * has no target to follow ({@link GuardFiles#followLinks} resolves symbolic links only); both names
 * are the same file (the same {@link BasicFileAttributes#fileKey}, device and inode on Linux), and
 * Flink opens either alike. Round 42: {@code EXECUTE PLAN} of a hard link in an allowed directory to
 * {@code config.yaml} was read by the guard to judge it, and Flink's error quoted the file's text in
 * the refusal ("Cannot load Plan: sql-guard.reload.interval: ..."). Only a regular file with more
 * than one name ({@code unix:nlink} above 1) is compared, with the files at most {@link #DEPTH}
 * directories deep in each protected directory, {@link #MAX_FILES} of them at most; where the names
 * cannot be counted or compared the file is taken for one of them (the statement is refused).
 * Stateless.
 */
final class HardLinks {

    /** How deep under a protected directory its files are compared. */
    static final int DEPTH = 4;

    /** How many files of the protected directories are compared at most; past that, a match is assumed. */
    static final int MAX_FILES = 10_000;

    private HardLinks() {}

    /** True when {@code file} is a regular file with other names, one of them in {@code dirs}, or this cannot be told. */
    static boolean isAnotherNameOfAFileWithin(String file, List<String> dirs) {
        Path path;
        BasicFileAttributes attributes;
        Object links;
        try {
            path = Path.of(file);
            if (!Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
                return false;
            }
            attributes = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            links = Files.getAttribute(path, "unix:nlink", LinkOption.NOFOLLOW_LINKS);
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            // A file system without link counts (not Linux's), or not a path of this one: nothing to compare.
            return false;
        } catch (IOException | SecurityException e) {
            // Not there, or not readable: no file for Flink to open under another name either.
            return false;
        }
        if (!(links instanceof Integer count) || count <= 1) {
            return false;
        }
        Object key = attributes.fileKey();
        if (key == null) {
            return true;
        }
        int[] seen = {0};
        for (String dir : dirs) {
            Path root;
            try {
                root = Path.of(dir);
            } catch (InvalidPathException e) {
                continue;
            }
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(root, DEPTH)) {
                boolean same = files.anyMatch(candidate -> ++seen[0] > MAX_FILES || Objects.equals(key, keyOf(candidate)));
                if (same) {
                    return true;
                }
            } catch (IOException | UncheckedIOException | SecurityException e) {
                // A protected directory that cannot be listed: the file may be one of its files.
                return true;
            }
        }
        return false;
    }

    private static Object keyOf(Path candidate) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(candidate, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return attributes.isRegularFile() ? attributes.fileKey() : null;
        } catch (IOException | SecurityException e) {
            return null;
        }
    }
}
