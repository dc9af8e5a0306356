package io.github.sqlguard.plan;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The plan drawn as Flink prints its execution plan ({@code ExecNodePlanDumper}), each node with
 * its id: one tree per root, a node's inputs under it after {@code ":- "} (an input before the
 * last) or {@code "+- "} (the last input), an empty line between trees. A node every node of the
 * plan reaches by more than one path (a reused source) is drawn, with its inputs, where it is met
 * first, and as {@code Reused(Calc[5])} everywhere else, as Flink prints a reused node once.
 *
 * <p>Only the shape is kept (for each line its node, its parent line and whether it is its
 * parent's last input); the text of a line is made when an {@link #excerpt} shows it, so the cost
 * of an excerpt does not grow with the plan. Immutable and thread-safe.
 */
final class PlanDrawing {

    private static final int SEPARATOR = -1;

    private final Map<Integer, PlanNode> byId;
    /** Per line: the node drawn there, or {@link #SEPARATOR} for the empty line between trees. */
    private final int[] nodeOf;
    /** Per line: the line of the node's parent, -1 for a root or a separator. */
    private final int[] parentOf;
    /** Per line: whether the node is its parent's last input. */
    private final boolean[] last;
    /** Per line: whether the node was drawn above and is only referred to here. */
    private final boolean[] reused;
    /** For each node, the line it is drawn on. */
    private final Map<Integer, Integer> lineOf;

    private PlanDrawing(Map<Integer, PlanNode> byId, int[] nodeOf, int[] parentOf, boolean[] last, boolean[] reused,
            Map<Integer, Integer> lineOf) {
        this.byId = byId;
        this.nodeOf = nodeOf;
        this.parentOf = parentOf;
        this.last = last;
        this.reused = reused;
        this.lineOf = lineOf;
    }

    /** The drawing of the trees under {@code roots}; {@code byId} holds every node they reach. */
    static PlanDrawing of(Map<Integer, PlanNode> byId, List<Integer> roots) {
        int capacity = byId.size() + roots.size() + 1;
        int[] nodeOf = new int[capacity];
        int[] parentOf = new int[capacity];
        boolean[] last = new boolean[capacity];
        boolean[] reused = new boolean[capacity];
        Map<Integer, Integer> lineOf = new HashMap<>(byId.size() * 2);
        int lines = 0;
        // Depth first, inputs in order: a stack of (node, parent line, last input) entries.
        Deque<int[]> stack = new ArrayDeque<>();
        for (int r = 0; r < roots.size(); r++) {
            if (lineOf.containsKey(roots.get(r))) {
                continue;
            }
            if (lines > 0) {
                if (lines + 1 > nodeOf.length) {
                    int grown = nodeOf.length * 2;
                    nodeOf = Arrays.copyOf(nodeOf, grown);
                    parentOf = Arrays.copyOf(parentOf, grown);
                    last = Arrays.copyOf(last, grown);
                    reused = Arrays.copyOf(reused, grown);
                }
                nodeOf[lines] = SEPARATOR;
                parentOf[lines] = -1;
                lines++;
            }
            stack.push(new int[] {roots.get(r), -1, 1});
            while (!stack.isEmpty()) {
                int[] entry = stack.pop();
                int id = entry[0];
                if (lines + 1 > nodeOf.length) {
                    int grown = nodeOf.length * 2;
                    nodeOf = Arrays.copyOf(nodeOf, grown);
                    parentOf = Arrays.copyOf(parentOf, grown);
                    last = Arrays.copyOf(last, grown);
                    reused = Arrays.copyOf(reused, grown);
                }
                int line = lines++;
                nodeOf[line] = id;
                parentOf[line] = entry[1];
                last[line] = entry[2] == 1;
                if (lineOf.containsKey(id)) {
                    reused[line] = true;
                    continue;
                }
                lineOf.put(id, line);
                PlanNode node = byId.get(id);
                List<Integer> inputs = node == null ? List.of() : node.inputs();
                for (int i = inputs.size() - 1; i >= 0; i--) {
                    stack.push(new int[] {inputs.get(i), line, i == inputs.size() - 1 ? 1 : 0});
                }
            }
        }
        return new PlanDrawing(byId, Arrays.copyOf(nodeOf, lines), Arrays.copyOf(parentOf, lines),
                Arrays.copyOf(last, lines), Arrays.copyOf(reused, lines), lineOf);
    }

    /** The nodes in the order they are drawn, each once: parents before their inputs. */
    List<PlanNode> nodes() {
        PlanNode[] ordered = new PlanNode[lineOf.size()];
        int n = 0;
        for (int line = 0; line < nodeOf.length; line++) {
            if (nodeOf[line] != SEPARATOR && !reused[line] && byId.containsKey(nodeOf[line])) {
                ordered[n++] = byId.get(nodeOf[line]);
            }
        }
        return List.of(Arrays.copyOf(ordered, n));
    }

    /** Number of lines. */
    int lines() {
        return nodeOf.length;
    }

    /**
     * The lines around {@code node}'s, at most {@code context} on each side, its own marked by
     * {@code "==> "} and the others indented by four spaces to match; empty when the node is not in
     * the plan.
     */
    String excerpt(PlanNode node, int context) {
        Integer at = lineOf.get(node.id());
        if (at == null) {
            return "";
        }
        int from = Math.max(0, at - context);
        int to = Math.min(nodeOf.length - 1, at + context);
        StringBuilder out = new StringBuilder();
        for (int line = from; line <= to; line++) {
            out.append(line == at ? "==> " : "    ");
            appendLine(out, line);
            out.append('\n');
        }
        int end = out.length();
        while (end > 0 && Character.isWhitespace(out.charAt(end - 1))) {
            end--;
        }
        out.setLength(end);
        return out.toString();
    }

    /** The whole drawing, one line per node reached, {@code '\n'}-separated. */
    String text() {
        StringBuilder out = new StringBuilder();
        for (int line = 0; line < nodeOf.length; line++) {
            if (line > 0) {
                out.append('\n');
            }
            appendLine(out, line);
        }
        return out.toString();
    }

    private void appendLine(StringBuilder out, int line) {
        int id = nodeOf[line];
        if (id == SEPARATOR) {
            return;
        }
        appendColumns(out, parentOf[line]);
        if (parentOf[line] >= 0) {
            out.append(last[line] ? "+- " : ":- ");
        }
        PlanNode node = byId.get(id);
        if (node == null) {
            out.append("Unknown[").append(id).append(']');
        } else if (reused[line]) {
            out.append("Reused(").append(node.label()).append(')');
        } else {
            appendNode(out, node);
        }
    }

    /** What hangs from the ancestors' columns left of a line whose parent is on {@code parentLine}. */
    private void appendColumns(StringBuilder out, int parentLine) {
        int depth = 0;
        for (int line = parentLine; line >= 0 && parentOf[line] >= 0; line = parentOf[line]) {
            depth++;
        }
        int start = out.length();
        out.setLength(start + 3 * depth);
        int at = start + 3 * depth;
        for (int line = parentLine; line >= 0 && parentOf[line] >= 0; line = parentOf[line]) {
            at -= 3;
            String column = last[line] ? "   " : ":  ";
            for (int i = 0; i < 3; i++) {
                out.setCharAt(at + i, column.charAt(i));
            }
        }
    }

    /** {@code Rank[5](strategy=[...], ...)}: the description with the node's id after its name, on one line. */
    private static void appendNode(StringBuilder out, PlanNode node) {
        String description = node.description();
        out.append(node.label());
        if (description.startsWith(node.name())) {
            appendOneLine(out, description, node.name().length());
        } else if (!description.isEmpty()) {
            out.append(' ');
            appendOneLine(out, description, 0);
        }
    }

    private static void appendOneLine(StringBuilder out, String text, int from) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            out.append(c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029' ? ' ' : c);
        }
    }
}
