package io.github.sqlguard.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * One section of an EXPLAIN result, such as {@code == Optimized Execution Plan ==}: the printed
 * text and its parsed trees. A statement set or a plan with several sinks prints one tree per sink,
 * so a section has one or more {@code roots}.
 */
public record PlanSection(String title, String text, List<PlanNode> roots) {

    public PlanSection {
        roots = List.copyOf(roots);
    }

    /** Every node of every tree, parents before children. */
    public List<PlanNode> nodes() {
        List<PlanNode> all = new ArrayList<>();
        for (PlanNode root : roots) {
            root.visit(all::add);
        }
        return all;
    }

    /** Every node named {@code operatorName}. */
    public List<PlanNode> nodes(String operatorName) {
        return nodes().stream().filter(n -> n.is(operatorName)).toList();
    }

    /** Number of nodes in this section. */
    public int size() {
        return nodes().size();
    }

    /**
     * The section text with {@code node}'s line marked by {@code "==>"} and at most {@code
     * contextLines} lines around it; used in findings to show where in the plan the problem is.
     */
    public String excerpt(PlanNode node, int contextLines) {
        String[] lines = text.split("\n", -1);
        int from = Math.max(0, node.line() - contextLines);
        int to = Math.min(lines.length - 1, node.line() + contextLines);
        StringBuilder out = new StringBuilder();
        for (int i = from; i <= to; i++) {
            out.append(i == node.line() ? "==> " : "    ").append(lines[i]).append('\n');
        }
        return out.toString().stripTrailing();
    }
}
