package io.github.sqlguard.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

/**
 * lint's class-data archive that its JVM did not map: a corrupt or truncated file, or one another build of the JVM
 * wrote. HotSpot then runs without any archive, not even the JDK's own (a {@code -XX:SharedArchiveFile} replaces it),
 * and says why only in its {@code cds} log, which lint's flags turn off ({@link FastStart#FLAGS}: {@code
 * -Xshare:auto}, the default, never stops the JVM for an archive it cannot map, JDK 17's {@code
 * FileMapInfo::fail_continue}). So nothing reaches the user's terminal, but that lint took two to three times the CPU
 * of one that maps it (7.05 s against 2.39-2.85 s at a load of 4, 7.06 s against 3.34 s at a load of 30:
 * bench/results/2026-12-07-lint-cds-r70.md), and so would every later one: the archive's name still matches the jar and the JVM, and each start touches it.
 *
 * <p>HotSpot says in {@code java.vm.info} whether it maps an archive: {@code "mixed mode, sharing"} or {@code "mixed
 * mode"} ({@code Abstract_VM_Version::vm_info_string}, and {@code Threads::create_vm} sets the property again after
 * the archive was or was not mapped: "Update the java.vm.info property in case any flags used to initially define it
 * have been changed"). lint's JVM reads it ({@link #check}); where the archive it was given is not mapped it deletes
 * it, and {@link FastStart#checkLaunchFile} then the launch file that names it, so the next start writes the archive
 * again. Where a rewritten archive is not mapped either (twice within a day: {@link #marker}), no start writes one
 * until the marker is a day old ({@link StaleCacheFiles}); lint then runs with the JDK's own archive
 * ({@link #unmappable}), not writing a new archive on every start.
 *
 * <p>The AOT cache of Java {@value FastStart#AOT_CACHE_FEATURE} and later is not checked: its {@code java.vm.info}
 * was not measured here.
 */
final class UnmappedArchive {

    /** What HotSpot adds to {@code java.vm.info} when it maps a class-data archive. */
    static final String SHARING = "sharing";

    /** The marker's content after an archive was deleted unmapped once, and after a rewritten one was too. */
    static final String ONCE = "1";

    static final String TWICE = "2";

    private UnmappedArchive() {}

    /**
     * In lint's JVM given an archive ({@value FastStart#ARCHIVE_PROPERTY}, by a launch file or the first JVM):
     * {@link #check(Path, String, int, Supplier)} with this JVM's.
     */
    static void check() throws IOException {
        String archive = System.getProperty(FastStart.ARCHIVE_PROPERTY);
        if (archive == null || archive.isBlank() || System.getProperty(FastStart.STARTED_PROPERTY) == null) {
            return;
        }
        check(Path.of(archive), System.getProperty("java.vm.info", ""), Runtime.version().feature(),
                () -> java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments());
    }

    /**
     * Deletes {@code archive} when this JVM did not map it ({@code vmInfo} without {@value #SHARING}) and returns
     * whether it did; counts it in {@link #marker} (a marker older than {@link StaleCacheFiles#STALE} counts as none). Not when the JVM's options turn sharing off themselves ({@code
     * -Xshare:off}, {@code -XX:-UseSharedSpaces}: {@code JVM_ARGS} for a run): the archive is fine then.
     *
     * @param jvmOptions this JVM's options, read only when the archive was not mapped (the management classes
     *     they take are not loaded in a run that maps it)
     */
    static boolean check(Path archive, String vmInfo, int feature, Supplier<List<String>> jvmOptions)
            throws IOException {
        if (feature >= FastStart.AOT_CACHE_FEATURE || vmInfo.contains(SHARING) || !Files.isRegularFile(archive)) {
            return false;
        }
        for (String option : jvmOptions.get()) {
            if (option.equals("-Xshare:off") || option.equals("-XX:-UseSharedSpaces")) {
                return false;
            }
        }
        Path marker = marker(archive);
        boolean again = Files.isRegularFile(marker) && Files.getLastModifiedTime(marker).toInstant()
                .isAfter(java.time.Instant.now().minus(StaleCacheFiles.STALE));
        Files.writeString(marker, again ? TWICE : ONCE, StandardCharsets.US_ASCII);
        Files.deleteIfExists(archive);
        return true;
    }

    /**
     * Whether no start should write {@code archive} again: the archive written after one was deleted unmapped was not
     * mapped either.
     */
    static boolean unmappable(Path archive) throws IOException {
        try {
            return TWICE.equals(Files.readString(marker(archive), StandardCharsets.US_ASCII).strip());
        } catch (NoSuchFileException e) {
            return false;
        }
    }

    /**
     * {@code <archive>.unmapped}: how many times an archive of this name was deleted unmapped. The cache's cleaning
     * deletes it a day after it was last written, as any other version's file ({@link FastStart#cleanCache}'s globs
     * match it), and a later start tries the archive again.
     */
    static Path marker(Path archive) {
        return archive.resolveSibling(archive.getFileName() + ".unmapped");
    }
}
