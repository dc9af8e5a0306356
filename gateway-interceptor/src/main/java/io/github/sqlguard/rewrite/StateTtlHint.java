package io.github.sqlguard.rewrite;

import io.github.sqlguard.statement.HintInputName;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.StatefulOperators;
import io.github.sqlguard.plan.ViewReads;
import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.plan.StatefulWithoutTtlRule;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlHint;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code state-ttl-hint}, for {@code stateful-without-ttl} on a group aggregation or a regular
 * join: a per-operator {@code /*+ STATE_TTL('<input>' = '<sql-guard.rewrite.state-ttl>') *}{@code /}
 * on the block whose hint reaches the finding's operator, naming the block's inputs (Flink docs, "Query Hints":
 * {@code STATE_TTL} applies to the regular joins and group aggregations of its block). Which block that is, Flink
 * answers ({@link HintBlocks}: a marker TTL per block, read back from the compiled plan); the other blocks stay as the
 * user wrote them, hinted or not (issue 30 §1: change only what the finding is about), and the proof holds only that
 * block's operators to the TTL ({@link Intent#only}). Where Flink cannot say (one block, no compiled plan, the proofs'
 * budget spent), each block that aggregates or joins is hinted, as before. A {@code
 * STATE_TTL} hint already there keeps the user's values but those that never expire ({@code '0'}, or above {@code
 * sql-guard.max-state-ttl}). A {@code '0'} changes only where it pins the finding's own operator ({@link
 * ExplainedPlan#pinnedByHint}): a pin on another operator is that operator's choice, kept as written, and the proof
 * holds its state at 0 ms ({@link Intent#pinsKept}; issue 30 §1, case 1145). Only this statement's operators change,
 * unlike a {@code SET}. Proven when the finding's operator gets the TTL in the compiled plan (Flink 1.20 does not
 * match a hint to a table with a {@code WATERMARK}, and then it is not offered).
 * Where one side of a join is read once ({@link ReadOnce}: a source Flink translated as bounded), the hint on its
 * SELECT leaves that side out (a user's value for it stays; under a session TTL that expires, it names that side with
 * {@code '0'}), and the proof checks each join's streaming side at the TTL and that side at 0 ms ({@link
 * Intent#keepingReadOnce}): the rows read once never come again, and a TTL on them would leave the join matching
 * nothing from that side once it expired. What the hints do to the operators of the other kind in their blocks is said from the proof's plan ({@link
 * #reachedToo}).
 */
final class StateTtlHint extends ScopedFamily {

    /** What a hint alone leaves as it was: said only while no {@code SET} of the state TTL goes before the rewrite. */
    private static final String OTHERS_KEEP_SESSION_TTL = "; other operators and statements keep the session's TTL";

    /**
     * {@link #OTHERS_KEEP_SESSION_TTL} where the hints reach operators of the other kind too ({@link #reachedToo}): the
     * operators left are those no hint reaches.
     */
    private static final String UNREACHED_KEEP_SESSION_TTL = "; operators no hint reaches and statements keep the"
            + " session's TTL";

    /**
     * A {@code state-ttl-hint} candidate's {@code changes:} line as the facts it is said from ({@link ChangesLine}): what
     * the hints do to the finding's operator, what they do to the operators of the other kind in their blocks (known
     * from the proof's plan only, {@link #reachedToo}), whether a {@code SET} of the state TTL goes before the statement
     * ({@link Candidate#withSet}: then no operator keeps the session's TTL), and what is said after.
     *
     * @param own what the hints do to the finding's operator and the other blocks' joins
     * @param reached what they do to the operators of the other kind, from the proof's plan, each clause with its {@code
     *     ; }; empty where nothing or not yet known
     * @param underSet true where a {@code SET} of the state TTL goes before the statement
     * @param after what is said after, each clause with its {@code ; }, or empty
     */
    record HintLine(String own, Optional<String> reached, boolean underSet, String after) implements ChangesLine {

        @Override
        public String text() {
            return own + (underSet ? ""
                    : reached.map(r -> r + UNREACHED_KEEP_SESSION_TTL).orElse(OTHERS_KEEP_SESSION_TTL)) + after;
        }

        /**
         * A {@code SET} of the state TTL reaches every operator no hint names, in this statement and the session's later
         * ones: "other operators keep the session's TTL" is no longer said, and what the hints reach besides is said by
         * the {@code SET}'s own clause ({@code why}).
         */
        @Override
        public HintLine underSet(String key, String value, String why) {
            return key.equals(StateTtl.KEY) ? new HintLine(own, Optional.empty(), true, after + "; " + why)
                    : followedBy(why);
        }

        @Override
        public HintLine followedBy(String clause) {
            return new HintLine(own, reached, underSet, after + "; " + clause);
        }
    }

    static final String ID = "state-ttl-hint";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(StatefulWithoutTtlRule.ID),
            List.of("GroupAggregate", "GlobalGroupAggregate", "Join", "MultiJoin"),
            "a `STATE_TTL` hint naming its inputs on the block whose hint reaches the finding's operator (Flink's compiled plan says which, from a marker TTL per block; where it cannot, on each block that aggregates or joins), or, where a hint already there pins the finding's operator, its value that never expires changed; the other blocks and their pins stay as written: only this statement's operators get the TTL; a join side read once (a bounded source) is left without one, so that its rows stay to be matched");

    StateTtlHint() {
        super(DECLARATION);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        Optional<String> operator = finding.facts().operator();
        if (operator.isEmpty() || !StatefulOperators.HINT_REACHES.contains(operator.get())) {
            return List.of();
        }
        SqlNode tree = tree(scope);
        // Flink 2.x's MultiJoin takes the hint of its joining SELECT per input (StateTtlHint#getStateTtlFromHintOnMultiRel,
        // Flink 2.3.0: a hint naming the three inputs of case 943 gives input-state-0, -1 and -2 its three TTLs).
        boolean multiJoin = operator.get().equals("MultiJoin");
        boolean isJoin = operator.get().equals("Join") || multiJoin;
        if (Trees.selects(tree).stream().noneMatch(select -> isJoin ? Blocks.joins(select) : Blocks.aggregates(select))) {
            // The finding's operator is not this scope's: a join's finding over a view that only aggregates the view
            // that joins is answered in that view (case 712), not by a hint on the aggregation.
            return List.of();
        }
        ProposedTtl proposed = context.proposedStateTtl();
        Duration ttl = proposed.ttl();
        String value = proposed.value();
        List<String> hinted = new ArrayList<>();
        List<String> replaced = new ArrayList<>(); // the user's pins: values that never expire
        List<String> unreadable = new ArrayList<>(); // values Flink cannot read as a duration
        boolean keptOwn = false;
        boolean sessionNeverExpires =
                StateTtl.neverExpires(StateTtl.effective(context.request().config()), context.request().maxStateTtl());
        // The joins' sides read once, which keep their rows: each block's hint leaves them out, and keeps the user's
        // value for them; the finding's join, where its side read once is left out, is said as such.
        ReadOnce reads = ReadOnce.in(context);
        // The SELECT whose hint reaches the finding's operator, as Flink answers it (HintBlocks): only its hint changes,
        // and the other SELECTs stay as the user wrote them, pins and all (issue 30 §1: a hint on another block, or a
        // hint added to a block the finding is not about, changed what the finding was not about; cases 917, 1158).
        Optional<HintBlocks.Block> own = HintBlocks.of(finding, context, scope, this);
        List<SqlSelect> selects = Trees.selects(tree);
        java.util.function.Predicate<SqlSelect> ownBlock =
                select -> own.isEmpty() || selects.get(own.get().index()) == select;
        Optional<ReadOnce.Join> readOnce = operator.get().equals("Join") ? reads.join(finding, tree, ownBlock) : Optional.empty();
        boolean leftOut = false;
        List<String> dropped = new ArrayList<>(); // the user's TTLs on a side read once
        int droppedFrom = 0; // the hints they are dropped from
        List<Hinted> blocks = new ArrayList<>(); // each SELECT whose hint changed, with that hint
        // The user's pins ('0') are the finding's cause only where its own operator is pinned, or keeps a TTL that
        // never expires: else they are another operator's, and a rewrite that answers this finding keeps them as written (issue 30 §1: case 1145's hint rewrite for the aggregation below
        // replaced the '0' pinning the one above it). The proof then holds those states at 0 ms (Intent#pinsKept).
        Map<Integer, Set<String>> pinsKept = othersPins(finding, context);
        boolean keepPins = !pinsKept.isEmpty();
        Set<SqlSelect> exists = existsSelects(tree);
        for (int index = 0; index < selects.size(); index++) {
            SqlSelect select = selects.get(index);
            if (!hintable(select, exists) || own.isPresent() && own.get().index() != index) {
                continue;
            }
            Set<String> once = reads.inputs(select);
            leftOut |= !once.isEmpty();
            List<SqlHint> existing = Blocks.stateTtlHints(select);
            if (!existing.isEmpty()) {
                for (SqlHint hint : existing) {
                    // The user's own TTLs stay: only a value that never expires (0, or above
                    // sql-guard.max-state-ttl) or that Flink cannot read is the finding's, and changes.
                    SqlNodeList options = (SqlNodeList) hint.getOperandList().get(1);
                    boolean changed = false;
                    int droppedBefore = dropped.size();
                    List<String> named = new ArrayList<>();
                    for (int i = 1; i < options.size(); i += 2) {
                        SqlNode key = options.get(i - 1);
                        String name = key instanceof SqlLiteral k ? k.getValueAs(String.class)
                                : key instanceof org.apache.calcite.sql.SqlIdentifier id ? id.getSimple() : SqlTrees.unparse(key);
                        named.add(name);
                        String written = options.get(i) instanceof SqlLiteral literal ? literal.getValueAs(String.class) : null;
                        Optional<Duration> read = written == null ? Optional.empty() : StateTtl.parse(written);
                        boolean expires = read.isPresent() && !StateTtl.neverExpires(read.get(), context.request().maxStateTtl());
                        if (expires && once.contains(name)) {
                            // A TTL on a side read once expires its rows for good (ttl-expires-read-once-side, whose fix
                            // drops the key, as stateful-without-ttl's does): the key goes, and the side keeps its rows.
                            dropped.add("'" + name + "' = '" + written + "'");
                            options.remove(i);
                            options.remove(i - 1);
                            i -= 2;
                            changed = true;
                            continue;
                        }
                        if (expires) {
                            keptOwn = true;
                            continue;
                        }
                        if (once.contains(name)) {
                            continue; // the side read once keeps its rows, as the user pinned it
                        }
                        if (keepPins && read.isPresent() && read.get().isZero()) {
                            // Another operator's pin, kept as the user wrote it. A value above sql-guard.max-state-ttl
                            // still changes: Flink gives it that TTL, which the proof would reject as never expiring.
                            continue;
                        }
                        (read.isPresent() ? replaced : unreadable).add("'" + name + "' = '" + written + "'");
                        options.set(i, SqlLiteral.createCharString(value, SqlParserPos.ZERO));
                        changed = true;
                    }
                    droppedFrom += dropped.size() > droppedBefore ? 1 : 0;
                    if (hint == existing.get(0) && Blocks.joins(select) && sessionNeverExpires) {
                        // An input the block's hint (Flink reads its first) does not name gets the session's TTL, which
                        // never expires: a join side pinned beside it grows as before, so it is named too (case 742).
                        List<String> inputs = HintInputName.inputs(select);
                        for (String input : inputs == null ? List.<String>of() : inputs) {
                            if (!named.contains(input) && !once.contains(input)) {
                                options.add(SqlLiteral.createCharString(input, SqlParserPos.ZERO));
                                options.add(SqlLiteral.createCharString(value, SqlParserPos.ZERO));
                                changed = true;
                            }
                        }
                    }
                    if (hint == existing.get(0) && !sessionNeverExpires) {
                        changed |= pinUnnamed(options, once, named);
                    }
                    if (options.isEmpty()) {
                        select.getHints().remove(hint); // Flink refuses a STATE_TTL hint without options
                    } else if (changed) {
                        hinted.add(SqlTrees.unparse(hint));
                        blocks.add(new Hinted(select, SqlTrees.unparse(hint)));
                    }
                }
                continue;
            }
            List<String> inputs = HintInputName.inputs(select);
            if (inputs == null || inputs.isEmpty()) {
                return List.of();
            }
            if (!once.isEmpty()) {
                inputs = inputs.stream().filter(input -> !once.contains(input)).toList();
                if (inputs.isEmpty()) {
                    continue;
                }
            }
            SqlHint hint = Blocks.stateTtl(inputs, value);
            if (!sessionNeverExpires) {
                pinUnnamed((SqlNodeList) hint.getOperandList().get(1), once, inputs);
            }
            Blocks.addHint(select, hint);
            hinted.add(SqlTrees.unparse(hint));
            blocks.add(new Hinted(select, SqlTrees.unparse(hint)));
        }
        if (hinted.isEmpty() && dropped.isEmpty()) {
            return List.of();
        }
        Intent intent = !keptOwn ? Intent.operatorTtl(ttl, operator.get())
                : Intent.operatorBounded(context.request().maxStateTtl(), operator.get());
        if (!exists.isEmpty() || context.request().statement().facts().subqueryPredicates().contains("EXISTS")) {
            intent = intent.leavingExistsSubqueries();
        }
        if (keepPins) {
            intent = intent.keepingPins(pinsKept);
        }
        if (own.isPresent()) {
            intent = intent.onlyOn(own.get().nodes());
        }
        String retractions = RetractionsUnderTtl.changes(finding, context);
        return List.of(context.candidate(
                this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                leftOut ? intent.keepingReadOnce() : intent,
                Columns.SAME,
                // Where the user's own TTLs stay, only the inputs whose value changes get the proposed TTL. A pin the
                // user wrote ('0': never expire) on the finding's operator is replaced, and the line says so first
                // (issue 30 §1); one on another operator stays (othersPins).
                new HintLine(pinReplaced(replaced, value) + onceDropped(dropped, droppedFrom)
                        + (readOnce.isPresent()
                        ? readOnce.get().changes(whose(scope, "join"), value, String.join(", ", new LinkedHashSet<>(
                                blocks.stream().filter(b -> b.select() == readOnce.get().select()).map(Hinted::hint).toList())))
                                + otherBlocks(blocks, Optional.of(readOnce.get().select()), value, reads, false,
                                        context.request().statement().facts(), views(context))
                        : multiJoin
                        ? (keptOwn ? "the inputs whose TTL changes keep" : whose(scope, "MultiJoin") + " keeps") + " each row"
                                + " of " + (keptOwn ? "them " : "its inputs ") + value + " after it was stored ("
                                + String.join(", ", new LinkedHashSet<>(hinted)) + ")" + TtlExpiry.multiJoinRows(value)
                        : operator.get().equals("Join")
                        ? (keptOwn ? "the inputs whose TTL changes keep" : whose(scope, "join") + " keeps") + " each row "
                                + (reads.unnamed(finding.planNode(), tree, ownBlock) ? "of the inputs its hint names " : "") + value
                                + " after it was stored (" + String.join(", ", new LinkedHashSet<>(hinted)) + ")"
                                + TtlExpiry.joinRows(value, joinType(finding, context), context.request().statement().facts(),
                                        views(context))
                        : (keptOwn ? "the state of the inputs whose TTL changes" : "the state of " + whose(scope, "aggregation"))
                                + " expires " + value + " after a key's last change (" + String.join(", ", new LinkedHashSet<>(hinted))
                                + ")"
                                // Over updates the retraction clause says what a forgotten group does (its retractions
                                // dropped), which "starts anew" said a second time, and not as truly (issue 30).
                                // An aggregation another reads: AggregateOverAggregate says what its returning key does.
                                + (retractions.isEmpty() && !readByAnother(finding, context)
                                        ? "; an idle key's result is forgotten and starts anew" : "")
                                + otherBlocks(blocks, Optional.empty(), value, reads, true,
                                        context.request().statement().facts(), views(context))),
                        Optional.empty(), false,
                        (unreadable.isEmpty() ? "" : "; the hint values Flink cannot read change: "
                                + String.join(", ", unreadable.stream().map(u -> u + " becomes '" + value + "'").toList()))
                        + (keptOwn && !(replaced.isEmpty() && unreadable.isEmpty()) ? "; the TTLs written otherwise stay as written" : "")
                        // A side read once that the join's SELECT could not be matched to: what the hints written do to it.
                        + (readOnce.isEmpty() && isJoin ? reads.hinted(finding.planNode(), value, tree, ownBlock) : "")
                        + DistinctUnderTtl.changes(finding, context)
                        + retractions),
                proposed.chosen()));
    }

    /**
     * The states the user's {@code STATE_TTL} hints pin to never expire ({@link ExplainedPlan#pinnedByHint}), by node
     * id, where none of them is the finding's: its operator is not pinned, and has no state whose TTL is above 0 (a
     * hint's value above {@code sql-guard.max-state-ttl}, which never expires either and is the finding's cause). Empty
     * where the finding's operator is pinned, or the plan is not known: then the pins are the finding's, and change.
     */
    private static Map<Integer, Set<String>> othersPins(Finding finding, RewriteContext context) {
        Optional<ExplainedPlan> plan = context.request().plan();
        if (plan.isEmpty() || !plan.get().compiled() || finding.planNode().isEmpty()
                || plan.get().pinnedByHint().isEmpty()) {
            return Map.of();
        }
        int own = finding.planNode().get();
        Optional<io.github.sqlguard.plan.PlanNode> node = plan.get().node(own);
        if (plan.get().pinnedByHint(own) || node.isEmpty()
                || node.get().state().stream().anyMatch(state -> !state.ttl().isZero())) {
            return Map.of();
        }
        return plan.get().pinnedByHint();
    }

    /**
     * True where a {@code STATE_TTL} hint on {@code select} can reach an operator and the family may write one: it joins
     * or aggregates, not per window (a window's end frees its state, {@link #windowAggregation}), and is not an {@code
     * EXISTS} subquery's aggregating SELECT without a hint ({@code exists}, the tree's): Flink drops a hint there (its
     * compiled plan keeps a TTL of 0 for the aggregation, case 873), so none is written, and the proof leaves it as it is.
     */
    static boolean hintable(SqlSelect select, Set<SqlSelect> exists) {
        return (Blocks.aggregates(select) || Blocks.joins(select)) && !windowAggregation(select)
                && !(exists.contains(select) && !Blocks.joins(select) && Blocks.stateTtlHints(select).isEmpty());
    }

    /** True where the finding's operator is an aggregation that another aggregation reads ({@link AggregateOverAggregate}). */
    private static boolean readByAnother(Finding finding, RewriteContext context) {
        return context.request().plan().flatMap(plan -> finding.planNode().flatMap(plan::node)
                .map(node -> AggregateOverAggregate.readByAnother(plan, node))).orElse(false);
    }

    /**
     * The SELECTs of {@code tree} that are an {@code EXISTS} subquery ({@code EXISTS (SELECT ...)}, {@code NOT EXISTS}
     * alike), by identity.
     */
    static Set<SqlSelect> existsSelects(SqlNode tree) {
        Set<SqlSelect> out = Collections.newSetFromMap(new IdentityHashMap<>());
        ArrayDeque<SqlNode> todo = new ArrayDeque<>();
        todo.push(tree);
        while (!todo.isEmpty()) {
            SqlNode node = todo.pop();
            if (node instanceof SqlCall call && call.getKind() == SqlKind.EXISTS && call.operandCount() == 1) {
                SqlNode query = call.operand(0) instanceof SqlOrderBy order ? order.query : call.operand(0);
                if (query instanceof SqlSelect select) {
                    out.add(select);
                }
            }
            for (SqlNode child : Trees.children(node)) {
                if (child != null) {
                    todo.push(child);
                }
            }
        }
        return out;
    }

    /**
     * Adds {@code 'c' = '0'} to a hint's {@code options} for each side read once of its SELECT ({@code once}) that it does
     * not name ({@code named}), where the session has a TTL that expires: an input no key names gets {@code
     * table.exec.state.ttl} (Flink's {@code StateTtlHint}), which would expire the rows read once for good; {@code '0'}
     * keeps them (FLIP-373), and the proof checks that it reaches ({@link Intent#keepingReadOnce}). Returns true where
     * one was added.
     */
    private static boolean pinUnnamed(SqlNodeList options, Set<String> once, List<String> named) {
        boolean added = false;
        for (String input : once) {
            if (!named.contains(input)) {
                options.add(SqlLiteral.createCharString(input, SqlParserPos.ZERO));
                options.add(SqlLiteral.createCharString("0", SqlParserPos.ZERO));
                added = true;
            }
        }
        return added;
    }

    /**
     * A SELECT of the rewrite whose {@code STATE_TTL} hint changed, and that hint as written.
     *
     * @param select the SELECT
     * @param hint its hint
     */
    private record Hinted(SqlSelect select, String hint) {}

    /**
     * What the {@code changes:} line says of the joins hinted besides {@code own}, the SELECT of the finding's join with
     * a side read once, which {@link ReadOnce.Join#changes} describes: each other SELECT's join keeps each row {@code
     * value}, or each row of its streaming side where its side read once is left out (golden 802, whose line named only
     * the outer join while the subquery's join got a TTL too). With {@code readOnceOnly}, only the joins with a side
     * read once, which {@link #reachedToo} cannot tell from the plan (not every state of theirs is at the TTL). The
     * aggregations hinted are {@link #reachedToo}'s, from the proof's plan. Empty where no other join was hinted.
     */
    /** What the views the statement reads say ({@link ViewReads}), for the sides of a SEMI or ANTI join. */
    private static ViewReads views(RewriteContext context) {
        return context.request().plan().map(ExplainedPlan::views).orElse(ViewReads.NONE);
    }

    private static String otherBlocks(List<Hinted> blocks, Optional<SqlSelect> own, String value, ReadOnce reads,
            boolean readOnceOnly, ParsedStatement.SqlFacts facts, ViewReads views) {
        StringBuilder out = new StringBuilder();
        for (Hinted block : blocks) {
            if (own.isPresent() && block.select() == own.get() || !Blocks.joins(block.select())) {
                continue;
            }
            Set<String> once = reads.inputs(block.select());
            if (readOnceOnly && once.isEmpty()) {
                continue;
            }
            List<String> inputs = HintInputName.inputs(block.select());
            List<String> streaming = inputs == null ? List.of() : inputs.stream().filter(i -> !once.contains(i)).toList();
            String of = inputs == null || inputs.isEmpty() ? "" : " of " + String.join(" and ", inputs);
            out.append("; the join").append(of).append(" (").append(block.hint()).append(" on its SELECT) keeps each row");
            if (once.isEmpty() || streaming.isEmpty()) {
                out.append(' ').append(value).append(" after it was stored")
                        .append(TtlExpiry.joinRows(value, writtenJoinType(block.select().getFrom()), facts, views));
            } else {
                out.append(" of ").append(String.join(" and ", streaming)).append(' ').append(value)
                        .append(" after it was last written, and ").append(String.join(" and ", once))
                        .append(", the side read once, keeps every row it read with no TTL, for the later rows of ")
                        .append(String.join(" and ", streaming)).append(" to match them");
            }
        }
        return out.toString();
    }

    /**
     * The type of the outermost join of a {@code FROM} clause as {@link TtlExpiry#joinRows} reads it: {@code LEFT},
     * {@code RIGHT}, {@code FULL}, else {@code INNER} (a comma or {@code CROSS JOIN} with its condition in the WHERE).
     */
    private static String writtenJoinType(SqlNode from) {
        if (from instanceof org.apache.calcite.sql.SqlJoin join) {
            return switch (join.getJoinType()) {
                case LEFT -> "LEFT";
                case RIGHT -> "RIGHT";
                case FULL -> "FULL";
                default -> "INNER";
            };
        }
        return "INNER";
    }

    /**
     * {@code line}, the {@code changes:} line of a {@code state-ttl-hint} candidate whose operator is {@code
     * operator}, with what its hints did to the operators of the other kind, as the proof's compiled plan gives each
     * operator's TTL: where {@code proven} has more aggregations (for a join's rewrite) or joins (for an
     * aggregation's) at the TTL {@code ttl} proposes than {@code original}, the line says their state expires too. A hint on a SELECT
     * that joins and aggregates names the join's inputs, which reach no aggregation over the join (Flink matches a
     * key to an input's alias or table, {@link HintReach}): the text alone cannot tell. Unchanged where a {@code SET}
     * goes before the statement, whose own part of the line says that every operator no hint names gets its TTL.
     */
    static HintLine reachedToo(HintLine line, String operator, ProposedTtl ttl, Optional<ExplainedPlan> original,
            Optional<ExplainedPlan> proven) {
        if (line.underSet()) {
            return line;
        }
        boolean join = operator.equals("Join") || operator.equals("MultiJoin");
        List<String> others = join ? List.of("GroupAggregate", "GlobalGroupAggregate") : List.of("Join");
        if (at(proven, others, ttl.ttl()) <= at(original, others, ttl.ttl())) {
            return line;
        }
        return new HintLine(line.own(), Optional.of(join
                ? "; its aggregations' state expires " + ttl.value() + " after a key's last change: an idle key's"
                        + " result is forgotten and starts anew"
                : "; its joins keep each row " + ttl.value() + " after it was stored: a row is forgotten then,"
                        + " and a match arriving later is not joined to it"), false, line.after());
    }

    /** How many nodes of {@code plan} named one of {@code names} have every state at {@code ttl}. */
    private static long at(Optional<ExplainedPlan> plan, List<String> names, Duration ttl) {
        return plan.stream().flatMap(p -> p.nodes().stream())
                .filter(n -> names.contains(n.name()) && !n.state().isEmpty())
                .filter(n -> n.state().stream().allMatch(state -> state.ttl().equals(ttl)))
                .count();
    }

    /**
     * The {@code operator} the hint reaches, as the {@code changes:} line names it: {@code "this statement's join"}, or
     * {@code "the join of the view refunded_payments"} where the block that joins or aggregates is the view's (its
     * definition is what the rewrite changes, and the statement over it runs as it is).
     */
    private static String whose(Scope scope, String operator) {
        return scope.isStatement() ? "this statement's " + operator : "the " + operator + " of the view " + scope.writtenName();
    }

    /**
     * What the {@code changes:} line says first where the rewrite replaces a value of the user's hint that never
     * expires: {@code "replaces your STATE_TTL pin 'eu_clicks' = '0', which keeps its state forever, with '1 d': "}.
     * The finding names that pin as its cause; the rewrite is its fix, proven, and overwrites the user's choice.
     */
    private static String pinReplaced(List<String> written, String value) {
        if (written.isEmpty()) {
            return "";
        }
        // One pin written alike in several SELECTs (a UNION ALL's, case 886) is said once.
        List<String> replaced = List.copyOf(new LinkedHashSet<>(written));
        return "replaces your STATE_TTL " + (replaced.size() == 1 ? "pin " : "pins ") + String.join(", ", replaced)
                + ", which " + (replaced.size() == 1 ? "keeps" : "keep") + " its state forever, with '" + value + "': ";
    }

    /**
     * What the {@code changes:} line says first where the rewrite drops the user's TTL on a join's side read once:
     * {@code "drops 'c' = '12 h' from your STATE_TTL hint, which expired the rows of a side read once for good: "}
     * ({@code hints} where they are dropped from several, {@code hints} the number of them). The rows never come again,
     * and once expired the join matches nothing from that side ({@link ReadOnce}).
     */
    private static String onceDropped(List<String> dropped, int hints) {
        if (dropped.isEmpty()) {
            return "";
        }
        return "drops " + String.join(", ", dropped) + " from your STATE_TTL " + (hints > 1 ? "hints" : "hint")
                + ", which expired the rows of a side read once for good: ";
    }

    /** The type of the finding's join in the statement's plan ({@code INNER}, {@code LEFT}, ...); {@code INNER} when the plan does not say. */
    private static String joinType(Finding finding, RewriteContext context) {
        return context.request().plan().stream()
                .flatMap(plan -> plan.operators(Operator.Join.class).stream())
                .filter(join -> finding.planNode().equals(Optional.of(join.node().id())))
                .map(Operator.Join::joinType)
                .findFirst()
                .orElse("INNER");
    }

    /** The legacy group window functions of a {@code GROUP BY} ({@code TUMBLE(rowtime, INTERVAL '15' MINUTE)}). */
    private static final java.util.Set<String> GROUP_WINDOWS = java.util.Set.of("TUMBLE", "HOP", "SESSION");

    /**
     * True for a SELECT that aggregates per window: over a window table function ({@code FROM TABLE(TUMBLE(...))},
     * or aliased and grouped by both window columns), or grouped by a legacy group window ({@code GROUP BY
     * TUMBLE(rowtime, INTERVAL '15' MINUTE)}).
     * Neither takes a state TTL: a window's end frees its state, and Flink 2.3.0's {@code
     * StreamExecGroupWindowAggregate} builds its window operator without one (no state metadata, so no {@code
     * STATE_TTL} hint reaches it; the job's retention is read only to refuse a count window without one). A hint
     * there changed nothing while the {@code changes:} line named it (Flink's {@code GroupWindowTest
     * #testTumbleFunInGroupBy}, issue 30 §2: no TTL proposed for an operator that needs none; case 513).
     */
    static boolean windowAggregation(SqlSelect select) {
        SqlNode from = select.getFrom();
        if (from != null && from.getKind() == org.apache.calcite.sql.SqlKind.COLLECTION_TABLE) {
            return true;
        }
        if (select.getGroup() == null) {
            return false;
        }
        if (from != null && from.getKind() == org.apache.calcite.sql.SqlKind.AS
                && ((org.apache.calcite.sql.SqlCall) from).operand(0).getKind() == org.apache.calcite.sql.SqlKind.COLLECTION_TABLE
                && WindowColumns.names(select.getGroup()) && WindowColumns.completed(select.getGroup()).isEmpty()) {
            // An aliased window TVF grouped by both window columns; by one of them only, Flink plans a GroupAggregate
            // (window-aggregate-not-recognized, case 444), whose hint is the statement's.
            return true;
        }
        for (SqlNode key : select.getGroup()) {
            // Calcite's parser gives the group window its SqlGroupedWindowFunction, named $TUMBLE (kind TUMBLE).
            if (key instanceof org.apache.calcite.sql.SqlCall call && call.getOperator() != null
                    && GROUP_WINDOWS.contains(call.getOperator().getName().replace("$", "").toUpperCase(java.util.Locale.ROOT))
                    && call.operandCount() > 0 && call.operand(0) instanceof org.apache.calcite.sql.SqlIdentifier) {
                return true;
            }
        }
        return false;
    }
}
