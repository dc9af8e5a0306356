package io.github.sqlguard.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The emit strategy of a legacy group window aggregation ({@code GROUP BY TUMBLE(ts, ...)}, a {@code
 * GroupWindowAggregate}) under early or late firing ({@code table.exec.emit.early-fire.enabled}, {@code
 * table.exec.emit.late-fire.enabled}: the same keys in Flink 2.3.0 and 1.20, Flink's experimental {@code
 * WindowEmitStrategy} options), read from the node's description: Flink prints it as {@code emit=[early delay 60000
 * millisecond, late delay 0 millisecond]} ({@code StreamPhysicalGroupWindowAggregateBase#explainTerms}, {@code
 * WindowEmitStrategy#toString}), in EXPLAIN text and in a compiled plan's {@code description} alike.
 *
 * <p>Such a window emits updates: {@code WindowEmitStrategy#produceUpdates} is true for early firing, and for late
 * firing of an event-time window (no row is late in processing time, so late firing there is ignored), and Flink's
 * {@code FlinkChangelogModeInferenceProgram} then gives the window {@code UPDATE} beside {@code INSERT}
 * ({@code changelogMode=[I,UB,UA]} in EXPLAIN CHANGELOG_MODE): a {@code Rank} over it is planned with {@code
 * RetractStrategy}, and an append-only sink refuses it. An event-time window's named properties include its rowtime
 * ({@code properties=[w$start, w$end, w$rowtime, w$proctime]}), a processing-time window's do not; Flink prints them
 * only where the query selects one.
 *
 * @param early early firing: the window's result so far emitted before the window closes, then updated
 * @param late late firing: the window's result updated after it fired, for each row within the allowed lateness
 * @param eventTime the window is over an event-time attribute
 */
public record GroupWindowEmit(boolean early, boolean late, boolean eventTime) {

    /** The option that turns early firing on. */
    public static final String EARLY_FIRE = "table.exec.emit.early-fire.enabled";

    /** The option that turns late firing on. */
    public static final String LATE_FIRE = "table.exec.emit.late-fire.enabled";

    private static final Pattern EMIT = Pattern.compile("emit=\\[([^\\]]*)\\]");

    private static final Pattern PROPERTIES = Pattern.compile("properties=\\[([^\\]]*)\\]");

    /** The time field of the printed window: {@code click_time} of {@code TumblingGroupWindow('w$, click_time, 3600000)}. */
    private static final Pattern TIME_FIELD = Pattern.compile("GroupWindow\\('[^,]*, ([^,)]+)[,)]");

    /**
     * The emit strategy {@code description}, a {@code GroupWindowAggregate}'s, prints; empty where it prints none. The
     * window is taken as event time unless its printed properties say processing time (a window's properties include
     * {@code w$rowtime} in event time only, and are printed where the query selects one).
     */
    public static Optional<GroupWindowEmit> of(String description) {
        Matcher emit = EMIT.matcher(description);
        if (!emit.find()) {
            return Optional.empty();
        }
        String strategy = emit.group(1);
        Matcher properties = PROPERTIES.matcher(description);
        boolean processingTime = properties.find() && !properties.group(1).contains("$rowtime");
        return Optional.of(new GroupWindowEmit(strategy.contains("early"), strategy.contains("late"), !processingTime));
    }

    /**
     * True where {@code node} of {@code plan} is a group window aggregation that emits updates under its emit strategy;
     * a window whose time field is a processing-time attribute of its input (the compiled plan's column types) is not
     * event time, whatever its properties.
     */
    public static boolean emitsUpdates(ExplainedPlan plan, PlanNode node) {
        return firing(plan, node).isPresent();
    }

    /** The emit strategy of {@code node} of {@code plan} where it makes the window emit updates ({@link #emitsUpdates}). */
    public static Optional<GroupWindowEmit> firing(ExplainedPlan plan, PlanNode node) {
        if (!node.is("GroupWindowAggregate")) {
            return Optional.empty();
        }
        return of(node.description()).map(e -> processingTimeField(plan, node) ? new GroupWindowEmit(e.early, e.late, false) : e)
                .filter(GroupWindowEmit::updates);
    }

    private static boolean processingTimeField(ExplainedPlan plan, PlanNode node) {
        Matcher field = TIME_FIELD.matcher(node.description());
        List<PlanNode> inputs = plan.inputs(node);
        if (!field.find() || inputs.size() != 1) {
            return false;
        }
        String name = field.group(1).strip();
        return inputs.get(0).outputType().columns().stream()
                .anyMatch(c -> c.name().equals(name) && c.timeAttribute() == Column.TimeAttribute.PROCTIME);
    }

    /** {@code WindowEmitStrategy#produceUpdates}: early firing, or late firing of an event-time window. */
    public boolean updates() {
        return early || (late && eventTime);
    }

    /** The options whose firing makes the window emit updates, early first. */
    public List<String> options() {
        List<String> out = new ArrayList<>();
        if (early) {
            out.add(EARLY_FIRE);
        }
        if (late && eventTime) {
            out.add(LATE_FIRE);
        }
        return out;
    }

    /** The firing in words: {@code early firing}, {@code late firing}, {@code early and late firing}. */
    public String firing() {
        boolean lateUpdates = late && eventTime;
        return early && lateUpdates ? "early and late firing" : early ? "early firing" : "late firing";
    }

    /** {@code RESET 'table.exec.emit.early-fire.enabled'}, one {@code RESET} per option of {@link #options}, joined by {@code ; }. */
    public String reset() {
        return String.join("; ", options().stream().map(o -> "RESET '" + o + "'").toList());
    }
}
