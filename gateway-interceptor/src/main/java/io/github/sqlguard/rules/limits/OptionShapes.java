package io.github.sqlguard.rules.limits;

import org.apache.flink.configuration.DeploymentOptionsInternal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which options name a class or a location, by the shape of their key, where Flink has no metadata
 * to ask: a {@code ConfigOption} says a value is a string, not that it is a class the connector
 * loads or a directory the job writes (Flink's own {@code FileSystemConnectorOptions}, Kafka's
 * {@code properties.*} and {@code PythonOptions} alike). The rule, for table options ({@code WITH},
 * {@code OPTIONS} hints, a catalog table's options) and for configuration a session sets:
 *
 * <ul>
 *   <li>a <b>class</b> option's key ends in a segment ({@code .} or {@code -} separated) {@code
 *       class}, {@code classes}, {@code factory}, {@code serializer}, {@code deserializer}, or in
 *       {@code class-name} ({@code sink.partition-commit.policy.class}, {@code
 *       properties.partitioner.class}, {@code properties.interceptor.classes}, {@code
 *       properties.key.serializer}, {@code protobuf.message-class-name}); or it is one of {@link
 *       #CLASS_KEYS}, whose keys do not say so; each comma-separated entry of its value is a class;
 *   <li>a <b>location</b> option's key ends in a segment {@code path}, {@code paths}, {@code file},
 *       {@code files}, {@code location}, {@code locations}, {@code directory}, {@code keytab},
 *       {@code keystore}, {@code truststore}, or a segment ending in {@code dir} or {@code dirs}
 *       ({@code execution.checkpointing.dir}, {@code execution.checkpointing.savepoint-dir}, {@code
 *       state.backend.rocksdb.localdir}, {@code io.tmp.dirs}, {@code table.resources.download-dir},
 *       {@code properties.ssl.truststore.location}); a plural one's value is a list separated by
 *       {@code ,} or {@code ;}.
 * </ul>
 *
 * A file name option ({@link #fileName}) must be a name alone, not a location. A key of another
 * shape that names a class or a location anyway is not recognised (the docs list
 * those known: docs/rules/platform-limits.md).
 */
final class OptionShapes {

    private static final Set<String> CLASS_SEGMENTS = Set.of("class", "classes", "factory", "serializer", "deserializer");
    private static final Set<String> LOCATION_SEGMENTS = Set.of(
            "path", "paths", "file", "files", "location", "locations", "directory", "directories", "keytab", "keystore",
            "truststore");

    /**
     * Keys whose value names classes though their shape does not say so: the JDBC connector's
     * {@code driver} ({@code JdbcConnectorOptions#DRIVER}, loaded with {@code Class.forName}), Kafka's
     * {@code sink.partitioner} ({@code KafkaConnectorOptions#SINK_PARTITIONER}: a class unless one of
     * {@link #NAMED_PARTITIONERS}), Kafka clients' {@code security.providers} ({@code
     * SecurityConfig#SECURITY_PROVIDERS_CONFIG}: provider creator classes) and {@code sasl.jaas.config}
     * (each entry's login module class: {@code javax.security.auth.login.Configuration}'s syntax).
     */
    static final Set<String> CLASS_KEYS = Set.of("driver", "sink.partitioner");

    /** Kafka's {@code sink.partitioner} values that name no class ({@code KafkaConnectorOptionsUtil}). */
    static final Set<String> NAMED_PARTITIONERS = Set.of("default", "fixed", "round-robin");

    /**
     * Flink's options whose value is a shortcut name or else a factory class the job loads: {@code
     * state.backend.type} ({@code StateBackendOptions#STATE_BACKEND}, {@code StateBackendLoader}) and
     * {@code execution.checkpointing.storage} / {@code state.checkpoint-storage} ({@code
     * CheckpointingOptions#CHECKPOINT_STORAGE}, {@code CheckpointStorageLoader}), with the shortcuts
     * of either Flink line.
     */
    static final Set<String> LOADER_KEYS = Set.of(
            "state.backend.type", "state.backend", "execution.checkpointing.storage", "state.checkpoint-storage",
            "high-availability.type", "high-availability");

    /**
     * The names {@link #LOADER_KEYS} take for Flink's own implementations, of either line; {@code
     * high-availability.type}'s ({@code HighAvailabilityMode}: {@code NONE}, {@code ZOOKEEPER},
     * {@code KUBERNETES}) included, whose any other value is a {@code HighAvailabilityServicesFactory}
     * class the cluster loads (in the gateway's JVM with {@code execution.target: local}).
     */
    private static final Set<String> LOADER_SHORTCUTS =
            Set.of("hashmap", "rocksdb", "forst", "jobmanager", "filesystem", "none", "zookeeper", "kubernetes");

    /**
     * Segments that end a session's configuration key whose value is a list of classes though it
     * does not say {@code class}: Flink's {@code execution.job-listeners} ({@code
     * DeploymentOptions#JOB_LISTENERS}: {@code JobListener} classes that {@code
     * StreamExecutionEnvironment#configure} instantiates where the job is built, in the gateway's JVM)
     * and {@code execution.job-status-changed-listeners} ({@code #JOB_STATUS_CHANGED_LISTENERS}:
     * factories the JobManager instantiates). Not for table options, whose connectors use no such key.
     */
    private static final Set<String> CONFIG_CLASS_SEGMENTS = Set.of("listeners");

    /**
     * Flink's options that register classes by name in the job's serialization config, read where the
     * job is built ({@code PipelineOptions#KRYO_DEFAULT_SERIALIZERS}, {@code
     * #KRYO_REGISTERED_CLASSES}, {@code #POJO_REGISTERED_CLASSES}, {@code #SERIALIZATION_CONFIG}):
     * every dotted name in the value is a class.
     */
    static final Set<String> SERIALIZATION_KEYS = Set.of(
            "pipeline.default-kryo-serializers", "pipeline.registered-kryo-types", "pipeline.registered-pojo-types",
            "pipeline.serialization-config");

    /**
     * Flink's Python options whose value is code the job runs ({@code PythonOptions}: {@code
     * python.files}, {@code python.archives}, {@code python.requirements}, {@code python.pythonpath},
     * and the interpreter, {@code python.executable}, {@code python.client.executable}): held to the
     * jar allow-list.
     */
    static final Set<String> PYTHON_CODE_KEYS = Set.of(
            "python.files", "python.archives", "python.requirements", "python.pythonpath", "python.executable",
            "python.client.executable");

    private static final Pattern DOTTED_NAME = Pattern.compile("[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)+");

    private OptionShapes() {}

    /**
     * The last non-empty segment of {@code key} split at {@code .} and {@code -}, lower case: what
     * {@code key.strip().toLowerCase(Locale.ROOT).split("[.-]")} ends with, without compiling that
     * pattern on each call (every option of every statement's {@code WITH} clause and configuration).
     */
    static String lastSegment(String key) {
        String k = key.strip();
        int end = k.length();
        while (end > 0 && isSeparator(k.charAt(end - 1))) {
            end--;
        }
        int start = end;
        while (start > 0 && !isSeparator(k.charAt(start - 1))) {
            start--;
        }
        return k.substring(start, end).toLowerCase(Locale.ROOT);
    }

    private static boolean isSeparator(char c) {
        return c == '.' || c == '-';
    }

    /** True when a table option's {@code key} names classes. */
    static boolean tableClass(String key) {
        String k = key.strip().toLowerCase(Locale.ROOT);
        return CLASS_SEGMENTS.contains(lastSegment(k)) || k.endsWith("class-name") || CLASS_KEYS.contains(k)
                || k.endsWith("security.providers") || k.endsWith("sasl.jaas.config");
    }

    /** The classes a table option {@link #tableClass names}, as its connector reads them. */
    static List<String> tableClasses(String key, String value) {
        String k = key.strip().toLowerCase(Locale.ROOT);
        if (value == null || value.isBlank()) {
            return List.of();
        }
        if (k.endsWith("sasl.jaas.config")) {
            // Each entry: <LoginModuleClass> <flag> [options];
            List<String> modules = new ArrayList<>();
            for (String entry : value.split(";")) {
                String[] words = entry.strip().split("\\s+");
                if (!words[0].isEmpty()) {
                    modules.add(words[0]);
                }
            }
            return modules;
        }
        if (k.equals("sink.partitioner") && NAMED_PARTITIONERS.contains(value.strip())) {
            return List.of();
        }
        return entries(value);
    }

    /** True when a configuration key a session sets names classes. */
    static boolean configClass(String key) {
        String k = key.strip();
        return CLASS_SEGMENTS.contains(lastSegment(k)) || CONFIG_CLASS_SEGMENTS.contains(lastSegment(k))
                || LOADER_KEYS.contains(k) || SERIALIZATION_KEYS.contains(k);
    }

    /** The classes a configuration value of a {@link #configClass class key} names. */
    static List<String> configClasses(String key, String value) {
        String k = key.strip();
        if (value == null || value.isBlank()) {
            return List.of();
        }
        if (LOADER_KEYS.contains(k)) {
            return LOADER_SHORTCUTS.contains(value.strip().toLowerCase(Locale.ROOT)) ? List.of() : List.of(value.strip());
        }
        if (SERIALIZATION_KEYS.contains(k)) {
            List<String> names = new ArrayList<>();
            Matcher matcher = DOTTED_NAME.matcher(value);
            while (matcher.find()) {
                names.add(matcher.group());
            }
            return names;
        }
        return listEntries(value);
    }

    /**
     * The entries of a list a session's configuration holds, as Flink's parser may read them: Flink
     * separates a {@code List<String>} option's entries with {@code ;} and lets each be quoted ({@code
     * StructuredOptionsSplitter}), so {@code 'com.acme.udf.A;com.evil.B'} is two classes, not one name
     * that begins with an allowed package; commas, spaces and a YAML list's brackets separate too.
     */
    private static List<String> listEntries(String value) {
        return Arrays.stream(value.split("[,;\\s\\[\\]]+"))
                .map(e -> e.replaceAll("^['\"]+|['\"]+$", "").strip())
                .filter(e -> !e.isEmpty())
                .toList();
    }

    /**
     * True when an option's {@code key} (a table's or a session's) names locations. Not Flink's
     * {@code $internal.deployment.config-dir} ({@code DeploymentOptionsInternal#CONF_DIR}): Flink's
     * own SQL Client sends it with every session it opens, naming the directory it read its
     * configuration from (the gateway's own {@code conf/} on the gateway's machine); nothing is
     * written there.
     */
    static boolean location(String key) {
        if (key.strip().equals(DeploymentOptionsInternal.CONF_DIR.key())) {
            return false;
        }
        String last = lastSegment(key);
        return LOCATION_SEGMENTS.contains(last) || last.endsWith("dir") || last.endsWith("dirs");
    }

    /**
     * True when a table option's {@code key} names a file by its name, within a directory of the
     * table's ({@code sink.partition-commit.success-file.name}: Flink's {@code
     * SuccessFileCommitPolicy} writes {@code new Path(partition, name)}, overwriting): its key ends
     * in {@code file.name}, {@code file-name} or {@code filename}.
     */
    static boolean fileName(String key) {
        String k = key.strip().toLowerCase(Locale.ROOT);
        return k.endsWith("file.name") || k.endsWith("file-name") || k.endsWith("filename");
    }

    /** True when {@code value} is a file's name alone: no separator, no scheme, not {@code .} or {@code ..}. */
    static boolean plainName(String value) {
        String v = value.strip();
        return !v.isEmpty() && !v.contains("/") && !v.contains("\\") && !v.contains(":") && !v.equals(".")
                && !v.equals("..");
    }

    /**
     * The locations the value of a {@link #location location key} names: every value read as a list,
     * whatever the key's number (RocksDB's {@code state.backend.rocksdb.localdir} is one key for many
     * directories, split at {@code ,} and {@code File#pathSeparator} by {@code
     * EmbeddedRocksDBStateBackend#setDbStoragePaths}): split at {@code ,} and {@code ;}, and an entry
     * without a scheme at {@code :} too. A location with one of those characters in its name is read
     * as several, each judged (and its relative parts refused).
     */
    static List<String> locations(String key, String value) {
        if (value == null || value.isBlank()) {
            return List.of();
        }
        List<String> locations = new ArrayList<>();
        for (String entry : value.split("[,;]")) {
            if (entry.isBlank()) {
                continue;
            }
            if (SCHEME.matcher(entry.strip()).lookingAt()) {
                locations.add(entry);
            } else {
                Arrays.stream(entry.split(":")).filter(e -> !e.isBlank()).forEach(locations::add);
            }
        }
        return locations;
    }

    /** A URI's scheme and the {@code :/} after it. */
    private static final Pattern SCHEME = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*:/");

    /**
     * The code locations of a Python option ({@link #PYTHON_CODE_KEYS}): comma-separated files and
     * archives (an archive's {@code #target} directory is not part of it), a requirements file before
     * its {@code #cache-dir}, the path entries of {@code python.pythonpath}, an interpreter.
     */
    static List<String> pythonCode(String key, String value) {
        if (value == null || value.isBlank()) {
            return List.of();
        }
        List<String> locations = new ArrayList<>();
        String separators = key.strip().equals("python.pythonpath") ? "[,:;]" : ",";
        for (String entry : value.split(separators)) {
            String location = entry.contains("#") ? entry.substring(0, entry.indexOf('#')) : entry;
            if (!location.isBlank()) {
                locations.add(location);
            }
        }
        return locations;
    }

    private static List<String> entries(String value) {
        return Arrays.stream(value.split(",")).map(String::strip).filter(e -> !e.isEmpty()).toList();
    }
}
