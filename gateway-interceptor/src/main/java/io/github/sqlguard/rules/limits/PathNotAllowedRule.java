package io.github.sqlguard.rules.limits;

import io.github.sqlguard.audit.Redactor;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.ConfigChange;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.RuleOption;
import io.github.sqlguard.rules.RuleOption.Strictness;
import io.github.sqlguard.statement.ParsedStatement.SqlOption;

import org.apache.flink.api.common.cache.DistributedCache;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.table.api.config.TableConfigOptions;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code path-not-allowed}: a statement names a file system location it may not read or write:
 *
 * <ul>
 *   <li>the {@code 'path'} option of a table ({@code WITH} or {@code OPTIONS} hint; the filesystem
 *       connector's {@code FileSystemConnectorOptions#PATH}, and any connector whose option is
 *       {@code path}), read from the statement's text before anything is planned and after planning
 *       from the tables of the compiled plan too ({@link ResolvedTables}: a table that already
 *       exists in a catalog);
 *   <li>the plan file of {@code COMPILE PLAN}, {@code COMPILE AND EXECUTE PLAN} (Flink writes it)
 *       and {@code EXECUTE PLAN} (Flink reads it);
 *   <li>a job's checkpoint and savepoint directories and the state it restores from ({@link
 *       #JOB_LOCATIONS}), the files it ships to its tasks ({@link #CACHED_FILES}), and every other
 *       location a session's configuration names ({@link OptionShapes#location}: {@code
 *       state.backend.rocksdb.localdir}, {@code table.resources.download-dir}, ...), from any route
 *       that sets configuration;
 *   <li>every other location a table's option names ({@link OptionShapes#location}: Kafka's {@code
 *       properties.ssl.truststore.location}, ...);
 *   <li>every state file the metadata of the savepoint a statement restores names ({@link
 *       io.github.sqlguard.rules.Restore#stateFiles}): Flink's {@code _metadata} names each file by its
 *       path, wherever it lies, and the job's tasks open it when they restore, so a savepoint in an
 *       allowed directory could otherwise make a job read any file its tasks can;
 * </ul>
 *
 * when the location lies outside {@code sql-guard.allow.paths} (an empty list is no limit), or,
 * whatever that list says, within a location where the guard keeps its own files ({@link
 * GuardFiles}: its configuration directory, its logs and audit, and {@code
 * sql-guard.protected.paths}). Matched as a {@link Location} (normalised by Flink's {@code Path},
 * so {@code /data/../etc/passwd} is {@code /etc/passwd}; prefixes at a {@code /} boundary).
 *
 * <p>Also: a session's setting of {@code table.plan.force-recompile} ({@link
 * TableConfigOptions#PLAN_FORCE_RECOMPILE}) to anything but {@code false}, by {@code SET},
 * configure-session, a session property at open or a statement's execution config: with it,
 * {@code COMPILE PLAN} overwrites an existing file ({@code TableEnvironmentImpl#compilePlanAndWrite}),
 * which is the administrator's to decide in {@code config.yaml}; and a session's setting of what
 * a compiled plan keeps of the catalog's tables ({@link #CATALOG_OBJECTS}) to anything but Flink's
 * default or stricter.
 */
public final class PathNotAllowedRule implements Rule {

    public static final String ID = "path-not-allowed";

    /** The option key of a table's location (Flink's {@code FileSystemConnectorOptions#PATH}). */
    static final String PATH = "path";

    public static final RuleOption<List<String>> ALLOW_PATHS =
            AllowList.locations(
                    "paths",
                    "Locations a table's 'path' option and a compiled plan file may name: absolute paths or URIs,"
                            + " each a prefix at a '/' boundary. Empty: no limit.");

    /** The key of {@link #PROTECTED_PATHS}. */
    public static final String PROTECTED_PATHS_KEY = "sql-guard.protected.paths";

    public static final RuleOption<List<String>> PROTECTED_PATHS =
            RuleOption.of(
                    ConfigOptions.key(PROTECTED_PATHS_KEY)
                            .stringType()
                            .asList()
                            .defaultValues()
                            .withDescription(
                                    "Locations no statement may read or write (a table's 'path', a compiled plan"
                                            + " file), whatever 'sql-guard.allow.paths' says: absolute paths or URIs,"
                                            + " each a prefix at a '/' boundary. The guard adds its own: Flink's"
                                            + " configuration directory ($internal.deployment.config-dir or"
                                            + " FLINK_CONF_DIR), its log directory (env.log.dir, FLINK_LOG_DIR, the"
                                            + " directory of -Dlog.file), -Dsql-guard.log.dir, the directory of"
                                            + " -Dsql-guard.audit.file and of the logging configuration files. Set"
                                            + " globally only."),
                    (value, values) -> value.stream().allMatch(e -> e != null && !e.isBlank()
                                    && Location.of(e.strip()).isPresent())
                            ? Optional.empty()
                            : Optional.of("every entry must be an absolute path or URI (e.g. /etc/flink)"),
                    union());

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.limit(
                    ID,
                    "A table `'path'` or a plan file outside `sql-guard.allow.paths` or where the guard keeps its own"
                            + " files; `table.plan.force-recompile` set by a session.",
                    ALLOW_PATHS, PROTECTED_PATHS);

    /**
     * The keys of Flink's options that name a location a job writes or reads its state at: {@link
     * CheckpointingOptions#CHECKPOINTS_DIRECTORY} and {@link CheckpointingOptions#SAVEPOINT_DIRECTORY}
     * (written; the latter also by {@code STOP JOB ... WITH SAVEPOINT}, which Flink's {@code
     * OperationExecutor#callStopJobOperation} points at it) and {@link
     * StateRecoveryOptions#SAVEPOINT_PATH} (the savepoint or checkpoint a job restores from, read),
     * with their older keys ({@code state.checkpoints.dir}, {@code state.savepoints.dir}, {@code
     * execution.savepoint.path}) as Flink reads them ({@code ConfigOption#fallbackKeys}).
     */
    static final Set<String> JOB_LOCATIONS = keys(
            CheckpointingOptions.CHECKPOINTS_DIRECTORY, CheckpointingOptions.SAVEPOINT_DIRECTORY,
            StateRecoveryOptions.SAVEPOINT_PATH);

    private static Set<String> keys(ConfigOption<?>... options) {
        Set<String> keys = new LinkedHashSet<>();
        for (ConfigOption<?> option : options) {
            keys.add(option.key());
            option.fallbackKeys().forEach(fallback -> keys.add(fallback.getKey()));
        }
        return Set.copyOf(keys);
    }

    /**
     * Flink's option that names the files a job ships to its tasks' distributed cache ({@link
     * PipelineOptions#CACHED_FILES}): the client reads each one and the job's code can read it.
     */
    static final ConfigOption<List<String>> CACHED_FILES = PipelineOptions.CACHED_FILES;

    /**
     * Flink's options that decide how much of a catalog table a compiled plan holds and what running
     * it reads from the catalog again ({@link TableConfigOptions#PLAN_COMPILE_CATALOG_OBJECTS},
     * {@link TableConfigOptions#PLAN_RESTORE_CATALOG_OBJECTS}): with {@code SCHEMA} or {@code
     * IDENTIFIER} the plan the guard judges holds no table options (a catalog table's {@code 'path'}
     * and {@code 'connector'} go unseen after planning, {@link ResolvedTables}), and with {@code
     * IDENTIFIER} at restore the job runs with the catalog's table, not the plan's. A session may
     * leave them at Flink's defaults ({@code ALL}) or make the restore stricter ({@code
     * ALL_ENFORCED}); any other value is the administrator's.
     */
    static final Map<String, Set<String>> CATALOG_OBJECTS = Map.of(
            TableConfigOptions.PLAN_COMPILE_CATALOG_OBJECTS.key(), Set.of("ALL"),
            TableConfigOptions.PLAN_RESTORE_CATALOG_OBJECTS.key(), Set.of("ALL", "ALL_ENFORCED"));

    /** Flink's option that lets {@code COMPILE PLAN} overwrite an existing file. */
    static final ConfigOption<Boolean> FORCE_RECOMPILE = TableConfigOptions.PLAN_FORCE_RECOMPILE;

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public List<RuleHit> check(AnalysisContext context) {
        List<String> entries = context.option(ALLOW_PATHS);
        AllowedLocations allowed = allowedLocations(entries);
        GuardFiles guarded = guardFiles(context.option(PROTECTED_PATHS));
        List<RuleHit> hits = new ArrayList<>();
        if (!allowed.unlimited() || !guarded.isEmpty()) {
            hits.addAll(ResolvedTables.hits(
                    context, PATH, path -> allowed.allows(path) && !guarded.covers(path),
                    (path, node) -> hit("The path '" + path + "'", path, entries, guarded, node)));
            for (String key : ResolvedTables.keys(context, k -> !k.equals(PATH) && OptionShapes.location(k))) {
                hits.addAll(ResolvedTables.hits(
                        context, key,
                        value -> OptionShapes.locations(key, value).stream()
                                .allMatch(l -> allowed.allows(l) && !guarded.covers(l)),
                        (value, node) -> hit("The location '" + value + "' of table option '" + key + "'", value,
                                entries, guarded, node)));
            }
            for (String key : ResolvedTables.keys(context, OptionShapes::fileName)) {
                hits.addAll(ResolvedTables.hits(
                        context, key, OptionShapes::plainName,
                        (value, node) -> RuleHit.of(
                                "The file name '" + value + "' of table option '" + key + "' is a location, not a"
                                        + " name: the connector writes it relative to the table's directories, so it"
                                        + " can reach any file the job can write, the guard's own included.",
                                node,
                                "",
                                "Use a file name alone (no '/', '\\', ':', '.' or '..').")));
            }
            // A savepoint's metadata names its state files by path, anywhere: the job's tasks read them when it restores.
            context.restore().ifPresent(restore -> {
                for (String file : restore.stateFiles()) {
                    if (!allowed.allows(file) || guarded.covers(file)) {
                        hits.add(hit("The state file '" + Redactor.maskLocation(file) + "' that the metadata of savepoint '"
                                + restore.shownSavepoint() + "' names (the job's tasks read it when they restore)", file,
                                entries, guarded, "savepoint " + restore.shownSavepoint()));
                    }
                }
            });
            for (SqlOption plan : context.statement().planFiles()) {
                if (!allowed.allows(plan.value()) || guarded.covers(plan.value())) {
                    hits.add(hit(
                            "The plan file '" + plan.value() + "' of " + plan.source(), plan.value(), entries, guarded,
                            plan.source() + " '" + plan.value() + "' at line " + plan.line()));
                }
            }
        }
        for (ConfigChange change : context.changes()) {
            if (JOB_LOCATIONS.contains(change.key()) || (OptionShapes.location(change.key())
                    && !change.key().equals(CACHED_FILES.key())
                    && !OptionShapes.PYTHON_CODE_KEYS.contains(change.key().strip()))) {
                List<String> locations = OptionShapes.locations(change.key(), change.value());
                for (String location : locations) {
                    if (!allowed.allows(location) || guarded.covers(location)) {
                        hits.add(hit("The location '" + location + "' of '" + change.key() + "'", location, entries,
                                guarded, change.asSql()));
                    }
                }
            }
            if (change.key().equals(CACHED_FILES.key()) && change.value() != null && !change.value().isEmpty()) {
                for (String file : cachedFiles(change.value())) {
                    if (!allowed.allows(file) || guarded.covers(file)) {
                        hits.add(hit("The cached file '" + file + "' of '" + change.key() + "'", file, entries, guarded,
                                change.asSql()));
                    }
                }
            }
            Set<String> kept = CATALOG_OBJECTS.get(change.key());
            if (kept != null && change.value() != null
                    && !kept.contains(change.value().strip().toUpperCase(java.util.Locale.ROOT))) {
                hits.add(RuleHit.of(
                        "'" + change.key() + "' = '" + change.value() + "' leaves the catalog tables' options out of"
                                + " the plan the guard judges, or runs the plan with the catalog's tables instead of"
                                + " the plan's: where a statement reads and writes would go unjudged. It is the"
                                + " administrator's setting, not a session's.",
                        change.asSql(),
                        "",
                        "Leave '" + change.key() + "' at its default (ALL); only config.yaml sets it otherwise."));
            }
            if (change.key().equals(FORCE_RECOMPILE.key()) && !readsFalse(change.value())) {
                hits.add(RuleHit.of(
                        "'" + FORCE_RECOMPILE.key() + "' lets COMPILE PLAN overwrite any existing file the gateway can"
                                + " write (Flink's TableEnvironmentImpl#compilePlanAndWrite), the guard's own audit and"
                                + " policy included: it is the administrator's setting, not a session's.",
                        change.asSql(),
                        "",
                        "Write each plan to a new file (or use COMPILE PLAN IF NOT EXISTS); only config.yaml sets '"
                                + FORCE_RECOMPILE.key() + "'."));
            }
        }
        return hits;
    }

    /**
     * The locations of the last policy's two lists, read once per list: reading them (Flink's {@code
     * Path}, and {@link GuardFiles}' canonical paths, which ask the file system) for every statement
     * was ~5 % of a {@code SET}'s guard time in a JFR profile. A policy's lists are the same objects
     * from one statement to the next; a reload makes new ones. {@link GuardFiles} resolves symbolic
     * links when a list is first read, so a link changed later is followed after the next reload.
     */
    private volatile Read<AllowedLocations> allowedRead;
    private volatile Read<GuardFiles> guardedRead;

    private record Read<T>(List<String> entries, T locations) {}

    private AllowedLocations allowedLocations(List<String> entries) {
        Read<AllowedLocations> read = allowedRead;
        if (read == null || read.entries() != entries) {
            read = new Read<>(entries, AllowedLocations.of(entries));
            allowedRead = read;
        }
        return read.locations();
    }

    private GuardFiles guardFiles(List<String> entries) {
        Read<GuardFiles> read = guardedRead;
        if (read == null || read.entries() != entries) {
            read = new Read<>(entries, GuardFiles.of(entries));
            guardedRead = read;
        }
        return read.locations();
    }

    /**
     * The files of a {@link #CACHED_FILES} value, as Flink reads them ({@code
     * DistributedCache#parseCachedFilesFromString}: {@code name:n,path:p} entries); a value Flink
     * cannot read is its own text, so it is judged as a location (and, relative or unlisted, refused).
     */
    static List<String> cachedFiles(String value) {
        try {
            List<String> entries = Configuration.fromMap(Map.of(CACHED_FILES.key(), value)).get(CACHED_FILES);
            return DistributedCache.parseCachedFilesFromString(entries).stream().map(entry -> entry.f1.filePath).toList();
        } catch (RuntimeException e) {
            return List.of(value);
        }
    }

    /** True when Flink reads {@code value} as {@code false} for {@link #FORCE_RECOMPILE}. */
    private static boolean readsFalse(String value) {
        if (value == null) {
            return true;
        }
        try {
            return !Configuration.fromMap(Map.of(FORCE_RECOMPILE.key(), value)).get(FORCE_RECOMPILE);
        } catch (IllegalArgumentException e) {
            // Flink cannot read it either; not false, so not allowed.
            return false;
        }
    }

    static RuleHit hit(String what, String path, List<String> entries, GuardFiles guarded, String node) {
        boolean own = guarded.covers(path);
        return RuleHit.of(
                own
                        ? what + " lies where the guard keeps its own files (its policy, logs and audit: "
                                + guarded + "): no statement reads or writes there."
                        : what + " is not in a location the platform allows (sql-guard.allow.paths " + entries
                                + "): a statement reads and writes it with the gateway's and the cluster's file system"
                                + " rights (a relative path is never allowed: it depends on the working directory).",
                node,
                "",
                own
                        ? "Use a location of your own."
                        : "Use an absolute path under an allowed location, or ask the administrator to add it to"
                                + " 'sql-guard.allow.paths'.");
    }

    /** More protected locations are the stricter: the union of both lists. */
    private static Strictness<List<String>> union() {
        return (one, other) -> {
            Set<String> both = new LinkedHashSet<>(one);
            both.addAll(other);
            return both.size() == one.size() ? one : List.copyOf(both);
        };
    }
}
