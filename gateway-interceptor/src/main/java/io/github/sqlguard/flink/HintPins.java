package io.github.sqlguard.flink;

import io.github.sqlguard.plan.CompiledPlanReader;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.OperatorState;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.StatefulOperators;

import org.apache.flink.table.api.config.ExecutionConfigOptions;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.operations.ModifyOperation;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The states of the joins and group aggregations a {@code STATE_TTL} hint pins to never expire ({@code '0'}): the
 * user's own choice, which a {@code SET 'table.exec.state.ttl'} does not reach. Flink's {@code StateMetadata} gives
 * a hinted operator the hint's TTL in place of the session's, so the compiled plan tells a pin from the session's
 * TTL where the session has one (a state at 0 under a session TTL above 0). Under a session without TTL a pinned
 * state and an unpinned one both read 0: where the statement or a view it reads has a {@code STATE_TTL} hint, the
 * statement is compiled once more with the planning's own table environment under a TTL, and a state that keeps 0
 * there is pinned (its node ids are the statement's, numbered as the judged plan is). A join's two states are told
 * apart by name ({@code leftState}, {@code rightState}): its hint may pin one side and leave the other to the
 * session.
 */
final class HintPins {

    /** The session TTL of the second compilation: any TTL above 0 that no hint writes tells a pin apart. */
    private static final Duration PROBE = Duration.ofDays(1);

    private static final Logger LOG = LoggerFactory.getLogger(HintPins.class);

    private HintPins() {}

    /** {@code plan} with the states a hint pins to never expire ({@link ExplainedPlan#pinnedByHint}). */
    static ExplainedPlan read(
            ExplainedPlan plan, TableEnvironmentInternal tEnv, List<ModifyOperation> sinks, String statementBody,
            CompiledPlanReader reader, PlannerRuns runs) {
        Map<Integer, Set<String>> atZero = atZero(plan);
        if (atZero.isEmpty()) {
            return plan;
        }
        Duration session = tEnv.getConfig().get(ExecutionConfigOptions.IDLE_STATE_RETENTION);
        if (!session.isZero()) {
            return plan.withPinnedByHint(atZero);
        }
        if (plan.viewHints().isEmpty() && !statementBody.toUpperCase(Locale.ROOT).contains("STATE_TTL")) {
            return plan;
        }
        ExplainedPlan probed;
        try {
            tEnv.getConfig().set(ExecutionConfigOptions.IDLE_STATE_RETENTION, PROBE);
            runs.optimize();
            probed = reader.read(PlanNodeIds.perStatement(StatementJobs.compilePlan(tEnv, sinks).asJsonString()));
        } catch (RuntimeException e) {
            // The statement compiled once already: a second compilation that fails says nothing of the statement,
            // whose plan is judged as it is, its pins unsaid (the finding then reads as under the session's TTL).
            LOG.debug("Could not compile the statement again under a state TTL to tell its STATE_TTL pins apart.", e);
            return plan;
        } finally {
            tEnv.getConfig().set(ExecutionConfigOptions.IDLE_STATE_RETENTION, session);
        }
        Map<Integer, Set<String>> pinned = new HashMap<>();
        atZero.forEach((id, states) -> {
            Optional<PlanNode> same = probed.node(id).filter(n -> n.name().equals(plan.node(id).orElseThrow().name()));
            Set<String> kept = same.map(HintPins::statesAtZero).orElse(Set.of());
            kept.retainAll(states);
            if (!kept.isEmpty()) {
                pinned.put(id, kept);
            }
        });
        return pinned.isEmpty() ? plan : plan.withPinnedByHint(pinned);
    }

    /** The names of the states of TTL 0 of each join and group aggregation of {@code plan} that has one. */
    private static Map<Integer, Set<String>> atZero(ExplainedPlan plan) {
        Map<Integer, Set<String>> states = new HashMap<>();
        if (!plan.compiled()) {
            return states;
        }
        for (PlanNode node : plan.nodes()) {
            Set<String> zero = statesAtZero(node);
            if (StatefulOperators.HINTABLE.contains(node.name()) && !zero.isEmpty()) {
                states.put(node.id(), zero);
            }
        }
        return states;
    }

    private static Set<String> statesAtZero(PlanNode node) {
        Set<String> names = new HashSet<>();
        for (OperatorState state : node.state()) {
            if (state.ttl().isZero()) {
                names.add(state.name());
            }
        }
        return names;
    }
}
