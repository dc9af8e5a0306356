package io.github.sqlguard.lint;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;

/**
 * Which files found under a directory are linted: those whose path relative to the project root
 * matches an include glob (default {@code **.sql}) and no exclude glob. Globs are Java's ({@code
 * *} within a directory, {@code **} across directories, {@code {a,b}}); a leading {@code **}{@code /}
 * also matches at the root. Files named on the command line are always linted.
 */
public final class ScriptFilter {

    /** Every {@code .sql} file. */
    public static final ScriptFilter ALL_SQL = new ScriptFilter(null, List.of(), List.of());

    private final Path root;
    private final List<PathMatcher> include;
    private final List<PathMatcher> exclude;

    /**
     * @param root the directory globs are relative to, or {@code null} for the directory given on
     *     the command line
     */
    public ScriptFilter(Path root, List<String> include, List<String> exclude) {
        this.root = root == null ? null : root.toAbsolutePath().normalize();
        this.include = matchers(include.isEmpty() ? List.of("**.sql") : include);
        this.exclude = matchers(exclude);
    }

    /** Whether {@code file}, found under the input directory {@code input}, is linted. */
    public boolean accepts(Path input, Path file) {
        Path base = root;
        Path absolute = file.toAbsolutePath().normalize();
        if (base == null || !absolute.startsWith(base)) {
            base = input.toAbsolutePath().normalize();
        }
        Path relative = Path.of(base.relativize(absolute).toString().replace('\\', '/'));
        return include.stream().anyMatch(m -> m.matches(relative)) && exclude.stream().noneMatch(m -> m.matches(relative));
    }

    private static List<PathMatcher> matchers(List<String> globs) {
        List<PathMatcher> out = new ArrayList<>();
        for (String glob : globs) {
            out.add(FileSystems.getDefault().getPathMatcher("glob:" + glob));
            if (glob.startsWith("**/")) {
                out.add(FileSystems.getDefault().getPathMatcher("glob:" + glob.substring(3)));
            }
        }
        return out;
    }
}
