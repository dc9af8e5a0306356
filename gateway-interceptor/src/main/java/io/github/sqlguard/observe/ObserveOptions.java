package io.github.sqlguard.observe;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Options of the observed state ({@link StateWatcher}): the guard follows the completed checkpoints
 * of the jobs it let through and tells which of its findings the state confirms. Read once at
 * start-up from Flink's {@code config.yaml}, in the key style of Flink's own {@code *Options}
 * classes. Off by default: watching sends requests to the JobManager of every job the guard
 * submitted.
 *
 * <p>Stability: public, evolving.
 */
public final class ObserveOptions {

    /** Prefix of every observe option. */
    public static final String PREFIX = "sql-guard.observe.";

    public static final ConfigOption<Boolean> ENABLED =
            ConfigOptions.key("sql-guard.observe.enabled")
                    .booleanType()
                    .defaultValue(false)
                    .withDescription(
                            "Follow the completed checkpoints of every job the guard submitted, over the JobManager's REST"
                                    + " API (execution.target 'remote': the session's rest.address and rest.port), and"
                                    + " mark each finding on a stateful operator 'confirmed' (its checkpointed state"
                                    + " keeps growing) or 'not-confirmed' (it levels); audited, counted and served on"
                                    + " GET /sql-guard/v1/jobs. One thread, never on a statement's path. Read at"
                                    + " start-up.");

    public static final ConfigOption<Duration> INTERVAL =
            ConfigOptions.key("sql-guard.observe.interval")
                    .durationType()
                    .defaultValue(Duration.ofMinutes(1))
                    .withDescription(
                            "How often the guard reads the latest completed checkpoint of each job it watches: at most"
                                    + " one sample per job and interval. Read at start-up.");

    public static final ConfigOption<Integer> WINDOW =
            ConfigOptions.key("sql-guard.observe.window")
                    .intType()
                    .defaultValue(12)
                    .withDescription(
                            "Samples (completed checkpoints, one per interval at most) each operator's trend is"
                                    + " computed over: the most recent ones, older ones are dropped. At least 3. With the"
                                    + " default interval, 12 samples are the last 12 minutes. Read at start-up.");

    public static final ConfigOption<MemorySize> SIZE_THRESHOLD =
            ConfigOptions.key("sql-guard.observe.size-threshold")
                    .memoryType()
                    .defaultValue(MemorySize.parse("1 gb"))
                    .withDescription(
                            "State size of one operator the guard warns of: for a growing operator it reports when,"
                                    + " at its current rate, the state reaches this size. Read at start-up.");

    public static final ConfigOption<Integer> MAX_JOBS =
            ConfigOptions.key("sql-guard.observe.max-jobs")
                    .intType()
                    .defaultValue(1000)
                    .withDescription(
                            "Most jobs watched at once; a job submitted beyond it is not watched, and its record says"
                                    + " so. A job leaves the watch when it ends. Read at start-up.");

    public static final ConfigOption<Duration> REQUEST_TIMEOUT =
            ConfigOptions.key("sql-guard.observe.request-timeout")
                    .durationType()
                    .defaultValue(Duration.ofSeconds(10))
                    .withDescription(
                            "How long the guard waits for one answer of a JobManager's REST API; a JobManager that does"
                                    + " not answer in time is reported unreachable, and after "
                                    + StateWatcher.MAX_FAILED_ROUNDS + " such rounds in a row the job is no longer"
                                    + " watched. Read at start-up.");

    public static final ConfigOption<String> RESUME_FILE =
            ConfigOptions.key("sql-guard.observe.resume-file")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "A file where the guard keeps the jobs it watches (one JSON line each), so that after a"
                                    + " restart it watches again those still running; each gets a 'watch-resumed' record."
                                    + " Unset: a restarted gateway watches only the jobs it submits from then on. Read at"
                                    + " start-up.");

    private ObserveOptions() {}

    /**
     * The observe settings of {@code config}.
     *
     * @throws IllegalArgumentException naming the key, for a value out of range
     */
    public static Settings settings(Configuration config) {
        Duration interval = config.get(INTERVAL);
        Duration timeout = config.get(REQUEST_TIMEOUT);
        int window = config.get(WINDOW);
        int maxJobs = config.get(MAX_JOBS);
        long threshold = config.get(SIZE_THRESHOLD).getBytes();
        requireThat(!interval.isNegative() && !interval.isZero(), INTERVAL, interval, "a positive duration such as '1 min'");
        requireThat(!timeout.isNegative() && !timeout.isZero(), REQUEST_TIMEOUT, timeout, "a positive duration such as '10 s'");
        requireThat(window >= TrendClassifier.MIN_SAMPLES, WINDOW, window, "at least " + TrendClassifier.MIN_SAMPLES);
        requireThat(maxJobs >= 1, MAX_JOBS, maxJobs, "at least 1");
        requireThat(threshold > 0, SIZE_THRESHOLD, threshold, "a positive size such as '1 gb'");
        return new Settings(config.get(ENABLED), interval, window, threshold, maxJobs, timeout, config.get(RESUME_FILE));
    }

    private static void requireThat(boolean holds, ConfigOption<?> option, Object value, String what) {
        if (!holds) {
            throw new IllegalArgumentException(
                    "Invalid value '" + value + "' for option '" + option.key() + "': it must be " + what + ".");
        }
    }

    /**
     * What the observe options say.
     *
     * @param enabled whether jobs are watched
     * @param interval time between two reads of a job's checkpoints
     * @param window samples kept per operator
     * @param sizeThresholdBytes the size a growing operator is said to reach, and when
     * @param maxJobs most jobs watched at once
     * @param requestTimeout longest wait for one REST answer
     * @param resumeFile where the watched jobs are kept across restarts, or {@code null}
     */
    public record Settings(
            boolean enabled, Duration interval, int window, long sizeThresholdBytes, int maxJobs, Duration requestTimeout,
            String resumeFile) {}

    /** Every option of this class, by reflection over its constants (as {@code GuardOptions#all()}), sorted by key. */
    public static List<ConfigOption<?>> all() {
        List<ConfigOption<?>> options = new ArrayList<>();
        for (Field field : ObserveOptions.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == ConfigOption.class) {
                try {
                    options.add((ConfigOption<?>) field.get(null));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException("A public constant of ObserveOptions is not readable: " + field, e);
                }
            }
        }
        options.sort(Comparator.comparing(ConfigOption::key));
        return List.copyOf(options);
    }
}
