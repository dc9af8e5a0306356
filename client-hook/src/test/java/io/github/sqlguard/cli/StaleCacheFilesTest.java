package io.github.sqlguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.Stream;

/** lint's cache keeps what starts use: class-data archives of earlier builds go after a day unused. */
class StaleCacheFilesTest {

    private static final Instant NOW = Instant.parse("2026-12-02T01:00:00Z");

    @TempDir
    Path cache;

    @Test
    void deletesTheArchivesOfEarlierBuildsUnusedForADayAndKeepsTheOneInUse() throws Exception {
        Path current = aged("cli-2.3-164775055-1796170908115-java17.jsa", Duration.ofDays(40));
        aged("cli-2.3-164775055-1796000000000-java17.jsa", Duration.ofDays(2));
        Path otherLineToday = aged("cli-1.20-150000000-1796170000000-java17.jsa", Duration.ofHours(3));
        aged("cli-2.3-164775055-1796170908115-java17.jsa.4242.tmp", Duration.ofMinutes(90));
        Path beingWritten = aged("cli-2.3-164775055-1796170908116-java17.jsa.4343.tmp", Duration.ofMinutes(2));
        Path planner = aged("flink-table-planner-46159469-8c63ab26.jar", Duration.ofDays(3));

        assertThat(StaleCacheFiles.touch(current, NOW)).isTrue();
        StaleCacheFiles.clean(cache, "*.jsa*", current, NOW);

        try (Stream<Path> left = Files.list(cache)) {
            assertThat(left).containsExactlyInAnyOrder(current, otherLineToday, beingWritten, planner);
        }
        assertThat(Files.getLastModifiedTime(current).toInstant()).isEqualTo(NOW);
        assertThat(StaleCacheFiles.touch(cache.resolve("never-written.jsa"), NOW)).isFalse();
    }

    private Path aged(String name, Duration age) throws Exception {
        Path file = Files.write(cache.resolve(name), new byte[] {1});
        Files.setLastModifiedTime(file, FileTime.from(NOW.minus(age)));
        return file;
    }
}
