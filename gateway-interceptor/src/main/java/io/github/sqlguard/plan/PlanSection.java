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
        // Walks to the lines it needs instead of splitting the whole section for every finding.
        int from = Math.max(0, node.line() - contextLines);
        int to = node.line() + contextLines;
        StringBuilder out = new StringBuilder();
        int start = 0;
        for (int i = 0; i <= to && start <= text.length(); i++) {
            int end = text.indexOf('\n', start);
            if (end < 0) {
                end = text.length();
            }
            if (i >= from) {
                out.append(i == node.line() ? "==> " : "    ").append(text, start, end).append('\n');
            }
            start = end + 1;
        }
        return out.toString().stripTrailing();
    }
}
