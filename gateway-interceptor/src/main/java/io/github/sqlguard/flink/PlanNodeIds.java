package io.github.sqlguard.flink;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.flink.table.api.TableException;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * The ids of a compiled plan's nodes ({@code GroupAggregate[4]}, {@code Rank[5]}) as the guard reads
 * them. Flink numbers a plan's nodes from a counter of the JVM ({@code ExecNodeContext#newNodeId}, a
 * static {@code AtomicInteger} of {@code org.apache.flink.table.planner.plan.nodes.exec.ExecNodeContext},
 * the same in Flink 1.20 and 2.3) that every planning of the JVM moves on, in the order the planning
 * creates its nodes ({@code ExecNodeGraphGenerator}, inputs before the nodes they feed), so the same
 * statement's nodes get other numbers after anything else was planned.
 *
 * <p>An owner of plannings (lint's engines, each linting its own scripts, several at a time) can number
 * its plans as if it planned alone ({@link #owned()}): each compiled plan it reads gets the ids that
 * follow the owner's last one, in the order Flink numbered its nodes ({@link Numbering#numbered}), and its
 * edges follow. The order of a plan's ids is the order one planning thread created its nodes, whatever
 * other threads planned meanwhile, so the ids do not depend on what ran beside the owner or before it, and
 * no lock holds one owner's planning while another's runs. Flink's own counter is left alone: plans
 * already built keep their ids; Flink never compares ids of different plans. The gateway keeps Flink's
 * own numbering ({@link Numbering#JVM}): its sessions plan concurrently and nothing restarts the counter.
 * A plan explained as text (no compiled plan) is numbered by the guard's {@code PlanParser} and moves no
 * owner's count.
 */
public final class PlanNodeIds {

    private static final ObjectMapper JSON = new ObjectMapper();

    private PlanNodeIds() {}

    /** How a compiled plan's node ids are read: as Flink numbered them, or on from an owner's last id. */
    public interface Numbering {

        /** Flink's own numbering: the JVM's counter, moved on by every planning of the JVM (the gateway's). */
        Numbering JVM = new Numbering() {
            @Override
            public String numbered(String compiledPlanJson) {
                return compiledPlanJson;
            }

            /** Nothing: the JVM's counter is no owner's to restart. */
            @Override
            public void restart() {}
        };

        /**
         * {@code compiledPlanJson}, the JSON Flink writes of a compiled plan ({@code
         * InternalPlan#asJsonString}), with this numbering's node ids.
         */
        String numbered(String compiledPlanJson);

        /** The next plan's first node is {@code 1}, as in a fresh JVM; only while none of this numbering's plannings runs. */
        void restart();
    }

    /**
     * A numbering of its own: its plans' nodes are numbered on from its own last id, as if nothing else
     * planned in the JVM, whatever other owners plan at the same time. One owner reads its plans one at
     * a time (lint's engine plans one statement at a time).
     */
    public static Numbering owned() {
        return new Owned();
    }

    /** One owner's count, see {@link #owned()}. */
    private static final class Owned implements Numbering {

        /** The owner's last id. */
        private int last;

        @Override
        public synchronized String numbered(String compiledPlanJson) {
            JsonNode plan = read(compiledPlanJson);
            TreeSet<Integer> flinks = new TreeSet<>();
            for (JsonNode node : plan.path("nodes")) {
                flinks.add(node.path("id").asInt());
            }
            Map<Integer, Integer> ours = new HashMap<>();
            for (int id : flinks) {
                ours.put(id, ++last);
            }
            return renumbered(plan, ours);
        }

        @Override
        public synchronized void restart() {
            last = 0;
        }
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
