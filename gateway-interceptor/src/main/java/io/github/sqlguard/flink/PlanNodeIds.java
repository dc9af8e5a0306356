package io.github.sqlguard.flink;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.flink.table.api.TableException;

import java.io.IOException;
import java.util.Map;

/**
 * The ids of a compiled plan's nodes ({@code GroupAggregate[4]}, {@code Rank[5]}) as the guard reads
 * and shows them: one numbering for every output of one statement (the gateway's refusal, its {@code
 * EXPLAIN}, an advisory, the audit, the {@code Restores:} line, lint's text and JSON), the plan's nodes
 * numbered 1..n in the plan's own node order ({@link #perStatement}).
 *
 * <p>Flink numbers a plan's nodes from a counter of the JVM ({@code ExecNodeContext#newNodeId}, a static
 * {@code AtomicInteger} of {@code org.apache.flink.table.planner.plan.nodes.exec.ExecNodeContext}, the
 * same in Flink 1.20 and 2.3) that every planning of the JVM moves on, and writes those ids into a
 * compiled plan's JSON unchanged ({@code JsonPlanGraph#fromExecNodeGraph}): the same statement's nodes
 * get other numbers after anything else was planned ({@code Rank[171]} on a gateway that planned for a
 * while, {@code Rank[5]} in a fresh JVM). Flink's own {@code EXPLAIN} prints no ids; the ids a user sees
 * from Flink are those in the job's operator names ({@code ExecNodeBase#createFormattedTransformationName}:
 * {@code Rank[5]} in the Web UI, and in a 2.x savepoint's operator names), and the job the guard runs in
 * place of a statement's text is translated from its plan numbered 1..n in node order ({@link
 * StatementUids}). So the guard numbers every plan it reads that way: a finding's node is the operator of
 * that name in the running job, whatever the gateway or lint planned before or beside it. Stateless, so
 * concurrent sessions and lint's engines need no lock or count of their own. A plan explained as text
 * (no compiled plan) is numbered by the guard's {@code PlanParser}, also from 1 per statement.
 */
public final class PlanNodeIds {

    private static final ObjectMapper JSON = new ObjectMapper();

    private PlanNodeIds() {}

    /**
     * {@code compiledPlanJson}, the JSON Flink writes of a compiled plan ({@code InternalPlan#asJsonString}),
     * with its nodes numbered 1..n in their order and its edges following them: the ids of the job the guard
     * runs from it ({@link StatementUids#inNodeOrder}).
     */
    public static String perStatement(String compiledPlanJson) {
        return StatementUids.inNodeOrder(compiledPlanJson);
    }

    /**
     * {@code plan} with each node's id {@code numbers.get(id)} and its edges following, as JSON; shared
     * with {@link StatementUids}, which numbers a plan 1..n in its node order.
     */
    static String renumbered(JsonNode plan, Map<Integer, Integer> numbers) {
        try {
            for (JsonNode node : plan.path("nodes")) {
                ((ObjectNode) node).put("id", numbers.get(node.path("id").asInt()));
            }
            for (JsonNode edge : plan.path("edges")) {
                ((ObjectNode) edge).put("source", renumber(numbers, edge.path("source")));
                ((ObjectNode) edge).put("target", renumber(numbers, edge.path("target")));
            }
            return JSON.writeValueAsString(plan);
        } catch (IOException | ClassCastException e) {
            throw new TableException("the compiled plan is not the JSON Flink writes", e);
        }
    }

    static JsonNode read(String compiledPlanJson) {
        try {
            return JSON.readTree(compiledPlanJson);
        } catch (IOException e) {
            throw new TableException("the compiled plan is not the JSON Flink writes", e);
        }
    }

    private static int renumber(Map<Integer, Integer> numbers, JsonNode id) {
        Integer to = numbers.get(id.asInt());
        if (to == null) {
            throw new TableException("an edge of the compiled plan names node " + id + ", which it does not have");
        }
        return to;
    }
}
