package io.github.sqlguard.observe;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Maps a job's vertices back to the judged plan's stateful operators.
 *
 * <p>Flink names each operator of a SQL job after its ExecNode: {@code GroupAggregate[4]}, its
 * simplified name and node id ({@code ExecNodeBase#createFormattedTransformationName} with {@code
 * table.exec.simplify-operator-name-enabled}, default true). Operators chained into one task form
 * one job vertex, whose name lists them joined by {@code " -> "} ({@code
 * StreamingJobGraphGenerator#createChainedName}, with {@code (a, b)} where the chain forks).
 *
 * <ul>
 *   <li>A job that runs the judged compiled plan ({@code execution} {@code judged-plan}) keeps that
 *       plan's node ids, so each {@code [id]} in a vertex name is a plan node ({@code node-id}).
 *   <li>A job planned again from its text has node ids of that other planning: an operator is
 *       mapped by its name when the plan has one stateful operator of that name and the job one
 *       operator of it ({@code operator-name}); otherwise it is not mapped.
 * </ul>
 *
 * Checkpoint sizes are per vertex. A vertex with one stateful plan operator gives that operator its
 * size (the chain's stateless operators keep none; a source's offsets are counted with it); a
 * vertex that chains several stateful operators gives its size to the chain as a whole: one entry
 * naming them all, and a finding on any of them reads that entry.
 */
public final class VertexMapping {

    /** An operator name in a vertex name: {@code GroupAggregate[4]}, {@code Sink: out[6]}'s id. */
    private static final Pattern OPERATOR = Pattern.compile("([A-Za-z][A-Za-z0-9]*)?\\[(\\d+)]");

    private VertexMapping() {}

    /**
     * One job vertex that holds stateful plan operators.
     *
     * @param vertexId Flink's {@code JobVertexID}
     * @param vertexName the vertex's name
     * @param operators the stateful plan operators chained in it, in chain order
     * @param mappedBy {@code node-id} or {@code operator-name}
     */
    public record MappedVertex(String vertexId, String vertexName, List<PlannedOperator> operators, String mappedBy) {

        public MappedVertex {
            operators = List.copyOf(operators);
        }

        /** The entry's name: the operator's label, or the chain's labels joined by {@code " + "}. */
        public String label() {
            return String.join(" + ", operators.stream().map(PlannedOperator::label).toList());
        }

        public boolean holds(PlannedOperator operator) {
            return operators.contains(operator);
        }
    }

    /**
     * The vertices of {@code vertices} (id to name, in the job's order) that hold an operator of
     * {@code stateful}.
     *
     * @param byNodeId true when the job runs the judged plan (its operators carry each operator's {@code jobNodeId})
     */
    public static List<MappedVertex> map(Map<String, String> vertices, List<PlannedOperator> stateful, boolean byNodeId) {
        Map<Integer, PlannedOperator> byId = new LinkedHashMap<>();
        Map<String, List<PlannedOperator>> byName = new LinkedHashMap<>();
        for (PlannedOperator operator : stateful) {
            byId.put(operator.jobNodeId(), operator);
            byName.computeIfAbsent(operator.name(), k -> new ArrayList<>()).add(operator);
        }
        Map<String, Integer> namesInJob = new LinkedHashMap<>();
        if (!byNodeId) {
            for (String name : vertices.values()) {
                for (String[] op : operators(name)) {
                    namesInJob.merge(op[0], 1, Integer::sum);
                }
            }
        }
        List<MappedVertex> mapped = new ArrayList<>();
        for (Map.Entry<String, String> vertex : vertices.entrySet()) {
            List<PlannedOperator> held = new ArrayList<>();
            for (String[] op : operators(vertex.getValue())) {
                PlannedOperator operator = null;
                if (byNodeId) {
                    operator = byId.get(Integer.parseInt(op[1]));
                } else if (byName.getOrDefault(op[0], List.of()).size() == 1 && namesInJob.getOrDefault(op[0], 0) == 1) {
                    operator = byName.get(op[0]).get(0);
                }
                if (operator != null && !held.contains(operator)) {
                    held.add(operator);
                }
            }
            if (!held.isEmpty()) {
                mapped.add(new MappedVertex(vertex.getKey(), vertex.getValue(), held, byNodeId ? "node-id" : "operator-name"));
            }
        }
        return mapped;
    }

    /** The operators a vertex name lists: each its name ({@code ""} when none precedes the id) and id. */
    static List<String[]> operators(String vertexName) {
        List<String[]> found = new ArrayList<>();
        Matcher m = OPERATOR.matcher(vertexName);
        while (m.find()) {
            found.add(new String[] {m.group(1) == null ? "" : m.group(1), m.group(2)});
        }
        return found;
    }
}
