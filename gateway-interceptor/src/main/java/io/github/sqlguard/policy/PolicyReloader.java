package io.github.sqlguard.policy;

import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.limits.GuardFiles;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptionsInternal;
import org.apache.flink.configuration.GlobalConfiguration;
import org.apache.flink.util.concurrent.ExecutorThreadFactory;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Applies changed {@code sql-guard.*} options of Flink's {@code config.yaml} without a restart.
 *
 * <p>The file is the one the SQL Gateway was started from: {@code config.yaml} in the directory
 * Flink's {@code DefaultContext} records as {@code $internal.deployment.config-dir} (from {@code
 * FLINK_CONF_DIR}), read with Flink's own {@link GlobalConfiguration#loadConfiguration(String)}. It
 * is polled every {@code sql-guard.reload.interval} (default 10 s; 0 turns polling off) by content
 * (so editors that replace the file and Kubernetes ConfigMap updates are both seen); a change must
 * be stable for a short settle time before it is read, so a half-written file is not judged.
 *
 * <p>A reload re-reads only the {@code sql-guard.*} keys, builds and validates a new {@link Policy}
 * (scopes included), and swaps it into the {@link PolicyHolder} when its hash differs. A file that
 * cannot be read or fails validation leaves the policy in force, is logged, and is reported to the
 * listeners as {@link Outcome#REJECTED} (for the audit). {@code sql-guard.*} values that were given
 * as dynamic properties at start-up ({@code -D}, different from the file then) keep precedence over
 * the file, as at start-up. Options read only at start-up ({@link GuardOptions#isStartOnly}) are not
 * applied; a change to one is logged and reported in {@link Result#restartRequired()}.
 *
 * <p>Thread-safe; reloads are serialized. Stability: public, evolving.
 */
public final class PolicyReloader implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(PolicyReloader.class);

    /** How long a changed file must stay the same before it is read. */
    static final Duration SETTLE = Duration.ofMillis(250);

    /** Trigger of a reload found by polling the file. */
    public static final String TRIGGER_FILE = "file";
    /** Trigger of a reload requested on the admin route. */
    public static final String TRIGGER_ADMIN_ROUTE = "admin-route";

    /** What a reload did. */
    public enum Outcome {
        /** A new policy is in force. */
        APPLIED,
        /** The file's policy is the one in force (same hash); nothing changed. */
        UNCHANGED,
        /** The file could not be read or its policy is invalid; the policy in force stays. */
        REJECTED
    }

    /**
     * The result of one reload.
     *
     * @param outcome what happened
     * @param trigger {@link #TRIGGER_FILE}, {@link #TRIGGER_ADMIN_ROUTE} or a caller's name
     * @param previousHash the hash of the policy in force before the reload
     * @param policyHash the hash of the policy in force after it (the previous one unless applied)
     * @param reason why it was rejected, naming the key; {@code null} otherwise
     * @param restartRequired start-up-only options whose value in the file differs from the one in
     *     force, sorted
     * @param configFile the file read
     * @param time when the reload finished
     */
    public record Result(
            Outcome outcome,
            String trigger,
            String previousHash,
            String policyHash,
            String reason,
            List<String> restartRequired,
            Path configFile,
            Instant time) {

        public Result {
            restartRequired = List.copyOf(restartRequired);
        }
    }

    private final Path configFile;
    private final RuleCatalog catalog;
    private final PolicyHolder holder;
    private final Duration interval;
    private final Map<String, String> startupGuardOptions;
    /** {@code sql-guard.*} values given at start-up that differed from the file then (dynamic properties). */
    private final Map<String, String> overrides;
    private final List<Consumer<Result>> listeners = new CopyOnWriteArrayList<>();
    private final List<Consumer<Configuration>> validators = new CopyOnWriteArrayList<>();
    private final Object lock = new Object();
    private ScheduledExecutorService poller;
    /** SHA-256 of the file bytes last read (applied or rejected), so one content is judged once. */
    private byte[] lastDigest;

    /**
     * @param configFile Flink's {@code config.yaml}
     * @param startup the configuration the gateway started with (the policy in {@code holder} was
     *     built from it)
     * @param catalog the rules a policy is validated against
     * @param holder where a new policy is put in force
     * @param interval polling interval; zero for none (reloads only on {@link #reload})
     */
    public PolicyReloader(
            Path configFile, Configuration startup, RuleCatalog catalog, PolicyHolder holder, Duration interval) {
        this.configFile = configFile.toAbsolutePath();
        this.catalog = catalog;
        this.holder = holder;
        this.interval = interval;
        this.startupGuardOptions = guardOptions(startup);
        Map<String, String> fromFile;
        try {
            fromFile = guardOptions(load());
            lastDigest = digest(Files.readAllBytes(this.configFile));
        } catch (IOException | RuntimeException e) {
            LOG.warn("Flink SQL Guard: cannot read {} at start-up ({}); every sql-guard.* option given at start-up"
                    + " keeps precedence over it.", this.configFile, e.getMessage());
            fromFile = Map.of();
        }
        Map<String, String> differing = new TreeMap<>();
        for (Map.Entry<String, String> entry : startupGuardOptions.entrySet()) {
            if (!entry.getValue().equals(fromFile.get(entry.getKey()))) {
                differing.put(entry.getKey(), entry.getValue());
            }
        }
        this.overrides = Map.copyOf(differing);
        if (!overrides.isEmpty()) {
            LOG.info("Flink SQL Guard: options given at start-up keep precedence over {} on reload: {}",
                    this.configFile, overrides.keySet());
        }
    }

    /**
     * The reloader the configuration asks for: empty when both polling ({@code
     * sql-guard.reload.interval: 0}) and the admin route are off, or when the gateway's {@code
     * config.yaml} cannot be found (logged).
     */
    public static Optional<PolicyReloader> fromConfiguration(
            Configuration startup, RuleCatalog catalog, PolicyHolder holder) {
        Duration interval = Policy.read(startup, GuardOptions.RELOAD_INTERVAL);
        boolean route = Policy.read(startup, GuardOptions.ADMIN_RELOAD_ROUTE_ENABLED);
        if (interval.isZero() && !route) {
            LOG.info("Flink SQL Guard: policy reload is off ('{}' is 0 and the admin route is off).",
                    GuardOptions.RELOAD_INTERVAL.key());
            return Optional.empty();
        }
        Optional<Path> file = configFile(startup);
        if (file.isEmpty()) {
            LOG.warn("Flink SQL Guard: policy reload is off: the gateway's config.yaml is not known (no '{}' and no"
                    + " FLINK_CONF_DIR).", DeploymentOptionsInternal.CONF_DIR.key());
            return Optional.empty();
        }
        return Optional.of(new PolicyReloader(file.get(), startup, catalog, holder, interval));
    }

    /** Flink's {@code config.yaml} of this process, if the directory is known and the file exists. */
    static Optional<Path> configFile(Configuration config) {
        String dir = config.getOptional(DeploymentOptionsInternal.CONF_DIR).orElse(System.getenv("FLINK_CONF_DIR"));
        if (dir == null) {
            return Optional.empty();
        }
        Path file = Path.of(dir, GlobalConfiguration.FLINK_CONF_FILENAME);
        return Files.isRegularFile(file) ? Optional.of(file) : Optional.empty();
    }

    /** The file reloads read. */
    public Path configFile() {
        return configFile;
    }

    /** Told of every {@link Outcome#APPLIED} and {@link Outcome#REJECTED} reload (not of unchanged ones). */
    public void addListener(Consumer<Result> listener) {
        listeners.add(Objects.requireNonNull(listener));
    }

    /**
     * Also checks the file's {@code sql-guard.*} options with {@code validator} (which throws {@link
     * IllegalArgumentException} naming the key), for start-up-only options that are read elsewhere:
     * a file that would stop the next start-up is rejected now.
     */
    public void addValidator(Consumer<Configuration> validator) {
        validators.add(Objects.requireNonNull(validator));
    }

    /** Starts polling, when the interval is above zero. */
    public void start() {
        if (interval.isZero()) {
            return;
        }
        synchronized (lock) {
            if (poller != null) {
                return;
            }
            poller = Executors.newSingleThreadScheduledExecutor(new ExecutorThreadFactory("sql-guard-policy-reload"));
            poller.scheduleWithFixedDelay(this::poll, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
        }
        LOG.info("Flink SQL Guard: watching {} for policy changes every {}.", configFile, interval);
    }

    /**
     * Reads the file now and applies its policy if it is valid and differs from the one in force.
     *
     * @param trigger who asked, for the log and the audit
     */
    public Result reload(String trigger) {
        synchronized (lock) {
            String previousHash = holder.policyHash();
            Map<String, String> options;
            Policy next;
            try {
                byte[] bytes = Files.readAllBytes(configFile);
                lastDigest = digest(bytes);
                Configuration loaded = load();
                options = guardOptions(loaded);
                options.putAll(overrides);
                // Where the guard keeps its own files (protected from every statement), as at start.
                Map<String, String> loadedMap = loaded.toMap();
                for (String key : GuardFiles.CONFIG_KEYS) {
                    if (loadedMap.containsKey(key)) {
                        options.putIfAbsent(key, loadedMap.get(key));
                    }
                }
                options.putIfAbsent(DeploymentOptionsInternal.CONF_DIR.key(), configFile.getParent().toString());
                Configuration guardConfig = Configuration.fromMap(options);
                next = Policy.fromConfiguration(guardConfig, catalog);
                validators.forEach(v -> v.accept(guardConfig));
            } catch (IOException | RuntimeException e) {
                String reason = reason(e);
                LOG.error("Flink SQL Guard: rejected the policy in {} ({}); the policy in force ({}) stays: {}",
                        configFile, trigger, previousHash, reason);
                return tell(new Result(Outcome.REJECTED, trigger, previousHash, previousHash, reason, List.of(),
                        configFile, Instant.now()));
            }
            List<String> restart = restartRequired(options);
            if (!restart.isEmpty()) {
                LOG.warn("Flink SQL Guard: {} changed in {}; these options take effect at the next restart.",
                        restart, configFile);
            }
            if (holder.update(next).isEmpty()) {
                return new Result(Outcome.UNCHANGED, trigger, previousHash, previousHash, null, restart, configFile,
                        Instant.now());
            }
            LOG.info("Flink SQL Guard: policy reloaded from {} ({}): {} -> {}", configFile, trigger, previousHash,
                    next.policyHash());
            return tell(new Result(Outcome.APPLIED, trigger, previousHash, next.policyHash(), null, restart,
                    configFile, Instant.now()));
        }
    }

    /** One poll: reloads when the file's content changed and stayed the same for {@link #SETTLE}. */
    void poll() {
        try {
            byte[] seen = digest(Files.readAllBytes(configFile));
            synchronized (lock) {
                if (Arrays.equals(seen, lastDigest)) {
                    return;
                }
            }
            Thread.sleep(SETTLE.toMillis());
            if (!Arrays.equals(seen, digest(Files.readAllBytes(configFile)))) {
                LOG.debug("{} is still changing; it is read at the next poll.", configFile);
                return;
            }
            reload(TRIGGER_FILE);
        } catch (NoSuchFileException e) {
            LOG.debug("{} is missing (being replaced?); it is read at the next poll.", configFile);
        } catch (IOException e) {
            LOG.warn("Flink SQL Guard: cannot read {} to check for policy changes: {}", configFile, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            // A scheduled task that throws is never run again: log, and poll again next time.
            LOG.error("Flink SQL Guard: checking {} for policy changes failed.", configFile, e);
        }
    }

    /** Stops polling. */
    @Override
    public void close() {
        synchronized (lock) {
            if (poller != null) {
                poller.shutdownNow();
                poller = null;
            }
        }
    }

    private Result tell(Result result) {
        for (Consumer<Result> listener : listeners) {
            try {
                listener.accept(result);
            } catch (RuntimeException e) {
                LOG.error("Flink SQL Guard: a policy reload listener failed on {}.", result, e);
            }
        }
        return result;
    }

    private Configuration load() {
        return GlobalConfiguration.loadConfiguration(configFile.getParent().toString());
    }

    private List<String> restartRequired(Map<String, String> options) {
        TreeSet<String> keys = new TreeSet<>();
        for (String key : new TreeSet<>(concatKeys(options, startupGuardOptions))) {
            if (GuardOptions.isStartOnly(key) && !Objects.equals(options.get(key), startupGuardOptions.get(key))) {
                keys.add(key);
            }
        }
        return List.copyOf(keys);
    }

    private static TreeSet<String> concatKeys(Map<String, String> a, Map<String, String> b) {
        TreeSet<String> keys = new TreeSet<>(a.keySet());
        keys.addAll(b.keySet());
        return keys;
    }

    private static Map<String, String> guardOptions(Configuration config) {
        Map<String, String> options = new TreeMap<>();
        config.toMap().forEach((key, value) -> {
            if (key.startsWith(GuardOptions.PREFIX)) {
                options.put(key, value);
            }
        });
        return options;
    }

    private static String reason(Throwable e) {
        StringBuilder reason = new StringBuilder(String.valueOf(e.getMessage()));
        for (Throwable cause = e.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
            if (cause.getMessage() != null && !reason.toString().contains(cause.getMessage())) {
                reason.append(": ").append(cause.getMessage());
            }
        }
        return reason.toString();
    }

    private static byte[] digest(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java platform.", e);
        }
    }
}
