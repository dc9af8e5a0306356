package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.BoundedJoinSide;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.OperatorState;
import io.github.sqlguard.plan.PipelineTtls;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.StatefulOperators;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.plan.UpdateStreams;
import io.github.sqlguard.statement.ParsedStatement.TableReference;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Stateful operators of one pipeline whose state expires at different times in a rewrite's plan
 * (a {@code Rank} at 1 d over a {@code Join} a hint keeps 90 d), for the {@code changes:} line of a
 * rewrite that sets a TTL. A state TTL forgets a key in each operator on its own ({@code
 * StateTtlConfig} per state, Flink docs "Idle State Retention Time"): when the key returns after the
 * shorter TTL, the operator that forgot it starts the key anew while the other still holds it, so
 * rows already emitted downstream are emitted again (duplicates), or an update arrives for a row the
 * downstream operator no longer has. Read from the compiled plan's state entries.
 *
 * <p>Not said of a join's side read once held with no TTL ({@link BoundedJoinSide}, a {@code '0'} the rewrite or the
 * user pins) under an operator whose TTL is its streaming side's, where the join emits inserts only ({@link
 * UpdateStreams#emitsUpdates}: an inner join of inputs that insert): the bounded source is read once, so no row of that
 * side arrives after the read to be joined again, and each output row is made once, when a row of the streaming side
 * (held at the same TTL as the operator above) meets the rows read; a key the operator above forgot then starts anew
 * with rows never emitted before, which its own clause says ("an idle key's result is forgotten and starts anew"):
 * nothing is emitted twice, and nothing arrives to update a row it no longer has (cases 980 and 983 said duplicates of
 * such a join). Where the join emits updates (an outer join keeping the side read once retracts the row it padded with
 * nulls when a match arrives), a forgotten key does receive them, and it is said.
 */
final class TtlMix {

    /** Pairs named at most: the first few say what it is. */
    private static final int MAX_PAIRS = 3;

    private TtlMix() {}

    /**
     * {@code "; ..."} naming the operators over an input that expires at another time, each by what it keeps and for
     * how long ({@code the GroupAggregate keeps its state under a TTL of 1 d, over the Join of orders with customers,
     * which keeps the rows of customers with no TTL (never expires) and those of orders under a TTL of 1 d}); empty when
     * none does. Each operator's TTL is said once: a pair whose upper operator is the lower one of the pair before it
     * goes on from it ({@code the Rank ... 1 d, over the GroupAggregate, which ... (never expires), over the
     * GroupAggregate, which ... 1 d}), and an operator already said is named alone (issue 30 §1: case 1145 said the
     * middle aggregation's "no TTL (never expires)" twice, lint 32 the join's 2 h twice).
     */
    static String changes(Optional<ExplainedPlan> plan, List<TableReference> references) {
        if (plan.isEmpty() || !plan.get().compiled()) {
            return "";
        }
        ExplainedPlan p = plan.get();
        List<String> pairs = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        Set<Integer> said = new HashSet<>(); // the operators whose every state's TTL is said
        int links = 0;
        Optional<Integer> last = Optional.empty(); // the lower operator of the pair said last
        for (PlanNode node : p.nodes()) {
            if (!stateful(node)) {
                continue;
            }
            List<PlanNode> inputs = p.inputs(node);
            for (int input = 0; input < inputs.size(); input++) {
                // Each input against the state that keeps its rows: a join's side hinted 4 d over an aggregation
                // at 4 d is one TTL, whatever the other side keeps (PipelineTtls).
                List<OperatorState> above = PipelineTtls.statesOf(node, input);
                for (PlanNode below : statefulBelow(p, inputs.get(input))) {
                    if (ttls(above).equals(ttls(expiring(p, below))) || !seen.add(node.id() + "/" + input + "/" + below.id())
                            || links >= MAX_PAIRS) {
                        continue;
                    }
                    links++;
                    String lower = said.contains(below.id()) ? named(p, below, references) : keptBelow(p, below, references);
                    if (last.equals(Optional.of(node.id())) && !pairs.isEmpty()) {
                        // Goes on from the pair before, which said this operator's TTLs as its lower one.
                        pairs.set(pairs.size() - 1, pairs.get(pairs.size() - 1) + (perInput(node)
                                ? ", " + rowsOf(p, node, input, references) + " coming from " + lower
                                : ", over " + lower));
                    } else {
                        String upper = said.contains(node.id())
                                ? (perInput(node) ? rowsOf(p, node, input, references) + " in " : "") + named(p, node, references)
                                : keeps(p, node, input, above, references);
                        pairs.add(upper + ", over " + lower);
                    }
                    if (!perInput(node)) {
                        said.add(node.id());
                    }
                    said.add(below.id());
                    last = Optional.of(below.id());
                }
            }
        }
        if (pairs.isEmpty()) {
            return "";
        }
        return "; operators of one pipeline expire at different times (" + String.join("; ", pairs) + "): a key that"
                + " returns after the shorter TTL is started anew by the operator that forgot it while the other still"
                + " holds it, so rows already emitted can be emitted again (duplicates downstream) or updated where"
                + " the next operator no longer has them";
    }

