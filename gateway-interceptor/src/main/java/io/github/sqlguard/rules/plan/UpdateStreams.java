package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.PlanNode;

import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Whether a plan node emits updates (an update stream: {@code UPDATE_BEFORE}, {@code UPDATE_AFTER} or {@code DELETE}
 * beside inserts), read from the plan's operators as Flink's {@code FlinkChangelogModeInferenceProgram} (2.3.0) decides
 * what each emits. The compiled plan persists no changelog mode of its nodes (only a sink's {@code inputChangelogMode}),
 * so the mode is derived, operator by operator:
 *
 * <ul>
 *   <li>a source scan: its table's connector or format, where the compiled plan persists its options ({@code
 *       upsert-kafka}; a Flink CDC connector, {@code *-cdc}; the CDC formats {@code debezium-json}, {@code
 *       debezium-avro-confluent}, {@code debezium-protobuf}, {@code canal-json}, {@code maxwell-json}, {@code
 *       ogg-json}: Flink docs, "Formats"; lint's stand-in for such a connector names it in {@code
 *       sql-guard.stand-in.for}); any other source is taken as inserts only;
 *   <li>an operator that updates what it emitted: a {@code ChangelogNormalize}, a non-window group aggregation, a
 *       non-window Top-N ({@code Rank}, {@code SortLimit}, {@code Limit}), a deduplication keeping the last row; an outer
 *       or anti join (a regular one or a {@code MultiJoin} with an outer input);
 *   <li>inserts only, whatever they read (they refuse updates): window operators, OVER aggregates, interval joins;
 *   <li>every other operator (a {@code Calc}, an {@code Exchange}, an inner join, a lookup or temporal join, a union, a
 *       first-row deduplication of an update stream): updates where an input does.
 * </ul>
 *
 * Not exact where a source is neither of these (a connector the guard does not know, which may emit updates).
 */
final class UpdateStreams {

    private UpdateStreams() {}

    /** The CDC formats of Flink's docs ("Formats"): every change, {@code +I -U +U -D}. */
    private static final Set<String> CDC_FORMATS = Set.of(
            "debezium-json", "debezium-avro-confluent", "debezium-protobuf", "canal-json", "maxwell-json", "ogg-json");

    private static final Set<String> UPDATING = Set.of(
            "ChangelogNormalize", "GroupAggregate", "GlobalGroupAggregate", "IncrementalGroupAggregate",
            "GroupTableAggregate", "Rank", "SortLimit", "Limit");

    private static final Set<String> INSERTS_ONLY = Set.of(
            "IntervalJoin", "WindowJoin", "WindowAggregate", "GlobalWindowAggregate", "LocalWindowAggregate",
            "GroupWindowAggregate", "WindowRank", "WindowDeduplicate", "WindowTableFunction", "OverAggregate");

    /** True where {@code node} of {@code plan} emits updates, as derived above. */
    static boolean emitsUpdates(ExplainedPlan plan, PlanNode node) {
        return emitsUpdates(plan, node, new HashSet<>(), 0);
    }

    /** The name of the table a source scan below {@code node} reads, whose source emits updates; empty where none does. */
    static Optional<String> updatingSource(ExplainedPlan plan, PlanNode node) {
        return updatingSource(plan, node, new HashSet<>(), 0);
    }

    private static Optional<String> updatingSource(ExplainedPlan plan, PlanNode node, Set<Integer> seen, int depth) {
        if (!seen.add(node.id()) || depth > 256) {
            return Optional.empty();
        }
        if (node.is("TableSourceScan") && changelogSource(node.tableOptions())) {
            return node.table().map(t -> t.getObjectName()).or(() -> Optional.of("its source"));
        }
        for (PlanNode input : plan.inputs(node)) {
            Optional<String> found = updatingSource(plan, input, seen, depth + 1);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    private static boolean emitsUpdates(ExplainedPlan plan, PlanNode node, Set<Integer> seen, int depth) {
        if (!seen.add(node.id()) || depth > 256) {
            return false;
        }
        String name = node.name();
        if (name.equals("TableSourceScan")) {
            return changelogSource(node.tableOptions());
        }
        if (UPDATING.contains(name)) {
            return true;
        }
        if (INSERTS_ONLY.contains(name)) {
            return false;
        }
        if (name.equals("Deduplicate")) {
            boolean lastRow = plan.operators(Operator.Deduplicate.class).stream()
                    .anyMatch(d -> d.node() == node && d.keepLastRow());
            if (lastRow) {
                return true;
            }
        }
        if (name.equals("Join")) {
            Optional<String> type = plan.operators(Operator.Join.class).stream().filter(j -> j.node() == node)
                    .map(Operator.Join::joinType).findFirst();
            if (type.isPresent() && !type.get().equals("INNER") && !type.get().equals("SEMI")) {
                return true;
            }
        }
        if (name.equals("MultiJoin")) {
            String description = node.description().toUpperCase(Locale.ROOT);
            if (description.contains("LEFT") || description.contains("RIGHT") || description.contains("FULL")) {
                return true;
            }
        }
        for (PlanNode input : plan.inputs(node)) {
            if (emitsUpdates(plan, input, seen, depth + 1)) {
                return true;
            }
        }
        return false;
    }

    /** True for a table whose source emits updates, by its connector or format (see the class comment). */
    private static boolean changelogSource(Map<String, String> options) {
        String connector = options.getOrDefault("sql-guard.stand-in.for", options.getOrDefault("connector", ""))
                .toLowerCase(Locale.ROOT);
        if (connector.equals("upsert-kafka") || connector.endsWith("-cdc")) {
            return true;
        }
        String format = options.getOrDefault("value.format", options.getOrDefault("format", "")).toLowerCase(Locale.ROOT);
        return CDC_FORMATS.contains(format);
    }
}
