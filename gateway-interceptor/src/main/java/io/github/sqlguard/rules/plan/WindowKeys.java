package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.ColumnSource;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.statement.ParsedStatement.RankFunction;
import io.github.sqlguard.statement.SqlIdentifiers;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The keys of an operator over a window's rows read for its window columns: Flink plans a window
 * operator (a {@code WindowRank}, {@code WindowDeduplicate}, or a window aggregation) only where both
 * {@code window_start} and {@code window_end} are keys (Flink docs, "Window Top-N", "Window
 * Deduplication", "Window Aggregation"); with one of them alone it plans the general operator keyed by
 * that column. Shared by {@code window-rank-not-recognized}, {@code window-aggregate-not-recognized}
 * and {@code stateful-without-ttl}'s fix.
 */
final class WindowKeys {

    static final String START = "window_start";
    static final String END = "window_end";

    /**
     * The window's time attribute, one value per window: "The value of window_time always equal to window_end - 1ms"
     * (Flink docs, "Windowing TVF"). A key that does not make a window operator: Flink's {@code
     * WindowUtil#groupingContainsWindowStartEnd} asks for both bounds, and {@code
     * #groupingExcludeWindowStartEndTimeColumns} drops {@code window_time} from the keys where they are there.
     */
    static final String TIME = "window_time";

    /** Operators whose output carries a window's {@code window_start} and {@code window_end}. */
    private static final Set<String> WINDOWING =
            Set.of("WindowTableFunction", "WindowAggregate", "GlobalWindowAggregate", "LocalWindowAggregate",
                    "WindowJoin", "WindowRank", "WindowDeduplicate");

    private WindowKeys() {}

    /** True for an operator whose output carries a window's {@code window_start} and {@code window_end}. */
    static boolean windowing(PlanNode node) {
        return WINDOWING.contains(node.name());
    }

    /** The window column among {@code keys} when it is there without the other; empty for both or neither. */
    static Optional<String> alone(List<String> keys) {
        boolean start = keys.contains(START);
        boolean end = keys.contains(END);
        return start == end ? Optional.empty() : Optional.of(start ? START : END);
    }

    /**
     * The window column a ranking's keys hold without the window's two bounds: {@code window_start} or {@code
     * window_end} alone ({@link #alone}), or {@code window_time} with neither bound ({@code PARTITION BY window_time}:
     * Flink 2.3.0 and 1.20.0 plan a general {@code Rank} keyed by it, where {@code PARTITION BY window_start,
     * window_end} plans a {@code WindowRank}, with {@code window_time} among the keys or not); empty otherwise.
     */
    static Optional<String> lacking(List<String> keys) {
        Optional<String> alone = alone(keys);
        if (alone.isPresent() || keys.contains(START) || keys.contains(END)) {
            return alone;
        }
        return keys.contains(TIME) ? Optional.of(TIME) : Optional.empty();
    }

    /**
     * The name a key of {@code node} gives {@code window_time} where a projection below renames it ({@code window_time
     * AS wt} in a view, {@code PARTITION BY wt}): Flink's plan keys the operator by the new name. Read from the compiled
     * plan ({@link ExplainedPlan#source}): the key's column of {@code node}'s input followed back through the {@code
     * Calc}s that project it unchanged (their {@code "projection"}'s {@code INPUT_REF}) to a windowing operator's
     * {@code window_time}. A plan read from EXPLAIN text ({@link ExplainedPlan#compiled()} false: a statement Flink could
     * not compile, {@link io.github.sqlguard.plan.PlanParser}) has no projections to follow: there the {@code Calc}s and
     * {@code Exchange}s right below {@code node} are read as Flink prints them ({@code Calc(select=[window_time AS wt,
     * ...])}, Flink 2.3.0 {@code CommonCalc#explainTerms}'s {@code select}), the nearest one naming a key. Empty where the
     * keys name a window column as it is.
     */
    static Optional<String> timeRenamed(ExplainedPlan plan, PlanNode node, List<String> keys) {
        if (keys.contains(START) || keys.contains(END) || keys.contains(TIME)) {
            return Optional.empty();
        }
        List<PlanNode> inputs = plan.inputs(node);
        if (inputs.size() != 1) {
            return Optional.empty();
        }
        if (!plan.compiled()) {
            return printedTimeRenamed(plan, inputs.get(0), keys);
        }
        for (String key : keys) {
            Optional<ColumnSource> source = plan.source(inputs.get(0), key);
            if (source.isPresent() && source.get().name().equals(TIME) && WINDOWING.contains(source.get().node().name())) {
                return Optional.of(key);
            }
        }
        return Optional.empty();
    }

    /**
     * A projection of {@code window_time} under another name, as EXPLAIN prints it in a {@code Calc}: {@code window_time
     * AS wt}, or {@code CAST(window_time AS TIMESTAMP(3)) AS wt} where the key is no longer a time attribute (Flink 2.3.0
     * and 1.20.0 print the cast that materializes it for a {@code GROUP BY}).
     */
    private static final Pattern TIME_AS = Pattern.compile(
            "[\\[ ](?:CAST\\()?window_time(?: AS TIMESTAMP(?:_LTZ)?\\(\\d\\)\\))? AS (\\w+)[,\\]]");

    /**
     * {@link #timeRenamed} of an EXPLAIN-text plan: the key a {@code Calc} at or below {@code input}, through {@code
     * Calc}s and {@code Exchange}s only, prints as {@code window_time AS <key>}, with a windowing operator below it.
     */
    private static Optional<String> printedTimeRenamed(ExplainedPlan plan, PlanNode input, List<String> keys) {
        PlanNode at = input;
        for (int depth = 0; depth < 16 && (at.is("Calc") || at.is("Exchange")); depth++) {
            Matcher renamed = TIME_AS.matcher(at.description());
            while (renamed.find()) {
                if (keys.contains(renamed.group(1)) && overWindow(plan, at)) {
                    return Optional.of(renamed.group(1));
                }
            }
            List<PlanNode> below = plan.inputs(at);
            if (below.size() != 1) {
                break;
            }
            at = below.get(0);
        }
        return Optional.empty();
    }

    /** The keys with {@code renamed} named {@code window_time}, as the window names it. */
    static List<String> withTime(List<String> keys, String renamed) {
        return keys.stream().map(k -> k.equals(renamed) ? TIME : k).toList();
    }

    /** True when {@code keys} name either window column. */
    static boolean named(List<String> keys) {
        return keys.contains(START) || keys.contains(END);
    }

    /**
     * The name the statement's ranking gives the window column {@code has} of the plan's {@code keys} where it renames
     * it on the way up ({@code ws} of {@code SELECT window_start AS ws ...}, {@code PARTITION BY ws}): Flink's plan
     * keys the {@code Rank} by the window column, the statement's {@code PARTITION BY} by its new name. Read from the
     * statement's one ranking whose {@code PARTITION BY} names no window column and has as many items as the plan
     * has keys, the one item no other key names; empty where it names the column as it is, or it cannot be told.
     */
    static Optional<String> renamed(List<RankFunction> rankings, List<String> keys, String has) {
        List<String> others = keys.stream().filter(k -> !k.equals(has)).map(k -> k.toLowerCase(Locale.ROOT)).toList();
        List<String> found = new ArrayList<>();
        for (RankFunction ranking : rankings) {
            List<String> items = ranking.partitionBy().stream().map(SqlIdentifiers::lastNameUnquoted).toList();
            if (items.size() != keys.size() || items.stream().anyMatch(
                    i -> i.equalsIgnoreCase(START) || i.equalsIgnoreCase(END) || i.equalsIgnoreCase(TIME))) {
                continue;
            }
            List<String> unmatched = items.stream().filter(i -> !others.contains(i.toLowerCase(Locale.ROOT))).toList();
            if (unmatched.size() == 1) {
                found.add(unmatched.get(0));
            }
        }
        return found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
    }

    /** The window columns the keys lack beside {@code has}: the other bound, or both beside {@code window_time}. */
    static String missing(String has) {
        return has.equals(TIME) ? START + " and " + END : has.equals(START) ? END : START;
    }

    /**
     * The keys with the missing window column beside the one there: {@code window_start, window_end, page}; {@code
     * window_time} replaced by both bounds ({@code window_start, window_end, page} for {@code window_time, page}).
     */
    static String completed(List<String> keys, String has) {
        List<String> out = new ArrayList<>();
        for (String key : keys) {
            if (key.equals(has)) {
                out.add(START);
                out.add(END);
            } else {
                out.add(key);
            }
        }
        return String.join(", ", out);
    }

    /**
     * The GROUP BY a fix proposes for {@code aggregate}, grouped by {@code has} without the other window column. Over
     * GROUPING SETS, ROLLUP or CUBE the window columns go beside the sets, out of them: Flink plans a window
     * aggregation there only where the GROUP BY holds both window columns outside the sets (Flink docs, "Window
     * Aggregation", GROUPING SETS: "window_start and window_end columns must be in the GROUP BY clause, but not in
     * the GROUPING SETS clause"; {@code WindowAggregateTest#testTumble_GroupingSets1} plans, {@code
     * #testCantTranslateToWindowAgg_GroupingSetsOnlyWithWindowStart} does not), and the copy number Flink's {@code
     * Expand} adds to the keys ({@code $e}) is no column of the statement.
     */
    static String groupByBoth(Operator.GroupAggregate aggregate, String has) {
        return groupByBoth(aggregate, has, has);
    }

    /**
     * {@link #groupByBoth(Operator.GroupAggregate, String)} where the statement names the key {@code has} as {@code as}
     * ({@code wt} for a view's {@code window_time AS wt}). A key {@code window_time} keeps its place, the bounds put
     * before it ({@code GROUP BY window_start, window_end, window_time, region}): a select list that names {@code
     * window_time} needs it grouped, and Flink's {@code WindowUtil#groupingExcludeWindowStartEndTimeColumns} drops it
     * from the window aggregation's keys.
     */
    static String groupByBoth(Operator.GroupAggregate aggregate, String has, String as) {
        if (aggregate.groupingSets()) {
            return BESIDE_SETS;
        }
        if (!has.equals(TIME)) {
            return "GROUP BY " + completed(aggregate.groupBy(), has);
        }
        List<String> out = new ArrayList<>();
        for (String key : aggregate.groupBy()) {
            if (key.equals(as)) {
                out.add(START);
                out.add(END);
            }
            out.add(key);
        }
        return "GROUP BY " + String.join(", ", out);
    }

    /**
     * The window column an aggregation over a window's rows groups by without both bounds ({@link #lacking}: {@code
     * window_start} or {@code window_end} alone, or {@code window_time} with neither), with the name its keys give it
     * where a projection below renames {@code window_time} ({@link #timeRenamed}); empty where it groups by both, by
     * none, or reads no window's rows. Flink's {@code WindowUtil#groupingContainsWindowStartEnd} asks for both bounds
     * for a window aggregation; grouped by {@code window_time} alone, Flink 2.3.0 and 1.20.0 plan a general {@code
     * GroupAggregate} keyed by it.
     */
    static Optional<Grouped> groupedByOne(ExplainedPlan plan, Operator.GroupAggregate aggregate) {
        if (!overWindow(plan, aggregate.node())) {
            return Optional.empty();
        }
        Optional<String> renamed = timeRenamed(plan, aggregate.node(), aggregate.groupBy());
        List<String> keys = renamed.map(as -> withTime(aggregate.groupBy(), as)).orElse(aggregate.groupBy());
        return lacking(keys).map(has -> new Grouped(has, renamed.orElse(has)));
    }

    /**
     * The window TVF whose rows {@code aggregate} reads while it groups by none of the window's columns: a {@code
     * WindowTableFunction} right below it (through {@code Calc}s and {@code Exchange}s only), every key a column the
     * window's rows carry from the table it reads (read back through the compiled plan, {@link ExplainedPlan#source}),
     * none of them {@code window_start}, {@code window_end} or {@code window_time}. Flink plans no window aggregation
     * there ({@code WindowUtil#groupingContainsWindowStartEnd}) but keeps the {@code WindowTableFunction} below the
     * general {@code GroupAggregate}: Flink 2.3.0 plans {@code GROUP BY collection, item_id} over {@code
     * TABLE(CUMULATE(...))} as {@code GroupAggregate} over {@code WindowTableFunction(window=[CUMULATE(...)])}, which
     * emits each row once per window that holds it. Empty for a key computed above the window ({@code
     * DATE_FORMAT(window_start, ...)}, a window bound renamed), for grouping sets, and for a plan Flink could not
     * compile (no projections to follow).
     */
    static Optional<PlanNode> ungroupedWindow(ExplainedPlan plan, Operator.GroupAggregate aggregate) {
        if (!plan.compiled() || aggregate.groupingSets()) {
            return Optional.empty();
        }
        List<PlanNode> inputs = plan.inputs(aggregate.node());
        if (inputs.size() != 1) {
            return Optional.empty();
        }
        PlanNode at = inputs.get(0);
        for (int depth = 0; depth < 16 && (at.is("Calc") || at.is("Exchange")); depth++) {
            List<PlanNode> below = plan.inputs(at);
            if (below.size() != 1) {
                return Optional.empty();
            }
            at = below.get(0);
        }
        if (!at.is("WindowTableFunction")) {
            return Optional.empty();
        }
        PlanNode window = at;
        for (String key : aggregate.groupBy()) {
            Optional<ColumnSource> source = plan.source(inputs.get(0), key);
            if (source.isEmpty() || source.get().node().id() != window.id() || source.get().name().equals(START)
                    || source.get().name().equals(END) || source.get().name().equals(TIME)) {
                return Optional.empty();
            }
        }
        return Optional.of(window);
    }

    /** The window a {@code WindowTableFunction} prints: {@code CUMULATE(time_col=[ts], max_size=[1 d], step=[1 h])}. */
    private static final Pattern WINDOW = Pattern.compile("window=\\[((TUMBLE|HOP|CUMULATE|SESSION)\\(.*?\\))\\]");

    /** The window {@code node}, a {@code WindowTableFunction}, prints (Flink's {@code WindowSpec#toSummaryString}). */
    static Optional<String> windowSpec(PlanNode node) {
        Matcher matcher = WINDOW.matcher(node.description());
        return matcher.find() ? Optional.of(matcher.group(1)) : Optional.empty();
    }

    /** The kind of window {@code node}, a {@code WindowTableFunction}, prints: {@code TUMBLE}, {@code HOP}, ... */
    static Optional<String> windowKind(PlanNode node) {
        Matcher matcher = WINDOW.matcher(node.description());
        return matcher.find() ? Optional.of(matcher.group(2)) : Optional.empty();
    }

    /**
     * The window column an aggregation's keys hold without both bounds.
     *
     * @param has {@link #START}, {@link #END} or {@link #TIME}
     * @param as the key's name in the plan: {@code has}, or the name a projection below gives {@code window_time}
     */
    record Grouped(String has, String as) {

        boolean renamed() {
            return !has.equals(as);
        }
    }

    /** The GROUP BY of a window aggregation over grouping sets: the window columns beside the sets, not in them. */
    static final String BESIDE_SETS = "GROUP BY window_start, window_end beside the GROUPING SETS (...), ROLLUP (...)"
            + " or CUBE (...), with the window columns taken out of the sets";

    /** What the GROUP BY of {@link #groupByBoth} changes beside the window: empty where no grouping sets. */
    static String setsCaveat(Operator.GroupAggregate aggregate) {
        return aggregate.groupingSets()
                ? "; a grouping set without both window columns, a total since the start, becomes a total per window"
                : "";
    }

    /** The keys as a statement reads them: the copy number of an {@code Expand} as the grouping set it numbers. */
    static String keys(Operator.GroupAggregate aggregate) {
        List<String> out = new ArrayList<>();
        for (String key : aggregate.groupBy()) {
            out.add(Operator.GroupAggregate.groupingSetNumber(key) ? "the grouping set" : key);
        }
        return String.join(", ", out);
    }

    /** True when a windowing operator is below {@code node}. */
    static boolean overWindow(ExplainedPlan plan, PlanNode node) {
        return overWindow(plan, node, new HashSet<>(), 0);
    }

    private static boolean overWindow(ExplainedPlan plan, PlanNode node, Set<Integer> seen, int depth) {
        if (depth > 256) {
            return false;
        }
        for (PlanNode input : plan.inputs(node)) {
            if (!seen.add(input.id())) {
                continue;
            }
            if (WINDOWING.contains(input.name()) || overWindow(plan, input, seen, depth + 1)) {
                return true;
            }
        }
        return false;
    }
}
