package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.ChangelogSources;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.GroupWindowEmit;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.PlanNode;

import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.types.RowKind;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Whether a plan node emits updates (an update stream: {@code UPDATE_BEFORE}, {@code UPDATE_AFTER} or {@code DELETE}
 * beside inserts), as Flink's {@code FlinkChangelogModeInferenceProgram} (2.3.0) decides what each emits.
 *
 * <p>Flink's own answer first, where the plan has it ({@link ExplainedPlan#changelogMode}): every node of a plan read
 * from EXPLAIN text (its physical plan's {@code changelogMode}); a source scan of a compiled plan whose table's source
 * was asked ({@code ScanTableSource#getChangelogMode}, so a connector or format the guard does not know, and an {@code
 * OPTIONS} hint's format, are answered as Flink plans them). The compiled plan persists no other node's mode (only a
 * sink's {@code inputChangelogMode}), and asking Flink for them would plan the statement a second time; for those
 * nodes the mode is derived from their inputs' as the inference program does, operator by operator:
 *
 * <ul>
 *   <li>a source scan that was not asked (a proof's plan, a plan without a regular join): its table's connector or
 *       format, where the compiled plan persists its options ({@link ChangelogSources}, the one list of the guard;
 *       lint's stand-in for such a connector names it in {@code sql-guard.stand-in.for}); any other is taken as
 *       inserts only;
 *   <li>an operator that updates what it emitted: a legacy group window under early firing, or late firing in event
 *       time ({@link GroupWindowEmit}, read from the node's printed {@code emit=[...]}), a {@code ChangelogNormalize}, a
 *       non-window group aggregation, a
 *       non-window Top-N ({@code Rank}, {@code SortLimit}), a deduplication keeping the last row, or the first row
 *       under mini-batch ({@code RankUtil#outputInsertOnlyInDeduplicate}; the plan has a {@code MiniBatchAssigner}
 *       then); an outer or anti join
 *       (a regular one or a {@code MultiJoin} with an outer input); an OVER aggregate ordered by a column that is no
 *       time attribute (Flink 2.3 plans it, with updates);
 *   <li>inserts only, whatever they read: window aggregations (a group window without early or late firing), Top-Ns
 *       and deduplications, window joins, OVER
 *       aggregates ordered by time, interval joins, sorts, {@code MATCH_RECOGNIZE};
 *   <li>a temporal join: what its left (probe) input emits, whatever the versioned table's changes;
 *   <li>every other operator (a {@code Calc}, an {@code Exchange}, a {@code Limit}, a window table function, an
 *       inner or semi join, a lookup join, a union, a first-row deduplication): updates where an input does.
 * </ul>
 */
public final class UpdateStreams {

    private UpdateStreams() {}

    private static final Set<String> UPDATING = Set.of(
            "ChangelogNormalize", "GroupAggregate", "GlobalGroupAggregate", "IncrementalGroupAggregate",
            "GroupTableAggregate", "Rank", "SortLimit");

    private static final Set<String> INSERTS_ONLY = Set.of(
            "IntervalJoin", "WindowJoin", "WindowAggregate", "GlobalWindowAggregate", "LocalWindowAggregate",
            "GroupWindowAggregate", "WindowRank", "WindowDeduplicate", "TemporalSort", "Sort", "Match");

    /** True where {@code node} of {@code plan} emits updates: Flink's answer where the plan has it, else derived (above). */
    public static boolean emitsUpdates(ExplainedPlan plan, PlanNode node) {
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
        if (node.is("TableSourceScan") && updatingScan(plan, node)) {
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
        Optional<ChangelogMode> mode = plan.changelogMode(node);
        if (mode.isPresent()) {
            return !mode.get().containsOnly(RowKind.INSERT);
        }
        String name = node.name();
        if (name.equals("TableSourceScan")) {
            return ChangelogSources.updating(node.tableOptions());
        }
        if (UPDATING.contains(name) || GroupWindowEmit.emitsUpdates(plan, node)) {
            return true;
        }
        if (INSERTS_ONLY.contains(name)) {
            return false;
        }
        if (name.equals("OverAggregate")) {
            // Ordered by a time attribute: inserts only; by any other column (Flink 2.3): every change.
            return plan.operators(Operator.OverAggregate.class).stream()
                    .anyMatch(o -> o.node() == node && o.orderedByTimeAttribute().equals(Optional.of(false)));
        }
        if (name.equals("TemporalJoin")) {
            // FlinkChangelogModeInferenceProgram: "forward left input changes".
            List<PlanNode> inputs = plan.inputs(node);
            return !inputs.isEmpty() && emitsUpdates(plan, inputs.get(0), seen, depth + 1);
        }
        if (name.equals("Deduplicate")) {
            boolean lastRow = plan.operators(Operator.Deduplicate.class).stream()
                    .anyMatch(d -> d.node() == node && d.keepLastRow());
            if (lastRow || plan.nodes().stream().anyMatch(n -> n.is("MiniBatchAssigner"))) {
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

    /** True for a source scan that emits updates: as its source said, else by its connector or format. */
    private static boolean updatingScan(ExplainedPlan plan, PlanNode scan) {
        return plan.changelogMode(scan).map(m -> !m.containsOnly(RowKind.INSERT))
                .orElseGet(() -> ChangelogSources.updating(scan.tableOptions()));
    }
}