    /**
     * What {@code node} keeps of its input {@code input} under {@code states}: {@code the Join of orders with shipments
     * keeps the rows of orders under a TTL of 1 d} where it keeps one state per input (a regular join), else {@code the
     * GroupAggregate keeps its state with no TTL (never expires)}.
     */
    private static String keeps(ExplainedPlan plan, PlanNode node, int input, List<OperatorState> states,
            List<TableReference> references) {
        if (!perInput(node)) {
            return named(plan, node, references) + " keeps its state " + ttlWords(states);
        }
        return named(plan, node, references) + " keeps " + rowsOf(plan, node, input, references) + " " + ttlWords(states);
    }

    /** {@code node}, an operator below another, by what it keeps: per input where its inputs' TTLs differ. */
    private static String keptBelow(ExplainedPlan plan, PlanNode node, List<TableReference> references) {
        if (!perInput(node) || node.inputs().size() != 2 || ttls(PipelineTtls.statesOf(node, 0))
                .equals(ttls(PipelineTtls.statesOf(node, 1)))) {
            return named(plan, node, references) + ", which keeps its state " + ttlWords(node.state());
        }
        // The input whose rows never expire first: what the pair is about.
        int first = PipelineTtls.statesOf(node, 1).stream().anyMatch(s -> s.ttl().isZero()) ? 1 : 0;
        return named(plan, node, references) + ", which keeps " + rowsOf(plan, node, first, references) + " "
                + ttlWords(PipelineTtls.statesOf(node, first)) + " and " + rowsOf(plan, node, 1 - first, references).replaceFirst(
                        "^the rows of ", "those of ") + " " + ttlWords(PipelineTtls.statesOf(node, 1 - first));
    }

    /**
     * {@code node} of {@code plan}, an operator a rewrite leaves as it was, named so that two alike are told apart and
     * with each of its states' TTL as the compiled plan gives it: {@code the GroupAggregate (url) over page_views} (with
     * no TTL at all, which the caller's "still reported" says); {@code the Join of payments with orders, which keeps the rows of
     * orders with no TTL (never expires) and those of payments under a TTL of 1 d} (issue 30 §1: "it leaves the
     * GroupAggregate (url) with no TTL" named neither of case 1158's two aggregations, and "the Join with no TTL" was
     * said of case 1157's join, whose hint keeps payments 1 d). A one-input operator is named by its keys ({@code
     * keys}, the finding's) and the tables its input reads. With {@code byId}, by its plan node too ({@code the
     * Join[3] of orders with customers}, as the findings' nodes print it), where another such operator reads the same.
     */
    static String held(ExplainedPlan plan, PlanNode node, List<String> keys, List<TableReference> references,
            boolean byId) {
        String held;
        if (perInput(node) && plan.inputs(node).size() == 2) {
            held = keptBelow(plan, node, references);
        } else {
            List<PlanNode> inputs = plan.inputs(node);
            String read = inputs.size() == 1 ? tables(plan, inputs.get(0)) : "";
            // Still reported with no TTL at all is what "still reported" says already (and the pipeline clause may have
            // said it: case 1145); a TTL it keeps for some of its states is said.
            String ttl = ttlWords(node.state());
            held = named(plan, node, references) + (keys.isEmpty() ? "" : " (" + String.join(", ", keys) + ")")
                    + (read.isEmpty() ? "" : " over " + read)
                    + (ttl.equals(NO_TTL) ? "" : ", which keeps its state " + ttl);
        }
        return byId ? held.replaceFirst(java.util.regex.Pattern.quote("the " + node.name()),
                java.util.regex.Matcher.quoteReplacement("the " + node.label())) : held;
    }

