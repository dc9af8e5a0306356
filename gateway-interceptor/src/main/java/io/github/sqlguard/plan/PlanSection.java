package io.github.sqlguard.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * One section of an EXPLAIN result, such as {@code == Optimized Execution Plan ==}: the printed
 * text and its parsed trees. A statement set or a plan with several sinks prints one tree per sink,
 * so a section has one or more {@code roots}.
 *
 * <p>Build it with {@link #PlanSection(String, String, List)}: {@code nodes} and {@code lines} are
 * derived from {@code roots} and {@code text} once, there, so that every rule reading the section
 * shares them instead of walking the trees or the text again.
 *
 * @param title the section's title, e.g. {@code Optimized Execution Plan}
 * @param text the section's printed lines, {@code '\n'}-separated; {@link PlanNode#line()} indexes them
 * @param roots one tree per sink, in printed order
 * @param nodes every node of every tree, parents before children (derived from {@code roots})
 * @param lines where each line of {@code text} starts (derived from {@code text}), for excerpts
 */
public record PlanSection(String title, String text, List<PlanNode> roots, List<PlanNode> nodes, LineIndex lines) {

    public PlanSection {
        roots = List.copyOf(roots);
        nodes = List.copyOf(nodes);
    }

    /** The section of {@code text} with these trees; its node list and line index are derived here. */
    public PlanSection(String title, String text, List<PlanNode> roots) {
        this(title, text, roots, allNodes(roots), LineIndex.of(text));
    }

    private static List<PlanNode> allNodes(List<PlanNode> roots) {
        List<PlanNode> all = new ArrayList<>();
        for (PlanNode root : roots) {
            root.visit(all::add);
        }
        return all;
    }

    /** Every node named {@code operatorName}, parents before children. */
    public List<PlanNode> nodes(String operatorName) {
        return nodes.stream().filter(n -> n.is(operatorName)).toList();
    }

    /** Number of nodes in this section. */
    public int size() {
        return nodes.size();
    }

    /**
     * The section text with {@code node}'s line marked by {@code "==>"} and at most {@code
     * contextLines} lines around it; used in findings to show where in the plan the problem is.
     * Reads only the lines it shows ({@link #lines}), so its cost does not grow with the plan.
     */
    public String excerpt(PlanNode node, int contextLines) {
        int from = Math.max(0, node.line() - contextLines);
        int to = Math.min(lines.lines() - 1, node.line() + contextLines);
        int size = 0;
        for (int i = from; i <= to; i++) {
            size += 5 + lines.end(i) - lines.start(i);
        }
        StringBuilder out = new StringBuilder(size);
        for (int i = from; i <= to; i++) {
            out.append(i == node.line() ? "==> " : "    ").append(text, lines.start(i), lines.end(i)).append('\n');
        }
        // What stripTrailing() would leave, without copying the excerpt once more.
        int end = out.length();
        while (end > 0 && Character.isWhitespace(out.charAt(end - 1))) {
            end--;
        }
        out.setLength(end);
        return out.toString();
    }
}
