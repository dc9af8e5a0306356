package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.PlanNode;

import org.apache.flink.table.catalog.ObjectIdentifier;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * What names one operator of a statement's plan in the plan of a rewrite of it, where its id does not (each planning
 * numbers its nodes anew) and its printed line may not (a join's keys print as its inputs name them, and a window
 * rewrite renames them; two aggregations grouped by the same names print alike): the operator, the tables it reads and
 * which input it is of each operator of several inputs above it. A rewrite changes what it is about and keeps the rest
 * of the plan: an aggregation of {@code refunds} on a join's right side is that one in both plans, whatever its key's
 * name, and is not the aggregation of {@code orders} on the left that prints as it does.
 *
 * @param operator the node's operator, as the plan names it ({@link PlanNode#name()}: {@code GroupAggregate})
 * @param tables the catalog tables it reads, directly or through its inputs ({@link ExplainedPlan#tablesRead}: the
 *     tables of the scans and lookup joins below it), each once, sorted; a table the proof planned under a scratch name
 *     ({@link TableChange}) under the user's name
 * @param sides from the plan's root down to the node, the input it is under at each node of several inputs (a join's
 *     0 for its left input, 1 for its right), in order
 */
record OperatorIdentity(String operator, List<String> tables, List<Integer> sides) {

    /** The deepest plan the walk from the roots reads, as {@link ExplainedPlan#sources} stops. */
    private static final int DEPTH = 256;

    OperatorIdentity {
        tables = List.copyOf(tables);
        sides = List.copyOf(sides);
    }

    /** The identity of the node {@code id} of {@code plan}; empty where the plan has no such node. */
    static Optional<OperatorIdentity> of(ExplainedPlan plan, int id) {
        return of(plan, id, List.of());
    }

    /**
     * The identity of the node {@code id} of {@code plan}, a rewrite's plan planned with {@code changed} tables under
     * their scratch names, which it names by the user's names; empty where the plan has no such node.
     */
    static Optional<OperatorIdentity> of(ExplainedPlan plan, int id, List<TableChange> changed) {
        Optional<PlanNode> node = plan.node(id);
        if (node.isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> userNames = new HashMap<>();
        for (TableChange change : changed) {
            List<String> table = change.table();
            if (table.size() == 3) {
                userNames.put(
                        ObjectIdentifier.of(table.get(0), table.get(1), change.scratchName()).asSummaryString(),
                        ObjectIdentifier.of(table.get(0), table.get(1), table.get(2)).asSummaryString());
            }
        }
        TreeSet<String> tables = new TreeSet<>();
        for (ObjectIdentifier table : plan.tablesRead(node.get())) {
            String name = table.asSummaryString();
            tables.add(userNames.getOrDefault(name, name));
        }
        return Optional.of(new OperatorIdentity(node.get().name(), List.copyOf(tables), sides(plan, id)));
    }

    /** The same operator reading the same tables, on whichever side ({@link #sides}). */
    boolean sameOperator(OperatorIdentity other) {
        return operator.equals(other.operator) && tables.equals(other.tables);
    }

    /**
     * The inputs taken at each node of several inputs from the first root (in drawing order) that reaches the node
     * {@code id}, down to it: the first path found, depth first, in input order; empty where no root reaches it within
     * {@value #DEPTH} nodes.
     */
    private static List<Integer> sides(ExplainedPlan plan, int id) {
        record At(PlanNode node, List<Integer> sides, int depth) {}
        Deque<At> pending = new ArrayDeque<>();
        List<PlanNode> roots = plan.roots();
        for (int r = roots.size() - 1; r >= 0; r--) {
            pending.push(new At(roots.get(r), List.of(), 0));
        }
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        while (!pending.isEmpty()) {
            At at = pending.pop();
            if (at.node().id() == id) {
                return at.sides();
            }
            // A node that two parents share (a sub-plan reused by a statement set) is read down once, by the first path.
            if (!seen.add(at.node().id()) || at.depth() >= DEPTH) {
                continue;
            }
            List<PlanNode> inputs = plan.inputs(at.node());
            for (int i = inputs.size() - 1; i >= 0; i--) {
                List<Integer> sides = at.sides();
                if (inputs.size() > 1) {
                    sides = new ArrayList<>(sides);
                    sides.add(i);
                }
                pending.push(new At(inputs.get(i), sides, at.depth() + 1));
            }
        }
        return List.of();
    }
}