    /**
     * The states of {@code node} whose TTL decides when it emits a row again: all of them, but for a join that emits
     * inserts only, not the state of its side read once (see the class comment): those rows are joined only with the
     * later rows of the streaming side, whose state is the one that counts.
     */
    private static List<OperatorState> expiring(ExplainedPlan plan, PlanNode node) {
        Optional<BoundedJoinSide> once = plan.operators(Operator.Join.class).stream()
                .filter(join -> join.node().id() == node.id())
                .flatMap(join -> BoundedJoinSide.of(join, plan).stream())
                .findFirst();
        if (once.isEmpty() || !perInput(node) || node.state().size() != 2 || UpdateStreams.emitsUpdates(plan, node)) {
            return node.state();
        }
        return List.of(node.state().get(once.get().streaming()));
    }

    /** True where {@code node} keeps one state per input (a regular join's left and right state). */
    private static boolean perInput(PlanNode node) {
        return node.inputs().size() > 1 && node.state().size() == node.inputs().size();
    }

    /**
     * An operator by the tables its inputs read, as a user knows them: {@code the Join of orders with customers} (each
     * input's tables, {@link ExplainedPlan#tablesRead}); {@code the GroupAggregate} for a one-input operator, or where
     * an input reads no named table; a SEMI or ANTI join by its type, its right input the subquery's ({@code the ANTI
     * Join of orders with the subquery over orders}). Where both inputs read the same tables (a self-join), each by
     * the statement's alias ({@link #sides}: {@code the Join of orders AS a with orders AS b}), else {@code the Join of
     * orders with itself}.
     */
    private static String named(ExplainedPlan plan, PlanNode node, List<TableReference> references) {
        List<PlanNode> inputs = plan.inputs(node);
        if (inputs.size() != 2) {
            return "the " + node.name();
        }
        String left = tables(plan, inputs.get(0));
        String right = tables(plan, inputs.get(1));
        if (left.isEmpty() || right.isEmpty()) {
            return "the " + kind(plan, node) + node.name();
        }
        if (!kind(plan, node).isEmpty()) {
            return "the " + kind(plan, node) + node.name() + " of " + left + " with the subquery over " + right;
        }
        if (!left.equals(right)) {
            return "the " + node.name() + " of " + left + " with " + right;
        }
        return sides(plan, left, references).map(s -> "the " + node.name() + " of " + s.get(0) + " with " + s.get(1))
                .orElse("the " + node.name() + " of " + left + " with itself");
    }

    /** {@code SEMI } or {@code ANTI } for such a join (an IN or EXISTS subquery, its right input), else empty. */
    private static String kind(ExplainedPlan plan, PlanNode node) {
        return plan.operators(Operator.Join.class).stream().filter(j -> j.node().id() == node.id())
                .map(Operator.Join::joinType).filter(t -> t.equals("SEMI") || t.equals("ANTI")).findFirst()
                .map(t -> t + " ").orElse("");
    }

    /**
     * The rows of input {@code input} of {@code node}: {@code the rows of customers}, {@code the rows of orders AS b} (a
     * self-join's side by its alias), {@code the rows of the subquery over orders} (a SEMI or ANTI join's right input),
     * or {@code its right input's rows}.
     */
    private static String rowsOf(ExplainedPlan plan, PlanNode node, int input, List<TableReference> references) {
        List<PlanNode> inputs = plan.inputs(node);
        String tables = input < inputs.size() ? tables(plan, inputs.get(input)) : "";
        if (tables.isEmpty()) {
            return inputs.size() == 2 ? "its " + (input == 0 ? "left" : "right") + " input's rows"
                    : "the rows of its input " + (input + 1);
        }
        if (inputs.size() == 2 && !kind(plan, node).isEmpty()) {
            return input == 1 ? "the rows of the subquery over " + tables : "the rows of " + tables;
        }
        if (inputs.size() == 2 && tables.equals(tables(plan, inputs.get(1 - input)))) {
            return sides(plan, tables, references).map(s -> "the rows of " + s.get(input))
                    .orElse("its " + (input == 0 ? "left" : "right") + " input's rows (" + tables + ")");
        }
        return "the rows of " + tables;
    }

