package io.github.sqlguard.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * lint's arguments as the second JVM of the fast start ({@link FastStart}) can open them: a path of a
 * descriptor of the launcher ({@code /dev/fd/N} or {@code /proc/self/fd/N}, what a shell's process
 * substitution names: {@code lint --restores-from <(git show main:job.sql) job.sql}) is named through
 * the launcher's {@code /proc/<pid>/fd/N}. The second JVM does not inherit the descriptor: Java starts a
 * process with no descriptor open but its standard streams ({@code ProcessBuilder}; OpenJDK's {@code
 * childproc.c}, {@code closeDescriptors}), and the launcher keeps the descriptor open while it waits for
 * the second JVM ({@link FastStart#run}).
 */
final class LauncherDescriptors {

    /** A descriptor path, alone or as an option's value after {@code =}. */
    private static final Pattern DESCRIPTOR = Pattern.compile("(.*=)?/(?:dev/fd|proc/self/fd)/(\\d+)");

    private LauncherDescriptors() {}

    /**
     * {@code args} with each descriptor path named through {@code proc/<pid>/fd}, or empty when one is
     * not there (no {@code /proc}, as on macOS: lint then runs in the launcher, which holds the descriptor).
     *
     * @param proc the root of the process file system, {@code /proc}
     */
    static Optional<String[]> forSecondJvm(String[] args, long pid, Path proc) {
        String[] mapped = args.clone();
        for (int i = 0; i < mapped.length; i++) {
            Matcher descriptor = DESCRIPTOR.matcher(mapped[i]);
            if (!descriptor.matches()) {
                continue;
            }
            Path ofLauncher = proc.resolve(Long.toString(pid)).resolve("fd").resolve(descriptor.group(2));
            if (!Files.exists(ofLauncher)) {
                return Optional.empty();
            }
            mapped[i] = (descriptor.group(1) == null ? "" : descriptor.group(1)) + ofLauncher;
        }
        return Optional.of(mapped);
    }
}
