package io.github.sqlguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import java.util.zip.CRC32;

/** The planner jar unpacked once into lint's cache: its key, its reuse, concurrent starts, stale versions. */
class PlannerJarCacheTest {

    private static final Instant NOW = Instant.parse("2026-12-02T01:00:00Z");

    @TempDir
    Path dir;

    @Test
    void unpacksTheResourceOnceUnderItsSizeAndCrcAndReusesItOnTheNextStart() throws Exception {
        byte[] planner = bytes(1, 200_000);
        URL resource = resourceIn(dir.resolve("cli.jar"), planner);
        Path cache = dir.resolve("cache");

        Path first = PlannerJarCache.unpacked(resource, cache, NOW);
        Object written = Files.readAttributes(first, BasicFileAttributes.class).fileKey();
        Path second = PlannerJarCache.unpacked(resource, cache, NOW.plusSeconds(60));

        assertThat(first.getFileName()).hasToString(
                "flink-table-planner-200000-" + String.format("%08x", crc(planner)) + ".jar");
        assertThat(first).hasBinaryContent(planner);
        assertThat(second).isEqualTo(first);
        assertThat(Files.readAttributes(second, BasicFileAttributes.class).fileKey())
                .as("the same file, not written again").isEqualTo(written);
        assertThat(Files.getLastModifiedTime(second).toInstant()).as("touched: in use").isEqualTo(NOW.plusSeconds(60));
        assertThat(names(cache)).containsExactly(first.getFileName().toString());
    }

    @Test
    void takesTheKeyFromTheJarsDirectoryAndReadsAPlainFileToFindIt() throws Exception {
        byte[] planner = bytes(2, 50_000);
        Path plain = Files.write(dir.resolve(PlannerJarCache.RESOURCE), planner);

        PlannerJarCache.Key fromJar = PlannerJarCache.key(resourceIn(dir.resolve("cli.jar"), planner));
        PlannerJarCache.Key fromFile = PlannerJarCache.key(plain.toUri().toURL());

        assertThat(fromJar).isEqualTo(new PlannerJarCache.Key(50_000, crc(planner))).isEqualTo(fromFile);
        assertThat(PlannerJarCache.key(resourceIn(dir.resolve("other.jar"), bytes(3, 50_000))))
                .as("another planner of the same size").isNotEqualTo(fromJar);
    }

    @Test
    void startsAtOnceAllGetTheWholeJarAndLeaveNoPartialCopy() throws Exception {
        byte[] planner = bytes(4, 2_000_000);
        URL resource = resourceIn(dir.resolve("cli.jar"), planner);
        Path cache = dir.resolve("cache");
        ExecutorService starts = Executors.newFixedThreadPool(8);
        try {
            List<Future<Path>> jars = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                Callable<Path> start = () -> PlannerJarCache.unpacked(resource, cache, NOW);
                jars.add(starts.submit(start));
            }
            for (Future<Path> jar : jars) {
                assertThat(jar.get()).hasBinaryContent(planner);
            }
        } finally {
            starts.shutdownNow();
        }
        assertThat(names(cache)).singleElement().asString().endsWith(".jar");
    }

    @Test
    void deletesOtherVersionsUnusedForADayAndCopiesAbandonedForAnHour() throws Exception {
        Path cache = Files.createDirectories(dir.resolve("cache"));
        Path stale = aged(cache.resolve("flink-table-planner-1-00000001.jar"), Duration.ofDays(1).plusMinutes(1));
        Path usedToday = aged(cache.resolve("flink-table-planner-2-00000002.jar"), Duration.ofHours(23));
        Path abandoned = aged(cache.resolve("flink-table-planner-3-00000003.jar.123.tmp"), Duration.ofMinutes(61));
        Path beingWritten = aged(cache.resolve("flink-table-planner-3-00000003.jar.456.tmp"), Duration.ofMinutes(1));
        Path archive = aged(cache.resolve("cli.jsa"), Duration.ofDays(30));

        Path current = PlannerJarCache.unpacked(resourceIn(dir.resolve("cli.jar"), bytes(5, 1000)), cache, NOW);

        assertThat(names(cache)).containsExactlyInAnyOrder(current.getFileName().toString(),
                usedToday.getFileName().toString(), beingWritten.getFileName().toString(),
                archive.getFileName().toString());
        assertThat(stale).doesNotExist();
        assertThat(abandoned).doesNotExist();
    }

    private static Path aged(Path file, Duration age) throws Exception {
        Files.write(file, new byte[] {1});
        Files.setLastModifiedTime(file, FileTime.from(NOW.minus(age)));
        return file;
    }

    /** A jar holding {@code planner} as the resource, as flink-table-planner-loader holds it (deflated). */
    private static URL resourceIn(Path jar, byte[] planner) throws Exception {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry(PlannerJarCache.RESOURCE));
            out.write(planner);
            out.closeEntry();
        }
        return new URL("jar:" + jar.toUri() + "!/" + PlannerJarCache.RESOURCE);
    }

    private static byte[] bytes(long seed, int size) {
        byte[] bytes = new byte[size];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    private static long crc(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return crc.getValue();
    }

    private static List<String> names(Path cache) throws Exception {
        try (Stream<Path> files = Files.list(cache)) {
            return files.map(p -> p.getFileName().toString()).toList();
        }
    }
}
