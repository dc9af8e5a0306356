package io.github.sqlguard.restore;

import io.github.sqlguard.policy.GuardOptions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The plans of the jobs the guard submitted from judged plans, kept in a directory of the guard's
 * own ({@link GuardOptions#RESTORE_PLAN_DIR}), one JSON file per job ({@code <job id>.json}: the job
 * id, when it was recorded, the plan as the job runs it and each node's operator ids), written to a
 * temporary file and moved into place, so a reader never sees half a file. When a statement
 * restores a savepoint, {@link #jobOf} finds the job it was taken of: the job the savepoint's
 * directory names whose operator ids hold every operator of the savepoint that has state. The file
 * name is the index: where the savepoint's path names the job (as Flink names it), only the files of
 * the job ids it names are read. Plans stored longer ago than the retention ({@link
 * GuardOptions#RESTORE_PLAN_RETENTION}) are deleted when a plan is stored ({@link #prune}).
 * Thread-safe.
 */
public final class PlanStore {

    /** The directory's name under the guard's log directory, by default. */
    public static final String DEFAULT_NAME = "sql-guard-plans";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Stored plans are pruned at most this often ({@link #record}). */
    private static final Duration PRUNE_INTERVAL = Duration.ofMinutes(1);

    private final Path directory;
    private final Duration retention;
    /** When {@link #record} last pruned, in {@link System#nanoTime()}; none yet when null. */
    private final AtomicReference<Long> pruned = new AtomicReference<>();

    /** A store in {@code directory} with the default retention ({@link GuardOptions#RESTORE_PLAN_RETENTION}). */
    public PlanStore(Path directory) {
        this(directory, GuardOptions.RESTORE_PLAN_RETENTION.defaultValue());
    }

    /**
     * @param retention how long a stored plan is kept; zero keeps every plan
     */
    public PlanStore(Path directory, Duration retention) {
        if (retention.isNegative()) {
            throw new IllegalArgumentException(GuardOptions.RESTORE_PLAN_RETENTION.key() + " is negative: " + retention);
        }
        this.directory = directory;
        this.retention = retention;
    }

    /**
     * The plan directory {@code config} names ({@link GuardOptions#RESTORE_PLAN_DIR}), or the default:
     * {@value #DEFAULT_NAME} in the guard's log directory (the system property {@code
     * sql-guard.log.dir}, Flink's {@code env.log.dir}, the environment's {@code FLINK_LOG_DIR}, the
     * directory of the system property {@code log.file}), or in the JVM's temporary directory.
     * Absolute.
     *
     * <p>{@code log.file} is what a stock distribution gives the gateway: Flink's {@code
     * bin/config.sh} reads {@code env.log.dir} into {@code FLINK_LOG_DIR} without exporting it, and
     * {@code bin/flink-daemon.sh} passes the gateway only {@code -Dlog.file=$FLINK_LOG_DIR/...log}; the
     * audit's Log4j 2 file is written beside it ({@code conf/log4j-sql-guard-audit.properties}).
     */
    public static Path directory(Configuration config, Map<String, String> systemProperties, Map<String, String> environment) {
        Optional<String> configured = config.getOptional(GuardOptions.RESTORE_PLAN_DIR).map(String::strip).filter(d -> !d.isEmpty());
        if (configured.isPresent()) {
            return Path.of(configured.get()).toAbsolutePath().normalize();
        }
        String logs = systemProperties.get("sql-guard.log.dir");
        if (logs == null) {
            logs = config.getOptional(CoreOptions.FLINK_LOG_DIR).orElse(environment.get("FLINK_LOG_DIR"));
        }
        if ((logs == null || logs.isBlank()) && systemProperties.get("log.file") != null) {
            Path parent = Path.of(systemProperties.get("log.file").strip()).toAbsolutePath().getParent();
            logs = parent == null ? null : parent.toString();
        }
        if (logs == null || logs.isBlank()) {
            logs = systemProperties.getOrDefault("java.io.tmpdir", System.getProperty("java.io.tmpdir"));
        }
        return Path.of(logs.strip()).resolve(DEFAULT_NAME).toAbsolutePath().normalize();
    }

    /**
     * The store of this gateway process: {@link #directory} of {@code config}, this JVM's system
     * properties and environment, with {@code config}'s {@link GuardOptions#RESTORE_PLAN_RETENTION}.
     */
    public static PlanStore of(Configuration config) {
        Map<String, String> properties = new LinkedHashMap<>();
        System.getProperties().forEach((k, v) -> properties.put(String.valueOf(k), String.valueOf(v)));
        return new PlanStore(directory(config, properties, System.getenv()), config.get(GuardOptions.RESTORE_PLAN_RETENTION));
    }

    public Path directory() {
        return directory;
    }

    public Duration retention() {
        return retention;
    }

    /**
     * A job the guard submitted, as stored.
     *
     * @param jobId Flink's job id (hex)
     * @param recordedAt when the guard stored it (the job's submission)
     * @param job its plan and operator ids
     */
    public record StoredJob(String jobId, Instant recordedAt, PlannedJob job) {}

    /**
     * Stores the plan of job {@code jobId}; replaces what an earlier call stored for that job. Then,
     * at most once a minute, deletes the plans stored longer ago than the retention ({@link #prune}).
     */
    public void record(String jobId, PlannedJob job) throws IOException {
        if (!jobId.matches("[0-9a-fA-F]{1,64}")) {
            throw new IllegalArgumentException("not a Flink job id: " + jobId);
        }
        ObjectNode entry = JSON.createObjectNode();
        entry.put("jobId", jobId);
        entry.put("recordedAt", Instant.now().toString());
        entry.put("plan", job.plan());
        ObjectNode ids = entry.putObject("operatorIds");
        job.operatorIds().forEach((node, operatorIds) -> {
            var array = ids.putArray(String.valueOf(node));
            operatorIds.forEach(array::add);
        });
        Files.createDirectories(directory);
        Path file = directory.resolve(jobId + ".json");
        Path temporary = Files.createTempFile(directory, "." + jobId, ".tmp");
        try {
            Files.write(temporary, JSON.writeValueAsBytes(entry));
            try {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
        long now = System.nanoTime();
        Long last = pruned.get();
        if ((last == null || now - last >= PRUNE_INTERVAL.toNanos()) && pruned.compareAndSet(last, now)) {
            prune(Instant.now());
        }
    }

    /**
     * Deletes the plans (and temporary files a stopped gateway left) stored longer ago than the
     * retention before {@code now}, by the time the file was last written (a plan is written once,
     * when its job is submitted). Nothing with a retention of zero.
     *
     * @return how many files it deleted
     * @throws IOException when the directory cannot be listed or a file not deleted
     */
    public int prune(Instant now) throws IOException {
        if (retention.isZero() || !Files.isDirectory(directory)) {
            return 0;
        }
        Instant oldest = now.minus(retention);
        int deleted = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory,
                file -> file.getFileName().toString().endsWith(".json") || file.getFileName().toString().endsWith(".tmp"))) {
            for (Path file : files) {
                if (Files.getLastModifiedTime(file).toInstant().isBefore(oldest) && Files.deleteIfExists(file)) {
                    deleted++;
                }
            }
        }
        return deleted;
    }

    /**
     * Flink's names for a savepoint's directory, {@code savepoint-<first 6 hex of the job id>-<random>}
     * ({@code AbstractFsCheckpointStorageAccess#initializeLocationForSavepoint}), and for a retained
     * checkpoint's, {@code <job id>/chk-<n>} ({@code FsCheckpointStorageAccess}).
     */
    private static final Pattern SAVEPOINT_DIR = Pattern.compile("(?:^|/)savepoint-([0-9a-f]{6})-[0-9a-f]+/?(?:_metadata)?$");
    private static final Pattern CHECKPOINT_DIR = Pattern.compile("(?:^|/)([0-9a-f]{32})/chk-\\d+/?(?:_metadata)?$");

    /**
     * The job the savepoint at {@code savepointPath}, with state of the operators {@code
     * savepointOperatorIds} (hex), was taken of, among the stored jobs. An operator id is a hash of
     * the operator's place in the job's topology, not of what it computes, so jobs of different
     * statements of one shape (a source, a keyed operator, a sink) share them: a stored job is a
     * candidate when its operators have every one of the ids, and the candidate is the job that
     * Flink's name of the savepoint's directory names ({@code savepoint-<job id prefix>-...}, or a
     * retained checkpoint's {@code <job id>/chk-<n>}). Where the path names no job (a renamed
     * directory), the one candidate, or the candidates' most recent when all of them ran the same
     * plan. Empty when no stored job is the one (a savepoint of a job the guard did not start) or
     * several could be ({@link Found#ambiguous}). Where the path names the job, only the files whose
     * name (the job id) starts with what it names are read; otherwise every stored plan is.
     *
     * @throws UncheckedIOException when the directory cannot be listed or a file read
     */
    public Found jobOf(String savepointPath, Collection<String> savepointOperatorIds) {
        if (savepointOperatorIds.isEmpty() || !Files.isDirectory(directory)) {
            return new Found(Optional.empty(), 0);
        }
        Optional<String> named = namedJob(savepointPath).map(id -> id.toLowerCase(java.util.Locale.ROOT));
        DirectoryStream.Filter<Path> stored = file -> {
            String name = file.getFileName().toString();
            return name.endsWith(".json") && !name.startsWith(".")
                    && (named.isEmpty() || name.toLowerCase(java.util.Locale.ROOT).startsWith(named.get()));
        };
        List<StoredJob> candidates = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, stored)) {
            for (Path file : files) {
                JsonNode entry;
                try (java.io.InputStream in = Files.newInputStream(file)) {
                    entry = JSON.readTree(in);
                } catch (java.nio.file.NoSuchFileException pruned) {
                    // Deleted since the listing (#prune): no longer a stored job.
                    continue;
                }
                JsonNode ids = entry.path("operatorIds");
                java.util.Set<String> all = new java.util.HashSet<>();
                ids.forEach(list -> list.forEach(id -> all.add(id.asText())));
                if (!all.containsAll(savepointOperatorIds)) {
                    continue;
                }
                Map<Integer, List<String>> byNode = new LinkedHashMap<>();
                ids.fields().forEachRemaining(field -> {
                    List<String> list = new ArrayList<>();
                    field.getValue().forEach(id -> list.add(id.asText()));
                    byNode.put(Integer.parseInt(field.getKey()), list);
                });
                candidates.add(new StoredJob(entry.path("jobId").asText(), Instant.parse(entry.path("recordedAt").asText()),
                        new PlannedJob(entry.path("plan").asText(), byNode)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the guard could not read its plan directory " + directory, e);
        }
        candidates.sort(java.util.Comparator.comparing(StoredJob::recordedAt).reversed());
        if (named.isPresent()) {
            String prefix = named.get().toLowerCase(java.util.Locale.ROOT);
            List<StoredJob> matching = candidates.stream().filter(job -> job.jobId().toLowerCase(java.util.Locale.ROOT)
                    .startsWith(prefix)).toList();
            return new Found(matching.stream().findFirst(), matching.size() > 1 ? matching.size() : 0);
        }
        if (candidates.isEmpty()) {
            return new Found(Optional.empty(), 0);
        }
        String plan = candidates.get(0).job().plan();
        boolean oneStatement = candidates.stream().allMatch(job -> job.job().plan().equals(plan));
        return oneStatement ? new Found(Optional.of(candidates.get(0)), 0) : new Found(Optional.empty(), candidates.size());
    }

    /**
     * What {@link #jobOf} found.
     *
     * @param job the job the savepoint was taken of
     * @param ambiguous how many stored jobs of different plans could be the one, when it cannot say which (0 otherwise)
     */
    public record Found(Optional<StoredJob> job, int ambiguous) {}

    /** The job (its id, or the 6 hex digits Flink puts in a savepoint's name) the savepoint's path names, as Flink names it. */
    static Optional<String> namedJob(String savepointPath) {
        String path = savepointPath.strip().replace('\\', '/');
        Matcher savepoint = SAVEPOINT_DIR.matcher(path);
        if (savepoint.find()) {
            return Optional.of(savepoint.group(1));
        }
        Matcher checkpoint = CHECKPOINT_DIR.matcher(path);
        return checkpoint.find() ? Optional.of(checkpoint.group(1)) : Optional.empty();
    }
}
