package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.OperatorState;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.ProvenWay;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.plan.LostJoinCondition;
import io.github.sqlguard.rules.plan.StatefulWithoutTtlRule;
import io.github.sqlguard.rules.plan.UnboundedRankRule;
import io.github.sqlguard.statement.ParsedStatement;

import org.apache.calcite.sql.SqlNode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * {@code session-state-ttl}, for {@code unbounded-rank} and {@code stateful-without-ttl}: the
 * statement as it is, after {@code SET 'table.exec.state.ttl' = '<sql-guard.rewrite.state-ttl>'}
 * ({@code ExecutionConfigOptions#IDLE_STATE_RETENTION}), which bounds the state of every stateful
 * operator that no {@code STATE_TTL} hint gives its own; never shorter than the statement's own time
 * bounds ({@link RewriteContext#proposedStateTtl()}). Proven with the value as the statement's
 * execution config, so the session keeps its own; proven only when the operator of the finding
 * gets that TTL in the compiled plan (a hint of {@code '0'} on it, or the call's own execution
 * config, would override the SET, and then this is not offered). A join's side read once ({@link ReadOnce}) that the
 * statement's SELECT names is pinned there with {@code STATE_TTL('<side>' = '0')}, which the SET does not override: its
 * rows never come again, and the SET alone would expire them (issue 30). Where the statement joins none, a view it reads
 * that the session or script defined is pinned so and redefined; the proof checks that each pinned side has TTL 0 ms
 * ({@link Intent#keepingReadOnce}).
 */
final class SessionStateTtl implements RewriteFamily {

    static final String ID = "session-state-ttl";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(UnboundedRankRule.ID, StatefulWithoutTtlRule.ID),
            List.of("Rank", "GroupAggregate", "GlobalGroupAggregate", "Join", "Deduplicate", "OverAggregate"),
            "`SET 'table.exec.state.ttl'` (`sql-guard.rewrite.state-ttl`, never shorter than the statement's own time bounds) before the statement: every stateful operator no hint pins gets the TTL; a join side read once (a bounded source) is pinned with `STATE_TTL('<side>' = '0')` on the SELECT that joins it, the statement's or, redefined, that of a view the session or script defined, so that its rows stay to be matched");

    @Override
    public FamilyDeclaration declaration() {
        return DECLARATION;
    }

    /**
     * The clauses of a proven rewrite's {@code changes:} line about the statement's aggregations, each read with the TTL
     * the aggregation gets in the rewrite's compiled plan ({@code judged}, planned under the SET of the candidate's TTL):
     * what the TTL does to their {@code DISTINCT} values ({@link DistinctUnderTtl}) and to the forgotten groups of those
     * over updates ({@link RetractionsUnderTtl}), and for a Top-N's rewrite what it does to the groups it ranks ({@link
     * #aggregationsRestart}). An aggregation a {@code STATE_TTL} hint pins at {@code '0'} keeps every group under the
     * SET: a clause about what the TTL forgets does not name it (issue 30: the retraction clause read the statement's
     * plan, where, under a session without TTL, every aggregation has the same 0 ms).
     */
    static String aggregations(Candidate candidate, RewriteContext context, Optional<ExplainedPlan> judged) {
        Set<String> keptAtZero = keptAtZero(judged, candidate.intent().ttl().orElseThrow());
        Predicate<Operator.GroupAggregate> expires = a -> !keptAtZero.contains(part(a));
        String operator = candidate.intent().operators().get(0);
        boolean ranked = operator.equals("Rank");
        return DistinctUnderTtl.underSet(candidate.answers().planNode(), operator, context, expires)
                + RetractionsUnderTtl.underSet(context, expires, ranked)
                + (ranked ? aggregationsRestart(context, keptAtZero) : "");
    }

    /**
     * The aggregations ({@link #part}) that {@code judged}, the rewrite's compiled plan under a SET of {@code ttl}, keeps
     * at 0 ms: a hint of {@code '0'} pins them, whatever its key names (a table, a view, a subquery's alias). Under a
     * session without TTL the statement's own plan gives such an aggregation the same 0 ms as an unpinned one, and only
     * a plan under a TTL tells them apart. Matched to the statement's aggregations by their calls and keys.
     */
    private static Set<String> keptAtZero(Optional<ExplainedPlan> judged, Duration ttl) {
        Set<String> keptAtZero = new HashSet<>();
        for (Operator.GroupAggregate aggregate : judged.map(p -> p.operators(Operator.GroupAggregate.class)).orElse(List.of())) {
            if (!ttl.isZero() && aggregate.state().stream().map(OperatorState::ttl).anyMatch(Duration::isZero)) {
                keptAtZero.add(part(aggregate));
            }
        }
        return keptAtZero;
    }

    /**
     * What the TTL does to the aggregations of a Top-N's statement, which the ranking alone does not
     * say: a group idle for the TTL loses its accumulator ({@code GroupAggFunction} reads no state and
     * starts from the group's next row), so an all-time {@code COUNT(*)} or {@code SUM} counts again
     * from zero and the Top-N ranks that new value. An aggregation whose TTL a {@code STATE_TTL} hint
     * pins keeps that TTL, which the SET does not reach: one whose state TTL in the statement's compiled plan
     * is not the session's keeps that one; one of {@code keptAtZero}, which the rewrite's compiled plan keeps at 0 ms,
     * keeps every group, as a hint of '0' pins it (the user's choice, issue 30). An aggregation whose input updates is
     * left to {@link RetractionsUnderTtl}, whose clause of the same line says what its forgotten group does (its
     * retractions dropped, not a group started as new): each fact once per line.
     * Empty when the plan has no group aggregation.
     */
    private static String aggregationsRestart(RewriteContext context, Set<String> keptAtZero) {
        if (context.request().plan().isEmpty()) {
            return "";
        }
        Duration session = StateTtl.effective(context.request().config());
        List<String> reached = new ArrayList<>();
        List<String> pinned = new ArrayList<>();
        List<String> pinnedSaid = new ArrayList<>();
        List<String> forever = new ArrayList<>();
        boolean reachedRanked = true;
        boolean pinnedRanked = true;
        int calls = 0;
        ExplainedPlan plan = context.request().plan().get();
        for (Operator.GroupAggregate aggregate : plan.operators(Operator.GroupAggregate.class)) {
            List<String> sql = calls(aggregate);
            if (sql.isEmpty()) {
                continue;
            }
            String part = part(aggregate);
            Optional<Duration> own = aggregate.state().stream().map(OperatorState::ttl).filter(t -> !t.equals(session))
                    .findFirst();
            // An aggregation over updates: RetractionsUnderTtl's clause says what its forgotten group does (Flink drops
            // the retractions that reach it), which "starts again ... as if the group were new" would say twice, and not
            // as truly (case 996 on Flink 1.20, 402, 656).
            // An aggregation another one reads: AggregateOverAggregate's clause says what its returning key does.
            boolean restartSaid = RetractionsUnderTtl.says(plan, aggregate)
                    || AggregateOverAggregate.readByAnother(plan, aggregate.node());
            if (own.isPresent() && !own.get().isZero()) {
                String kept = part + " keeps the " + StateTtl.format(own.get()) + " its STATE_TTL hint gives it (the compiled"
                        + " plan), which the SET does not change";
                if (restartSaid) {
                    pinnedSaid.add(kept);
                } else {
                    pinned.add(kept);
                    pinnedRanked &= ranked(plan, aggregate);
                }
            } else if (keptAtZero.contains(part)) {
                forever.add(part);
            } else if (!restartSaid) {
                calls += sql.size();
                reached.add(part);
                reachedRanked &= ranked(plan, aggregate);
            }
        }
        StringBuilder out = new StringBuilder();
        if (!reached.isEmpty()) {
            out.append("; the aggregations forget a group idle that long as well: ").append(String.join("; ", reached))
                    .append(calls == 1 ? " starts" : " start").append(RESTARTS).append(reachedRanked ? RANKED : "");
        }
        if (!pinned.isEmpty()) {
            out.append("; ").append(String.join("; ", pinned)).append(": a group of it idle that long starts")
                    .append(RESTARTS).append(pinnedRanked ? RANKED : "");
        }
        if (!pinnedSaid.isEmpty()) {
            out.append("; ").append(String.join("; ", pinnedSaid));
        }
        if (!forever.isEmpty()) {
            out.append("; ").append(String.join("; ", forever)).append(forever.size() == 1 ? " keeps" : " keep")
                    .append(" every group forever, as a STATE_TTL hint's '0' pins it (the compiled plan), which the SET"
                            + " does not change");
        }
        return out.toString();
    }

    /**
     * What each join of the statement is on, as it writes it, then what each join of the views it reads is on ({@link
     * ExplainedPlan#viewJoinConditions}, directly or through other views): the conditions {@link LostJoinCondition#lostIn}
     * looks for in {@code plan}.
     */
    private static List<String> conditions(ParsedStatement statement, ExplainedPlan plan) {
        List<String> conditions = new ArrayList<>(statement.facts().joinConditions());
        plan.viewJoinConditions().forEach(inView -> conditions.add(inView.condition()));
        return conditions;
    }

    private static List<String> calls(Operator.GroupAggregate aggregate) {
        return aggregate.calls().orElse(List.of()).stream().map(Operator.AggregateCall::sql).distinct().toList();
    }

    /** An aggregation as the changes: line names it ({@link RetractionsUnderTtl#part}). */
    private static String part(Operator.GroupAggregate aggregate) {
        return RetractionsUnderTtl.part(aggregate);
    }

    /** What a forgotten group's accumulator does: {@code GroupAggFunction} reads no state for it. */
    private static final String RESTARTS = " again from the group's next row, as if the group were new";

    /** What the Top-N over that aggregation does with it ({@link #ranked}). */
    private static final String RANKED = ", and the Top-N ranks that new value";

    /**
     * True where a {@code Rank} of {@code plan} reads {@code aggregate}'s rows (the aggregation is the nearest
     * stateful operator below it, {@link TtlMix#statefulInputs}): only then does a Top-N rank the value a forgotten
     * group starts again from. An aggregation over the Top-N's rows (a count per department of the top row per
     * employee) is read by no ranking.
     */
    static boolean ranked(ExplainedPlan plan, Operator.GroupAggregate aggregate) {
        return plan.operators(Operator.Rank.class).stream()
                .anyMatch(rank -> TtlMix.statefulInputs(plan, rank.node()).contains(aggregate.node()));
    }

    @Override
    public List<Candidate> candidates(Finding finding, RewriteContext context) {
        ParsedStatement statement = context.request().statement();
        if (statement.plannedBody().isEmpty()) {
            return List.of();
        }
        ProposedTtl proposed = context.proposedStateTtl();
        Duration ttl = proposed.ttl();
        String value = proposed.value();
        String operator = finding.facts().operator().orElse("Rank");
        String text = context.text();
        // The sides read once that the SET would expire are pinned with '0' on the SELECT that joins them, where the
        // statement writes that join (ReadOnce#pin): the SET bounds the rest, the rows read once stay to be matched.
        Scope scope = Scope.statement(text, context.statementTree());
        Optional<SqlNode> tree = scope.tree();
        ReadOnce reads = ReadOnce.in(context);
        List<ReadOnce.Pin> pins = new ArrayList<>(tree.map(reads::pin).orElse(List.of()));
        // A join written in a view the statement reads (cases 801, 788, 882): the side is pinned in the view's SELECT and
        // the view redefined, as the scoped families redefine it (RewriteContext#candidate), where the session or the
        // script defined it (WrittenView); a view it did not define is left as the catalog has it, and the line says so.
        List<String> notOwn = new ArrayList<>();
        if (pins.stream().noneMatch(ReadOnce.Pin::added)) {
            for (Scope view : context.scopes()) {
                Optional<SqlNode> viewTree = view.isStatement() ? Optional.empty() : view.tree();
                if (viewTree.isEmpty()) {
                    continue;
                }
                List<ReadOnce.Pin> viewPins = reads.pin(viewTree.get());
                if (viewPins.stream().noneMatch(ReadOnce.Pin::added)) {
                    continue;
                }
                if (view.written().isEmpty()) {
                    notOwn.add(view.writtenName());
                    continue;
                }
                scope = view;
                tree = viewTree;
                pins.addAll(viewPins);
                break;
            }
        }
        Intent intent = Intent.operatorTtl(ttl, operator);
        // "An idle key's state starts anew" is not what a forgotten group of an aggregation over updates does: the
        // retraction clause says that (RetractionsUnderTtl), or, pinned at '0', it forgets none. Said beside it, the
        // line said one fact twice, in two ways (issue 30); the ranking's own restart is the Rank's fact alone.
        boolean overUpdates = context.request().plan().map(p -> p.operators(Operator.GroupAggregate.class).stream()
                .anyMatch(a -> RetractionsUnderTtl.says(p, a))).orElse(false);
        String changes = "each stateful operator of this statement and of the session's later ones forgets a key's state "
                + value + " after the key's last change"
                + (operator.equals("Rank") ? " (an idle key's ranking starts anew)"
                        : overUpdates ? "" : " (an idle key's state starts anew)")
                + ", where no STATE_TTL hint gives it another TTL"
                + ReadOnce.expired(context, Optional.empty(), value, pins)
                + (notOwn.isEmpty() || !scope.isStatement() ? "" : "; the side read once is joined in the view "
                        + String.join(", ", notOwn) + ", whose definition as the catalog holds it was not written by a CREATE"
                        + " VIEW or ALTER VIEW ... AS of this session or script (the guard knows no text of it to splice the"
                        + " pin into): the"
                        + " rewrite does not redefine it, so the SET expires those rows");
        String set = "SET '" + StateTtl.KEY + "' = '" + value + "'";
        // A join Flink's join reorder left without the statement's condition (LostJoinCondition, case 1034) would stay so
        // under the TTL alone: the rewrite switches the reorder off first, as the finding's fix does, and is proven so,
        // on each of its paths. The joins of the views the statement reads, through every level, are Flink's to reorder
        // with the statement's (case 1112: the side read once is pinned in such a view): their conditions are the plan's
        // (ExplainedPlan#viewJoinConditions, from each view's expanded query), as LostJoinCondition reads them for the
        // finding, not the pinned view's text again (which names one level and only where a pin goes).
        List<String> lost = Boolean.parseBoolean(context.request().config().getOrDefault(LostJoinCondition.JOIN_REORDER,
                "false")) ? context.request().plan().map(p -> LostJoinCondition.lostIn(p, conditions(statement, p)))
                        .orElse(List.of()) : List.of();
        List<String> sets = lost.isEmpty() ? List.of(set)
                : List.of("SET '" + LostJoinCondition.JOIN_REORDER + "' = 'false'", set);
        Map<String, String> config = lost.isEmpty() ? Map.of(StateTtl.KEY, value)
                : Map.of(LostJoinCondition.JOIN_REORDER, "false", StateTtl.KEY, value);
        changes = (lost.isEmpty() ? "" : "join reorder is switched off for this statement and the session's later ones,"
                + " so that Flink joins on " + String.join(" AND ", lost) + ", which its reordered plan lost (it joined"
                + " every row of each input with every row of the other there); ") + changes;
        if (pins.stream().anyMatch(ReadOnce.Pin::added)) {
            Candidate candidate = context.candidate(this, finding, scope, tree.get(), sets, config,
                    List.of(), Optional.empty(), intent.keepingReadOnce(), Columns.SAME, changes, proposed.chosen());
            if (scope.isStatement()) {
                return List.of(candidate);
            }
            // The pin goes into a view's text, which the rule cannot see: the finding's fix says it once this plans
            // (ProvenFixes), where the rule wrote the SET alone (cases 882-884).
            List<ReadOnce.Pin> added = pins.stream().filter(ReadOnce.Pin::added).toList();
            // The way says every SET the rewrite writes, the reorder switched off first where it is (case 1112).
            return List.of(candidate.withWay(new ProvenWay.ReadOnceKept(String.join(", then ", sets), scope.writtenName(),
                    added.stream().map(ReadOnce.Pin::option).toList(),
                    added.stream().flatMap(p -> p.tables().stream().sorted()).distinct().toList(), reads.joinsKept(added))));
        }
        return List.of(new Candidate(
                ID, context.answering(finding), sets, text, text,
                config, List.of(), pins.isEmpty() ? intent : intent.keepingReadOnce(), Columns.SAME,
                changes, proposed.chosen(), Optional.empty()));
    }
}