    /**
     * A self-join's two sides as the statement names them, in order ({@code [orders AS a, orders AS b]}): where the plan
     * has one join and the statement reads {@code table} twice, under two aliases, taken in the order of its {@code FROM}
     * as the rules' messages take them ({@code StatementNames#joinSide}: Flink plans a join's inputs in that order and
     * reorders joins only with {@code table.optimizer.join-reorder-enabled}, off by default). Empty otherwise: the sides
     * are then told apart as left and right.
     */
    private static Optional<List<String>> sides(ExplainedPlan plan, String table, List<TableReference> references) {
        List<TableReference> named = references.stream().filter(r -> r.name().equals(table)).toList();
        long joins = plan.nodes().stream().filter(n -> n.name().equals("Join")).count();
        if (joins != 1 || named.size() != 2 || named.stream().anyMatch(r -> r.alias().isEmpty())
                || named.get(0).alias().equals(named.get(1).alias())) {
            return Optional.empty();
        }
        return Optional.of(named.stream().map(r -> table + " AS " + r.alias()).toList());
    }

    /** The named tables {@code node} reads, joined for a sentence: {@code orders}, {@code orders and customers}. */
    private static String tables(ExplainedPlan plan, PlanNode node) {
        List<String> names = plan.tablesRead(node).stream().map(t -> t.getObjectName()).distinct().toList();
        if (names.size() <= 1) {
            return names.isEmpty() ? "" : names.get(0);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }

    private static final String NO_TTL = "with no TTL (never expires)";

    /**
     * {@code with no TTL (never expires)}, {@code under a TTL of 1 d}, {@code under TTLs of 12 h and 2 d}. No states at
     * all is an operator whose compiled plan carries no state metadata: an OVER aggregate, which takes the session's TTL
     * only ({@code StreamExecOverAggregate} has no {@code StateMetadata}); {@link #held} is asked of operators still
     * reported, so it has none (case 1033).
     */
    private static String ttlWords(List<OperatorState> states) {
        Set<Duration> ttls = ttls(states);
        if (ttls.isEmpty()) {
            return NO_TTL;
        }
        if (ttls.size() == 1) {
            Duration ttl = ttls.iterator().next();
            return ttl.isZero() ? NO_TTL : "under a TTL of " + StateTtl.format(ttl);
        }
        List<String> out = new ArrayList<>();
        for (Duration ttl : ttls) {
            out.add(ttl.isZero() ? "0 (never expires)" : StateTtl.format(ttl));
        }
        return "under TTLs of " + String.join(", ", out.subList(0, out.size() - 1)) + " and " + out.get(out.size() - 1);
    }

    static boolean stateful(PlanNode node) {
        return StatefulOperators.isStateful(node) && !node.state().isEmpty();
    }

    /** The nearest stateful operators below {@code node}, through stateless ones. */
    static List<PlanNode> statefulInputs(ExplainedPlan plan, PlanNode node) {
        List<PlanNode> out = new ArrayList<>();
        for (PlanNode input : plan.inputs(node)) {
            out.addAll(statefulBelow(plan, input));
        }
        return out;
    }

    /** {@code top} where it is stateful, else the nearest stateful operators below it, through stateless ones. */
    private static List<PlanNode> statefulBelow(ExplainedPlan plan, PlanNode top) {
        return plan.below(top, node -> !stateful(node)).stream().filter(TtlMix::stateful).toList();
    }

    /** The states' TTLs, to compare: two operators expire alike where theirs are the same. */
    private static Set<Duration> ttls(List<OperatorState> states) {
        Set<Duration> ttls = new TreeSet<>();
        for (OperatorState state : states) {
            ttls.add(state.ttl());
        }
        return ttls;
    }
}
