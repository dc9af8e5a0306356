package io.github.sqlguard.lint;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A project's lint settings, {@code sql-guard.yaml}, found from the working directory upward (as
 * SQLFluff finds its {@code .sqlfluff}):
 *
 * <pre>{@code
 * include: [jobs/**.sql]             # globs, relative to this file's directory (default: **.sql)
 * exclude: [jobs/scratch/**]
 * init: [init/catalogs.sql]          # run first in every script's session, as sql-client.sh -i
 * jars: [lib/flink-sql-connector-kafka-5.0.0-2.2.jar]
 * classpath: [lib/udfs/]             # jars, or directories of jars
 * stand-in-connectors: true          # as --stand-in-connectors
 * sql-guard.rules.large-top-n.level: BLOCK
 * sql-guard.max-top-n: 100           # any Flink or sql-guard.* option, flat or nested
 * }</pre>
 *
 * <p>Relative paths are relative to the file's directory. Command-line flags win over the file:
 * {@code -D} overrides an option of the same key, FILE|DIR arguments replace {@code include} as the
 * starting points; {@code --jar}, {@code --classpath} and {@code -i} add to the file's lists (run
 * after them).
 *
 * @param file the file read
 * @param include globs of the scripts linted when a directory (or nothing) is given
 * @param exclude globs of scripts never linted from a directory
 * @param init init scripts
 * @param jars jars for every session
 * @param classpath classpath entries (jars or directories of jars)
 * @param standInConnectors {@code stand-in-connectors}: plan tables of missing connectors through a
 *     stand-in (empty when the file does not say)
 * @param options Flink and {@code sql-guard.*} options, nested keys joined with {@code .}
 */
public record ProjectFile(
        Path file,
        List<String> include,
        List<String> exclude,
        List<Path> init,
        List<Path> jars,
        List<Path> classpath,
        Optional<Boolean> standInConnectors,
        Map<String, String> options) {

    /** The file name looked for. */
    public static final String NAME = "sql-guard.yaml";

    private static final Set<String> KEYS = Set.of("include", "exclude", "init", "jars", "classpath", "stand-in-connectors");

    public ProjectFile {
        include = List.copyOf(include);
        exclude = List.copyOf(exclude);
        init = List.copyOf(init);
        jars = List.copyOf(jars);
        classpath = List.copyOf(classpath);
        options = Map.copyOf(options);
    }

    /** The directory the file is in: the project's root, against which globs and paths are read. */
    public Path root() {
        Path parent = file.toAbsolutePath().getParent();
        return parent == null ? Path.of("").toAbsolutePath() : parent;
    }

    /** The nearest {@value #NAME} in {@code start} or a directory above it. */
    public static Optional<ProjectFile> find(Path start) {
        for (Path dir = start.toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(NAME);
            if (Files.isRegularFile(candidate)) {
                return Optional.of(load(candidate));
            }
        }
        return Optional.empty();
    }

    /**
     * Reads {@code file}.
     *
     * @throws IllegalArgumentException naming the file and the key, for a file that cannot be read
     *     or a key or value lint does not know
     */
    public static ProjectFile load(Path file) {
        Object document;
        try {
            document = new Yaml(new SafeConstructor(new LoaderOptions()))
                    .load(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read the file (" + e.getMessage() + ")", e);
        } catch (YAMLException e) {
            throw new IllegalArgumentException(file + ": not valid YAML (" + e.getMessage() + ")", e);
        }
        if (document == null) {
            document = Map.of();
        }
        if (!(document instanceof Map<?, ?> map)) {
            throw new IllegalArgumentException(file + ": expected a mapping of keys to values at the top");
        }
        Path root = file.toAbsolutePath().getParent();
        List<String> include = new ArrayList<>();
        List<String> exclude = new ArrayList<>();
        List<Path> init = new ArrayList<>();
        List<Path> jars = new ArrayList<>();
        List<Path> classpath = new ArrayList<>();
        Map<String, String> options = new LinkedHashMap<>();
        Optional<Boolean> standInConnectors = Optional.empty();
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            String key = String.valueOf(entry.getKey());
            Object value = entry.getValue();
            switch (key) {
                case "include" -> include.addAll(strings(file, key, value));
                case "exclude" -> exclude.addAll(strings(file, key, value));
                case "init" -> strings(file, key, value).forEach(p -> init.add(root.resolve(p).normalize()));
                case "jars" -> strings(file, key, value).forEach(p -> jars.add(root.resolve(p).normalize()));
                case "classpath" -> strings(file, key, value).forEach(p -> classpath.add(root.resolve(p).normalize()));
                case "stand-in-connectors" -> {
                    if (!(value instanceof Boolean b)) {
                        throw new IllegalArgumentException(file + ": 'stand-in-connectors' must be true or false, not '"
                                + value + "'");
                    }
                    standInConnectors = Optional.of(b);
                }
                default -> {
                    if (!key.contains(".") && !(value instanceof Map)) {
                        throw new IllegalArgumentException(file + ": unknown key '" + key + "'. Known keys: "
                                + new TreeSet<>(KEYS) + ", and Flink or sql-guard.* options such as"
                                + " 'sql-guard.rules.large-top-n.level'.");
                    }
                    flatten(file, key, value, options);
                }
            }
        }
        return new ProjectFile(file, include, exclude, init, jars, classpath, standInConnectors, options);
    }

    private static List<String> strings(Path file, String key, Object value) {
        if (value == null) {
            return List.of();
        }
        if (value instanceof List<?> list) {
            List<String> out = new ArrayList<>();
            for (Object item : list) {
                if (item instanceof Map || item instanceof List || item == null) {
                    throw new IllegalArgumentException(file + ": '" + key + "' must be a list of strings");
                }
                out.add(String.valueOf(item));
            }
            return out;
        }
        if (value instanceof Map) {
            throw new IllegalArgumentException(file + ": '" + key + "' must be a string or a list of strings");
        }
        return List.of(String.valueOf(value));
    }

    private static void flatten(Path file, String key, Object value, Map<String, String> out) {
        if (value instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                flatten(file, key + "." + entry.getKey(), entry.getValue(), out);
            }
        } else if (value instanceof List<?> list) {
            // Flink's list format, as in config.yaml read by older parsers: a;b;c
            out.put(key, String.join(";", list.stream().map(String::valueOf).toList()));
        } else if (value == null) {
            throw new IllegalArgumentException(file + ": option '" + key + "' has no value");
        } else {
            out.put(key, String.valueOf(value));
        }
    }
}
