package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.BoundedJoinSide;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.OperatorState;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.rules.StateTtl;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a rewrite means to put into the plan, which its proof checks in the plan model: an operator
 * by Flink's name ({@code WindowRank}, {@code Deduplicate}, {@code GroupAggregate}, ...), and
 * where the rewrite sets a state TTL, that TTL on every state of that operator in the compiled plan (but the state of a
 * join's side read once, where the rewrite keeps its rows: that state must have TTL 0 ms, no TTL).
 *
 * @param operators at least one node of one of these names must be in the plan; empty for a
 *     statement that is not planned (a {@code SET}, a DDL)
 * @param ttl the state TTL each such node's state must have (from the compiled plan), if any
 * @param boundedBelow where the nodes may keep TTLs of their own (the user's hint values): each such
 *     node's every state must expire, at a TTL above 0 and at most this one ({@code
 *     sql-guard.max-state-ttl}); if any
 * @param readOnceKept true where a {@code Join}'s side read once keeps its rows without the TTL ({@link
 *     BoundedJoinSide}, read in the plan checked): per join, its streaming side's state must have the TTL, and its
 *     side read once's 0 ms (the compiled plan's {@code StateMetadata} of each input), which a pin of {@code '0'} or no
 *     TTL at all gives it
 * @param existsLeft true where the aggregations of an {@code EXISTS} or {@code NOT EXISTS} subquery keep their TTL:
 *     those below the right input of a SEMI or ANTI join (where Flink plans the subquery) are not checked, since Flink
 *     drops a {@code STATE_TTL} hint written on the subquery's SELECT and no SELECT writes the one-row aggregation it
 *     builds for an uncorrelated one ({@code StatefulWithoutTtlRule#existsAggregate}, case 873); a finding of one of
 *     them is still reported in the rewrite's plan, which its proof rejects ({@code Prover#stillReported})
 * @param pinsKept the states a user's {@code STATE_TTL} hint pins to never expire ({@link ExplainedPlan#pinnedByHint}),
 *     by node id, that the rewrite keeps as the user wrote them: another operator's pin, not the finding's (issue 30 §1,
 *     case 1145); each must still have TTL 0 ms, and is not held to {@code ttl}. A rewrite that changes only hints or
 *     the session's TTL plans the same operators in the same order, so the original plan's ids name the rewrite's nodes
 * @param only where the rewrite changes one SELECT's hint alone, the nodes that hint reaches ({@link HintBlocks}), by
 *     id: only those are held to {@code ttl} or {@code boundedBelow}, and the others of the same name keep what the
 *     user wrote (issue 30 §1: change only what the finding is about); empty where every such node is held
 * @param insertsIntoSink true where the rewrite ends with {@code ON CONFLICT DO DEDUPLICATE} for a query meant to write
 *     inserts only ({@link Candidate#deduplicatingOnConflict}): its sink must plan no upsert materializer, which it
 *     plans over updating rows ({@code Sink(..., upsertMaterialize=[true])}) and which keeps every row of a key
 */
record Intent(List<String> operators, Optional<Duration> ttl, Optional<Duration> boundedBelow, boolean readOnceKept,
        boolean existsLeft, Map<Integer, Set<String>> pinsKept, Optional<Set<Integer>> only, boolean insertsIntoSink) {

    /** The operator name that stands for "any plan at all". */
    static final String ANY = "*";

    Intent {
        operators = List.copyOf(operators);
        pinsKept = Map.copyOf(pinsKept);
        only = only.map(Set::copyOf);
    }

    /** A statement with no plan to check (configuration, DDL). */
    static final Intent NO_PLAN = new Intent(List.of(), Optional.empty(), Optional.empty(), false, false, Map.of(), Optional.empty(), false);

    /** Any plan: the statement plans. */
    static final Intent PLANS = new Intent(List.of(ANY), Optional.empty(), Optional.empty(), false, false, Map.of(), Optional.empty(), false);

    /** One of {@code operators} in the plan. */
    static Intent operator(String... operators) {
        return new Intent(List.of(operators), Optional.empty(), Optional.empty(), false, false, Map.of(), Optional.empty(), false);
    }

    /** One of {@code operators} in the plan, each of them with state TTL {@code ttl}. */
    static Intent operatorTtl(Duration ttl, String... operators) {
        return new Intent(List.of(operators), Optional.of(ttl), Optional.empty(), false, false, Map.of(), Optional.empty(), false);
    }

    /** One of {@code operators} in the plan, each of them with every state expiring within {@code max}. */
    static Intent operatorBounded(Duration max, String... operators) {
        return new Intent(List.of(operators), Optional.empty(), Optional.of(max), false, false, Map.of(), Optional.empty(), false);
    }

    /** This intent, but where a join's side is read once: that side's state keeps its rows, with TTL 0 ms. */
    Intent keepingReadOnce() {
        return new Intent(operators, ttl, boundedBelow, true, existsLeft, pinsKept, only, insertsIntoSink);
    }

    /** This intent, but leaving the aggregations of {@code EXISTS} subqueries as they are ({@link #existsLeft}). */
    Intent leavingExistsSubqueries() {
        return new Intent(operators, ttl, boundedBelow, readOnceKept, true, pinsKept, only, insertsIntoSink);
    }

    /** This intent, but keeping the user's pins {@code pins} ({@link #pinsKept}). */
    Intent keepingPins(Map<Integer, Set<String>> pins) {
        return new Intent(operators, ttl, boundedBelow, readOnceKept, existsLeft, pins, only, insertsIntoSink);
    }

    /** This intent, but holding only the nodes {@code nodes} to its TTL ({@link #only}). */
    Intent onlyOn(Set<Integer> nodes) {
        return new Intent(operators, ttl, boundedBelow, readOnceKept, existsLeft, pinsKept, Optional.of(nodes), insertsIntoSink);
    }

    /** This intent, but with only inserts reaching the sink: no upsert materializer before it ({@link #insertsIntoSink}). */
    Intent insertingIntoSink() {
        return new Intent(operators, ttl, boundedBelow, readOnceKept, existsLeft, pinsKept, only, true);
    }

    /**
     * True when {@code state}, of {@code node} in {@code plan}, a node this intent names, does not have the state TTL it
     * asks for (the same test as {@link #violation}); false when this intent asks for no TTL.
     */
    boolean unmet(ExplainedPlan plan, PlanNode node, OperatorState state) {
        if (kept(node, state)) {
            return !state.ttl().isZero();
        }
        if (only.isPresent() && !only.get().contains(node.id())) {
            return false;
        }
        if (readOnceKept && readOnce(plan, node, state)) {
            return !state.ttl().isZero();
        }
        if (boundedBelow.isPresent()) {
            return StateTtl.neverExpires(state.ttl(), boundedBelow.get());
        }
        return ttl.isPresent() && !state.ttl().equals(ttl.get());
    }

    /** Why {@code plan} does not show this intent; empty when it does. */
    Optional<String> violation(Optional<ExplainedPlan> plan) {
        if (operators.isEmpty()) {
            return Optional.empty();
        }
        if (plan.isEmpty()) {
            return Optional.of("it did not plan");
        }
        if (operators.contains(ANY)) {
            return Optional.empty();
        }
        List<PlanNode> intended = plan.get().nodes().stream().filter(n -> operators.contains(n.name())).toList();
        if (intended.isEmpty()) {
            return Optional.of("its plan has no " + String.join(" or ", operators));
        }
        if (insertsIntoSink) {
            Optional<Operator.Sink> materializing = plan.get().operators(Operator.Sink.class).stream()
                    .filter(Operator.Sink::upsertMaterialize).findFirst();
            if (materializing.isPresent()) {
                return Optional.of(materializing.get().node().label() + " plans an upsert materializer: the rows that reach"
                        + " it update, and ON CONFLICT DO DEDUPLICATE keeps every row of a key there");
            }
        }
        if (ttl.isEmpty() && boundedBelow.isEmpty()) {
            return Optional.empty();
        }
        if (!plan.get().compiled()) {
            return Optional.of("Flink gave no compiled plan, so the state TTL of " + intended.get(0).label()
                    + " is not known");
        }
        for (PlanNode node : intended) {
            if (existsLeft && node.name().contains("GroupAggregate") && belowSemiOrAntiRight(plan.get(), node)) {
                continue;
            }
            for (OperatorState state : node.state()) {
                if (kept(node, state)) {
                    if (!state.ttl().isZero()) {
                        return Optional.of(node.label() + "'s " + state.name() + ", which your STATE_TTL hint pins to never"
                                + " expire, has a TTL of " + StateTtl.format(state.ttl()) + ", not 0 ms: the pin was not kept");
                    }
                    continue;
                }
                if (only.isPresent() && !only.get().contains(node.id())) {
                    continue; // another SELECT's operator, which the rewrite leaves as the user wrote it
                }
                if (readOnceKept && readOnce(plan.get(), node, state)) {
                    // The side read once must keep its rows: a pin that does not reach it (a hint key that names no
                    // input there, a SET that reaches a side no hint names) would expire them, for good.
                    if (!state.ttl().isZero()) {
                        return Optional.of(node.label() + "'s " + state.name() + ", the state of its side read once, has a TTL"
                                + " of " + StateTtl.format(state.ttl()) + ", not 0 ms: the rows read once would expire");
                    }
                    continue;
                }
                if (boundedBelow.isPresent()) {
                    if (unmet(plan.get(), node, state)) {
                        return Optional.of(node.label() + "'s " + state.name() + " has a TTL of " + StateTtl.format(state.ttl())
                                + ", which never expires in practice");
                    }
                    continue;
                }
                if (!state.ttl().equals(ttl.get())) {
                    return Optional.of(node.label() + "'s " + state.name() + " has a TTL of " + StateTtl.format(state.ttl())
                            + ", not " + StateTtl.format(ttl.get()));
                }
            }
        }
        return Optional.empty();
    }

    /** True when {@code state} of {@code node} is a user's pin the rewrite keeps ({@link #pinsKept}). */
    private boolean kept(PlanNode node, OperatorState state) {
        return pinsKept.getOrDefault(node.id(), Set.of()).contains(state.name());
    }

    /** True when {@code node} is the right input of a SEMI or ANTI join of {@code plan}, or below one. */
    private static boolean belowSemiOrAntiRight(ExplainedPlan plan, PlanNode node) {
        for (Operator.Join join : plan.operators(Operator.Join.class)) {
            List<PlanNode> inputs = plan.inputs(join.node());
            if ((join.joinType().equals("SEMI") || join.joinType().equals("ANTI")) && inputs.size() == 2
                    && below(plan, node, inputs.get(1), 0)) {
                return true;
            }
        }
        return false;
    }

    private static boolean below(ExplainedPlan plan, PlanNode node, PlanNode ancestor, int depth) {
        if (ancestor.id() == node.id()) {
            return true;
        }
        for (PlanNode input : plan.inputs(ancestor)) {
            if (depth < 256 && below(plan, node, input, depth + 1)) {
                return true;
            }
        }
        return false;
    }

    /** True when {@code state} is the state of {@code node}'s side read once, {@code node} a join of {@code plan}. */
    private static boolean readOnce(ExplainedPlan plan, PlanNode node, OperatorState state) {
        return plan.operators(Operator.Join.class).stream()
                .filter(join -> join.node().id() == node.id())
                .flatMap(join -> BoundedJoinSide.of(join, plan).stream())
                .anyMatch(side -> !side.streamingState().equals(state.name()));
    }
}
