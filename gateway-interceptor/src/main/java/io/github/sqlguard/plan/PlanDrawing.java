package io.github.sqlguard.plan;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The plan drawn as Flink prints its execution plan ({@code ExecNodePlanDumper}), each node with
 * its id: one tree per root, a node's inputs under it after {@code ":- "} (an input before the
 * last) or {@code "+- "} (the last input), an empty line between trees. A node the plan reaches by
 * more than one path (a reused source) is drawn, with its inputs, where it is met first, and as
 * {@code Reused(Calc[5])} everywhere else, as Flink prints a reused node once.
 *
 * <p>Only the shape is kept (for each line its node, its parent line and whether it is its
 * parent's last input); the text of a line is made when an {@link #excerpt} shows it, so the cost
 * of an excerpt does not grow with the plan. Immutable and thread-safe.
 */
final class PlanDrawing {

    /** Per line: the node drawn there, or null for the empty line between trees. */
    private final PlanNode[] nodeAt;
    /** Per line: the line of the node's parent, -1 for a root or a separator. */
    private final int[] parentOf;
    /** Per line: whether the node is its parent's last input. */
    private final boolean[] last;
    /** Per line: whether the node was drawn above and is only referred to here. */
    private final boolean[] reused;
    /** Per line: how many ancestors the line has (0 for a root). */
    private final int[] depthOf;
    /** For each node, by id, the line it is drawn on. */
    private final Map<Integer, Integer> lineOf;
    /** The nodes drawn, each once, in the order of their lines. */
    private final List<PlanNode> nodes;

    /** Number of lines (the arrays may be longer). */
    private final int lines;

    private PlanDrawing(Lines lines, Map<Integer, Integer> lineOf, List<PlanNode> nodes) {
        this.nodeAt = lines.nodeAt;
        this.parentOf = lines.parentOf;
        this.last = lines.last;
        this.reused = lines.reused;
        this.depthOf = lines.depthOf;
        this.lines = lines.size;
        this.lineOf = lineOf;
        this.nodes = nodes;
    }

    /** The drawing of the trees under {@code roots}; {@code byId} holds every node they reach. */
    static PlanDrawing of(Map<Integer, PlanNode> byId, List<Integer> roots) {
        Lines lines = new Lines(byId.size() + roots.size() + 1);
        Map<Integer, Integer> lineOf = new HashMap<>((int) (byId.size() / 0.75f) + 1);
        PlanNode[] drawn = new PlanNode[byId.size()];
        int count = 0;
        // Depth first, inputs in order: a stack of (node id, parent line, last input) triples.
        int[] stack = new int[3 * 16];
        for (Integer root : roots) {
            if (lineOf.containsKey(root) || !byId.containsKey(root)) {
                continue;
            }
            if (lines.size > 0) {
                lines.add(null, -1, false, false);
            }
            int top = 0;
            stack[top++] = root;
            stack[top++] = -1;
            stack[top++] = 1;
            while (top > 0) {
                top -= 3;
                PlanNode node = byId.get(stack[top]);
                if (node == null) {
                    continue;
                }
                boolean drawnAbove = lineOf.containsKey(node.id());
                int line = lines.add(node, stack[top + 1], stack[top + 2] == 1, drawnAbove);
                if (drawnAbove) {
                    continue;
                }
                lineOf.put(node.id(), line);
                drawn[count++] = node;
                List<Integer> inputs = node.inputs();
                if (top + 3 * inputs.size() > stack.length) {
                    stack = Arrays.copyOf(stack, Math.max(stack.length * 2, top + 3 * inputs.size()));
                }
                for (int i = inputs.size() - 1; i >= 0; i--) {
                    stack[top++] = inputs.get(i);
                    stack[top++] = line;
                    stack[top++] = i == inputs.size() - 1 ? 1 : 0;
                }
            }
        }
        return new PlanDrawing(lines, lineOf, List.of(Arrays.copyOf(drawn, count)));
    }

    /** The nodes in the order they are drawn, each once: parents before their inputs. */
    List<PlanNode> nodes() {
        return nodes;
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
        int to = Math.min(lines - 1, at + context);
        StringBuilder out = new StringBuilder(width(from, to) + 5 * (to - from + 1));
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
        StringBuilder out = new StringBuilder(width(0, lines - 1) + lines);
        for (int line = 0; line < lines; line++) {
            if (line > 0) {
                out.append('\n');
            }
            appendLine(out, line);
        }
        return out.toString();
    }

    /** About the characters lines {@code from..to} take: their descriptions and tree prefixes. */
    private int width(int from, int to) {
        int width = 0;
        for (int line = from; line <= to; line++) {
            if (nodeAt[line] != null) {
                width += nodeAt[line].description().length() + 12 + 3 * depth(line);
            }
        }
        return width;
    }

    private int depth(int line) {
        return depthOf[line];
    }

    private void appendLine(StringBuilder out, int line) {
        PlanNode node = nodeAt[line];
        if (node == null) {
            return;
        }
        appendColumns(out, parentOf[line]);
        if (parentOf[line] >= 0) {
            out.append(last[line] ? "+- " : ":- ");
        }
        if (reused[line]) {
            out.append("Reused(").append(node.label()).append(')');
        } else {
            appendNode(out, node);
        }
    }

    /** A run of spaces the tree prefixes are cut from. */
    private static final String SPACES = " ".repeat(96);

    /**
     * What hangs from the ancestors' columns left of a line whose parent is on {@code parentLine}:
     * three characters per ancestor below the root, {@code ":  "} where that ancestor has inputs
     * after it, else spaces.
     */
    private void appendColumns(StringBuilder out, int parentLine) {
        if (parentLine < 0 || depthOf[parentLine] == 0) {
            return;
        }
        int start = out.length();
        for (int left = 3 * depthOf[parentLine]; left > 0; left -= SPACES.length()) {
            out.append(SPACES, 0, Math.min(left, SPACES.length()));
        }
        int at = start + 3 * depthOf[parentLine];
        for (int line = parentLine; line >= 0 && parentOf[line] >= 0; line = parentOf[line]) {
            at -= 3;
            if (!last[line]) {
                out.setCharAt(at, ':');
            }
        }
    }

    /** {@code Rank[5](strategy=[...], ...)}: the description with the node's id after its name, on one line. */
    private static void appendNode(StringBuilder out, PlanNode node) {
        String description = node.description();
        out.append(node.name()).append('[').append(node.id()).append(']');
        if (description.startsWith(node.name())) {
            appendOneLine(out, description, node.name().length());
        } else if (!description.isEmpty()) {
            out.append(' ');
            appendOneLine(out, description, 0);
        }
    }

    /** {@code text} from {@code from}, each line break a space. */
    private static void appendOneLine(StringBuilder out, String text, int from) {
        int start = from;
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029') {
                out.append(text, start, i).append(' ');
                start = i + 1;
            }
        }
        out.append(text, start, text.length());
    }

    /** The lines drawn so far, in growing arrays. */
    private static final class Lines {
        PlanNode[] nodeAt;
        int[] parentOf;
        boolean[] last;
        boolean[] reused;
        int[] depthOf;
        int size;

        Lines(int capacity) {
            nodeAt = new PlanNode[capacity];
            parentOf = new int[capacity];
            last = new boolean[capacity];
            reused = new boolean[capacity];
            depthOf = new int[capacity];
        }

        /** Adds a line; its index. */
        int add(PlanNode node, int parent, boolean lastInput, boolean drawnAbove) {
            if (size == nodeAt.length) {
                int grown = nodeAt.length * 2;
                nodeAt = Arrays.copyOf(nodeAt, grown);
                parentOf = Arrays.copyOf(parentOf, grown);
                last = Arrays.copyOf(last, grown);
                reused = Arrays.copyOf(reused, grown);
                depthOf = Arrays.copyOf(depthOf, grown);
            }
            depthOf[size] = parent < 0 ? 0 : depthOf[parent] + 1;
            nodeAt[size] = node;
            parentOf[size] = parent;
            last[size] = lastInput;
            reused[size] = drawnAbove;
            return size++;
        }
    }
}
