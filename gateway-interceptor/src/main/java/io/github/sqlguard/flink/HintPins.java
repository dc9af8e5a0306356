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
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The joins and group aggregations a {@code STATE_TTL} hint pins to never expire ({@code '0'}): the user's own
 * choice, which a {@code SET 'table.exec.state.ttl'} does not reach. Flink's {@code StateMetadata} gives a hinted
 * operator the hint's TTL in place of the session's, so the compiled plan tells a pin from the session's TTL where
 * the session has one (an operator at 0 under a session TTL above 0). Under a session without TTL a pinned
 * operator and an unpinned one both read 0: where the statement or a view it reads has a {@code STATE_TTL} hint,
 * the statement is compiled once more with the planning's own table environment under a TTL, and an operator that
 * keeps 0 there is pinned (its node ids are the statement's, numbered as the judged plan is).
 */
final class HintPins {

    /** The session TTL of the second compilation: any TTL above 0 that no hint writes tells a pin apart. */
    private static final Duration PROBE = Duration.ofDays(1);

    private static final Logger LOG = LoggerFactory.getLogger(HintPins.class);

    private HintPins() {}

    /** {@code plan} with the nodes a hint pins to never expire ({@link ExplainedPlan#pinnedByHint}). */
    static ExplainedPlan read(
            ExplainedPlan plan, TableEnvironmentInternal tEnv, List<ModifyOperation> sinks, String statementBody,
            CompiledPlanReader reader) {
        Set<Integer> atZero = atZero(plan);
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
            probed = reader.read(PlanNodeIds.perStatement(StatementJobs.compilePlan(tEnv, sinks).asJsonString()));
        } catch (RuntimeException e) {
            // The statement compiled once already: a second compilation that fails says nothing of the statement,
            // whose plan is judged as it is, its pins unsaid (the finding then reads as under the session's TTL).
            LOG.debug("Could not compile the statement again under a state TTL to tell its STATE_TTL pins apart.", e);
            return plan;
        } finally {
            tEnv.getConfig().set(ExecutionConfigOptions.IDLE_STATE_RETENTION, session);
        }
        Set<Integer> pinned = new HashSet<>();
        for (int id : atZero) {
            Optional<PlanNode> same = probed.node(id).filter(n -> n.name().equals(plan.node(id).orElseThrow().name()));
            if (same.isPresent() && same.get().state().stream().map(OperatorState::ttl).anyMatch(Duration::isZero)) {
                pinned.add(id);
            }
        }
        return pinned.isEmpty() ? plan : plan.withPinnedByHint(pinned);
    }

    /** The joins and group aggregations with a state of TTL 0 in {@code plan}. */
    private static Set<Integer> atZero(ExplainedPlan plan) {
        Set<Integer> ids = new HashSet<>();
        if (!plan.compiled()) {
            return ids;
        }
        for (PlanNode node : plan.nodes()) {
            if (StatefulOperators.HINTABLE.contains(node.name())
                    && node.state().stream().map(OperatorState::ttl).anyMatch(Duration::isZero)) {
                ids.add(node.id());
            }
        }
        return ids;
    }
}
