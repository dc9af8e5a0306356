package io.github.sqlguard.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class LauncherDescriptorsTest {

    @Test
    void namesTheLaunchersDescriptorsThroughItsProcessDirectory(@TempDir Path proc) throws Exception {
        Files.createDirectories(proc.resolve("42/fd"));
        Files.createFile(proc.resolve("42/fd/63"));
        Files.createFile(proc.resolve("42/fd/62"));

        assertThat(LauncherDescriptors.forSecondJvm(
                        new String[] {"lint", "--restores-from", "/dev/fd/63", "--restores-from=/proc/self/fd/62", "new.sql"},
                        42, proc))
                .hasValueSatisfying(args -> assertThat(args).containsExactly("lint", "--restores-from",
                        proc.resolve("42/fd/63").toString(), "--restores-from=" + proc.resolve("42/fd/62"), "new.sql"));
    }

    @Test
    void leavesOtherPathsAsTheyAre(@TempDir Path proc) {
        String[] args = {"lint", "jobs/dev/fd/1.sql", "/dev/fdx/3", "-o", "json"};
        assertThat(LauncherDescriptors.forSecondJvm(args, 42, proc)).hasValueSatisfying(
                mapped -> assertThat(mapped).containsExactly(args));
    }

    @Test
    void noneWhereTheProcessFileSystemDoesNotNameTheDescriptor(@TempDir Path proc) {
        assertThat(LauncherDescriptors.forSecondJvm(new String[] {"lint", "/dev/fd/63"}, 42, proc)).isEmpty();
    }
}
