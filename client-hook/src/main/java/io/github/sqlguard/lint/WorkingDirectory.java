package io.github.sqlguard.lint;

import java.nio.file.Path;

/** Paths as reports name them: relative to the working directory when under it. */
final class WorkingDirectory {

    private WorkingDirectory() {}

    /**
     * {@code path} relative to the working directory when it is under it, so that reports name
     * {@code jobs/a.sql} as GitHub and SARIF viewers expect, not an absolute path; else as given.
     */
    static Path relative(Path path) {
        Path cwd = Path.of("").toAbsolutePath();
        Path absolute = path.toAbsolutePath().normalize();
        if (!absolute.startsWith(cwd)) {
            return path;
        }
        Path relative = cwd.relativize(absolute);
        return relative.toString().isEmpty() ? Path.of(".") : relative;
    }
}
