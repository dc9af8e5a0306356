package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.OperatorState;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.TemporalJoins;
import io.github.sqlguard.plan.ViewReads;
import io.github.sqlguard.rules.SemiJoinSides;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.plan.PartitionedOver;
import io.github.sqlguard.rules.plan.StatefulWithoutTtlRule.OneRowSide;
import io.github.sqlguard.statement.ParsedStatement.SqlFacts;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What a state TTL does to the operators whose state is not renewed by the rows of an active key,
 * for the {@code changes:} line of a rewrite that sets one. Flink's table operators build their TTL
 * with {@code StateConfigUtil#createTtlConfig}: {@code UpdateType.OnCreateAndWrite}, so an entry's
 * clock restarts only when it is written, never when it is read (Flink 2.3.0).
 *
 * <ul>
 *   <li>A regular join keeps each input row as its own entry ({@code JoinRecordStateViews}: a {@code
 *       ValueState} or {@code MapState} per join key, one entry per row), written when the row
 *       arrives and read, not written, when the other side's rows match it: a row expires the TTL
 *       after it was stored even while its key is busy, and a match arriving later is not joined (a
 *       dimension row never updated stops joining a day after it was read in, with a 1 d TTL). The
 *       rows of an outer side are the exception: a {@code LEFT}, {@code RIGHT} or {@code FULL} join
 *       keeps its outer side's rows with their count of matches ({@code OuterJoinRecordStateView}),
 *       and writes that count again each time a row of the other side matches one ({@code
 *       StreamingJoinOperator#processElement}: {@code updateNumOfAssociations}), as an {@code IN} or
 *       {@code EXISTS} join does for its left rows ({@code StreamingSemiAntiJoinOperator}): such a row's
 *       TTL restarts at each match.
 *   <li>A {@code Deduplicate} keeping the first row writes its key's state once, at the first row
 *       ({@code DeduplicateFunctionHelper#processFirstRowOnProcTime}: a duplicate only reads it): the
 *       state expires the TTL after the first row whatever duplicates came since, and the next
 *       duplicate is emitted as a first row again.
 *   <li>A {@code ChangelogNormalize} (the last row of each key of a changelog source: an upsert source,
 *       or a CDC source under {@code table.exec.source.cdc-events-duplicate}) writes its key's row on
 *       each change, so its TTL runs from the key's last change; but a change arriving after the
 *       row expired finds none ({@code DeduplicateFunctionHelper#processLastRowOnChangelog}): a
 *       {@code DELETE} or {@code UPDATE_BEFORE} is dropped ("nothing to do if removing a non-existed
 *       row"), so the row is never deleted downstream, and an {@code UPDATE_AFTER} is emitted as an
 *       {@code INSERT} with no {@code UPDATE_BEFORE} of the row it replaces, so an operator that
 *       retracts (a {@code SUM}, a join) keeps the old row beside the new one.
 *   <li>A Top-N of more than one row ({@code StreamExecRank}, and {@code StreamExecSortLimit} built
 *       the same way) keeps its rows as map entries of their own: {@code AppendOnlyTopNFunction} and
 *       {@code RetractableTopNFunction} one entry per {@code ORDER BY} value ({@code MapState} keyed by
 *       the sort key), {@code UpdatableTopNFunction} one per row key (it writes back only the rows
 *       that changed). An entry is written when a row of it arrives or leaves, so a row that stays
 *       in the ranking unchanged expires the TTL after it was written while its key keeps receiving
 *       rows; the ranking read back from state then lacks it: {@code RetractableTopNFunction} reads it
 *       for every row ("The state is cleared because of state ttl. This will result in incorrect
 *       result"), the other two when the key is not in their cache ({@code
 *       table.exec.rank.topn-cache-size}) or after a restore. A lower row is ranked in its place and
 *       the expired row is never retracted downstream. Not so for a Top-1 of {@code
 *       AppendFastStrategy} or {@code UpdateFastStrategy} ({@code FastTop1Function}: one value per
 *       key, written back from its cache at every checkpoint) nor for the first rows by ascending
 *       processing time ({@code AppendOnlyFirstNFunction}: a counter per key); {@code
 *       StreamExecRank#translateToPlanInternal} picks the function (Flink 2.3.0).
 * </ul>
 */
final class TtlExpiry {

    private TtlExpiry() {}

    /**
     * For a regular join of {@code joinType} ({@code INNER}, {@code LEFT}, {@code RIGHT}, {@code FULL},
     * {@code SEMI}, {@code ANTI}) under {@code value}: what "each row ... after it was stored" means,
     * for the rows a match only reads and for the outer rows a match writes again; a SEMI or ANTI join's sides named
     * as the statement {@code facts} and the views it reads ({@code views}) tell ({@link SemiJoinSides}: a
     * subquery's, an {@code INTERSECT}'s, an {@code EXCEPT}'s).
     */
    static String joinRows(String value, String joinType, SqlFacts facts, ViewReads views) {
        String renewal = " (Flink writes its count of matches again), so its TTL restarts then";
        return switch (joinType) {
            case "LEFT", "RIGHT" -> {
                String inner = joinType.equals("LEFT") ? "right" : "left";
                String outer = joinType.equals("LEFT") ? "left" : "right";
                yield ": a " + inner + " row is forgotten then even while " + outer + " rows keep matching it (a match"
                        + " reads it, and Flink renews a row's TTL only when it is written), so a " + outer + " row arriving"
                        + " more than " + value + " after it is not joined to it; a " + outer + " row is written again each"
                        + " time a " + inner + " row matches it" + renewal;
            }
            case "SEMI", "ANTI" -> {
                SemiJoinSides sides = SemiJoinSides.of(joinType, facts, views);
                yield ": a row of " + sides.inner() + sides.where() + " is forgotten then even while rows of "
                        + sides.outer()
                        + " keep matching it (a match reads it, and Flink renews a row's TTL only when it is written), so a row"
                        + " of " + sides.outer() + " arriving more than " + value + " after it no longer finds it"
                        + (!joinType.equals("ANTI") ? " and is not emitted although " + sides.matchCame()
                                : sides.setOperation() ? " and is emitted (the EXCEPT keeps it) although " + sides.matchCame()
                                : sides.subqueryOnly()
                                        ? " and is emitted as unmatched (its NOT EXISTS or NOT IN holds) although " + sides.matchCame()
                                        : " and is emitted as unmatched although " + sides.matchCame())
                        + "; a row of " + sides.outer() + " is written again each time a row of " + sides.inner() + " matches it"
                        + renewal;
            }
            case "FULL" -> ": each row is written again each time a row of the other side matches it" + renewal
                    + ": a row is forgotten " + value + " after it was stored or last matched, and a match arriving later is"
                    + " not joined";
            default -> ": a row is forgotten then even while the other side keeps matching it (a match reads a row, and"
                    + " Flink renews a row's TTL only when it is written), so a match arriving more than " + value
                    + " after the row is not joined";
        };
    }

    /** The join types whose rows a match reads without writing them, but an outer side's ({@link #joinRows}). */
    private static final List<String> BINARY = List.of("INNER", "LEFT", "RIGHT");

    /**
     * For the regular joins of {@code types} (of {@link #BINARY}) under {@code value}: one join's {@link #joinRows};
     * several joins' in one clause, which names them all and says once that a row is kept {@code value} after it was
     * stored, then which outer rows a match writes again (issue 30: an inner and a LEFT join each said "keeps each row 1
     * d after it was stored", cases 528 and 1034).
     */
    private static String binaryJoins(String value, Set<String> types, SqlFacts facts, ViewReads views) {
        if (types.size() == 1) {
            String type = types.iterator().next();
            return "; a regular " + (type.equals("INNER") ? "" : type + " ") + "join keeps each row " + value
                    + " after it was stored, not after its key's last change" + joinRows(value, type, facts, views);
        }
        List<String> named = BINARY.stream().filter(types::contains).map(t -> t.equals("INNER") ? "inner" : t).toList();
        List<String> renewed = BINARY.stream().filter(types::contains).filter(t -> !t.equals("INNER"))
                .map(t -> "a " + t.toLowerCase(Locale.ROOT) + " row of the " + t + " join").toList();
        return "; the regular " + String.join(", ", named.subList(0, named.size() - 1)) + " and " + named.get(named.size() - 1)
                + " joins keep each row " + value + " after it was stored, not after its key's last change"
                + joinRows(value, "INNER", facts, views)
                + (renewed.isEmpty() ? "" : "; but " + String.join(" and ", renewed) + (renewed.size() == 1 ? " is" : " are each")
                        + " written again each time a row of the other side matches it (Flink writes its count of matches"
                        + " again), so its TTL restarts then");
    }

    /**
     * For Flink 2.x's {@code MultiJoin} under {@code value}: what "each row of its inputs ... after it was stored" means.
     * {@code StreamingMultiJoinOperator} keeps each input's rows per join key in a {@code MapState} of its own ({@code
     * MultiJoinStateViews}: one entry per row, or per unique key where the input has one, a duplicate row counted in its
     * entry), each entry with the TTL of {@code StateConfigUtil#createTtlConfig} ({@code OnCreateAndWrite}); a row of
     * another input reads the entries it matches, and the matches of an outer input's row are counted from the other
     * inputs' state as each row is processed, written nowhere (its "association calculation"): unlike a binary outer
     * join's ({@code OuterJoinRecordStateView}), no match renews a row (Flink 2.3.0).
     */
    static String multiJoinRows(String value) {
        return ": a row is forgotten then even while the other inputs keep matching it (a match reads it, and Flink renews"
                + " a row's TTL only when it is written again: a duplicate of it, or a new row of its unique key), so a row of"
                + " another input arriving more than " + value + " after it is not joined to it, an outer input's row included"
                + " (the MultiJoin counts its matches from the other inputs' state, writing nothing)";
    }

    /** The join types whose right side is a subquery's or the query after a set operator ({@link SemiJoinSides}). */
    private static final Set<String> SEMI_OR_ANTI = Set.of("SEMI", "ANTI");

    /**
     * For a SEMI or ANTI join of {@code joinType} whose right input is the one row of an aggregation without {@code
     * GROUP BY} ({@link OneRowSide}: an uncorrelated {@code EXISTS} or {@code NOT EXISTS}), under {@code value}: when
     * that row expires. Under a TTL the aggregation emits its result again for every row it reads, unchanged or not
     * ({@code GroupAggHelper#processElement}: it skips an unchanged result only where the state TTL is off, "to prevent
     * too early state eviction of downstream operators"), so the join writes that row again and its TTL restarts; it
     * expires, with the aggregation's state and without a retraction, only when the subquery's side reads no row for
     * longer than the TTL. A row of the outer query that arrives then finds no row on the right ({@code
     * StreamingSemiAntiJoinOperator#processElement1}), and the subquery's side's next row, a first row for the
     * aggregation again, is matched to the rows of the outer query the join still holds ({@code #processElement2}):
     * an ANTI join retracts those it emitted, a SEMI join emits them (Flink 2.3.0).
     */
    static String oneRowRows(String value, String joinType, SqlFacts facts, ViewReads views) {
        SemiJoinSides sides = SemiJoinSides.of(joinType, facts, views);
        return ": its right input is the one row of the aggregation Flink builds for " + sides.inner() + sides.where()
                + " (whether it has a row), which that aggregation emits again for every row it reads under a TTL, so the join writes it"
                + " again and it expires only when " + sides.inner() + " reads no new row for more than " + value + ", with"
                + " the aggregation's state and without a retraction; rows of " + sides.outer() + " arriving then "
                + (joinType.equals("ANTI")
                        ? "are emitted as unmatched, as if " + sides.inner() + " were empty (its NOT EXISTS holds), and"
                                + " retracted at the next row of " + sides.inner() + " where the join still holds them"
                        : "are not emitted, as if " + sides.inner() + " were empty, until the next row of " + sides.inner()
                                + ", which emits those the join still holds");
    }

    /**
     * The clauses for the regular joins, first-row deduplications and changelog normalizations of a
     * rewrite's plan whose state expires there (each with the TTL its compiled plan gives it: a hint may
     * keep a join at its own), for a TTL set for the whole statement; empty when it has none.
     */
    static String perRowOperators(Optional<ExplainedPlan> judged, SqlFacts facts) {
        if (judged.isEmpty() || !judged.get().compiled()) {
            return "";
        }
        // Each clause by what it says: the inner, LEFT and RIGHT joins of one TTL share one (binaryJoins), in the place
        // of the first of them, keyed by that TTL with their join types; another join's clause says more of its own (a
        // SEMI join's sides, a FULL join's renewal), keyed by itself with no type.
        Map<String, Set<String>> joinClauses = new LinkedHashMap<>();
        Set<String> firsts = new LinkedHashSet<>();
        for (Operator.Join join : judged.get().operators(Operator.Join.class)) {
            Set<String> ttls = new LinkedHashSet<>();
            expiring(join.node()).forEach(t -> ttls.add(StateTtl.format(t)));
            String ttl = ttls.size() == 1 ? ttls.iterator().next() : String.join(" or ", ttls) + " (per input)";
            if (!ttls.isEmpty()) {
                Optional<OneRowSide> oneRow = OneRowSide.of(join, judged.get()).filter(o -> o.side() == 1);
                if (BINARY.contains(join.joinType())) {
                    joinClauses.computeIfAbsent(ttl, t -> new LinkedHashSet<>()).add(join.joinType());
                    continue;
                }
                joinClauses.put("; a regular " + join.joinType() + " join keeps each row " + ttl + " after it was stored, not"
                        + " after its key's last change" + (oneRow.isPresent() && SEMI_OR_ANTI.contains(join.joinType())
                                ? oneRowRows(ttl, join.joinType(), facts, judged.get().views())
                                : joinRows(ttl, join.joinType(), facts, judged.get().views())), Set.of());
            }
        }
        Set<String> joins = new LinkedHashSet<>();
        joinClauses.forEach((clause, types) -> joins.add(types.isEmpty() ? clause
                : binaryJoins(clause, types, facts, judged.get().views())));
        for (PlanNode multi : judged.get().nodes()) {
            Set<String> ttls = new LinkedHashSet<>();
            if (multi.is("MultiJoin")) {
                expiring(multi).forEach(t -> ttls.add(StateTtl.format(t)));
            }
            if (!ttls.isEmpty()) {
                String ttl = ttls.size() == 1 ? ttls.iterator().next() : String.join(" or ", ttls) + " (per input)";
                joins.add("; the MultiJoin keeps each row of its inputs " + ttl + " after it was stored, not after its key's"
                        + " last change" + multiJoinRows(ttl));
            }
        }
        for (Operator.Deduplicate dedup : judged.get().operators(Operator.Deduplicate.class)) {
            if (!dedup.keepLastRow()) {
                expiring(dedup.node()).findFirst().ifPresent(t -> firsts.add(StateTtl.format(t)));
            }
        }
        Set<String> normalizes = new LinkedHashSet<>();
        for (Operator.ChangelogNormalize normalize : judged.get().operators(Operator.ChangelogNormalize.class)) {
            expiring(normalize.node()).findFirst().ifPresent(t -> normalizes.add(StateTtl.format(t)));
        }
        String out = "";
        out += String.join("", joins);
        if (!firsts.isEmpty()) {
            out += "; a deduplication that keeps the first row forgets a key " + String.join(", ", firsts)
                    + " after its first row, even while duplicates keep arriving (a duplicate does not renew it), so the"
                    + " next duplicate is emitted again as a first row";
        }
        if (!normalizes.isEmpty()) {
            out += "; the ChangelogNormalize, which keeps the last row of each key of its changelog source, forgets a"
                    + " key's row " + String.join(", ", normalizes)
                    + " after its last change, and a change of that key arriving later finds no row: a delete is dropped (the"
                    + " row is never deleted downstream), and an update is emitted as a new row without retracting the one it"
                    + " replaces (an aggregation or join over it keeps both)";
        }
        return out;
    }

    /**
     * The clause for the partitioned OVER aggregates of a rewrite's plan whose state a job TTL of {@code
     * value} frees ({@code table.exec.state.ttl}, the only TTL an OVER takes; {@link
     * PartitionedOver#keepsStatePerKey}): Flink frees a partition that has had no row for the TTL (a
     * processing-time cleanup timer, {@code KeyedProcessFunctionWithCleanupState}, fires between the TTL
     * and 1.5 times it; {@code ProcTimeUnboundedPrecedingFunction} uses a state TTL, Flink 2.3.0), and
     * the partition's next row finds no state ({@link PartitionedOver#restart}). Empty when the plan has
     * none or {@code value} is no TTL.
     */
    static String overAggregates(Optional<ExplainedPlan> judged, String value) {
        Optional<Duration> ttl = StateTtl.parse(value);
        if (judged.isEmpty() || ttl.isEmpty() || ttl.get().isZero() || ttl.get().isNegative()) {
            return "";
        }
        Set<String> clauses = new LinkedHashSet<>();
        for (Operator.OverAggregate over : judged.get().operators(Operator.OverAggregate.class)) {
            if (PartitionedOver.keepsStatePerKey(over)) {
                clauses.add("; the OVER aggregate partitioned by " + String.join(", ", over.partitionKeys())
                        + " forgets a partition that has had no row for " + StateTtl.format(ttl.get())
                        + " (Flink frees it by a timer, up to 1.5 times that): "
                        + PartitionedOver.restart(over.frame().orElseThrow()));
            }
        }
        return String.join("", clauses);
    }

    /**
     * The clause for the event-time temporal joins of a rewrite's plan under a job TTL of {@code
     * value} ({@code table.exec.state.ttl}; a {@code STATE_TTL} hint does not reach a temporal join):
     * the TTL is its idle timeout ({@link TemporalJoins#idleTimeout}). Empty when the plan has no
     * temporal join or {@code value} is no TTL.
     */
    static String temporalJoins(Optional<ExplainedPlan> judged, String value) {
        Optional<Duration> ttl = StateTtl.parse(value);
        if (judged.isEmpty() || ttl.isEmpty() || ttl.get().isZero() || ttl.get().isNegative()) {
            return "";
        }
        List<PlanNode> joins = TemporalJoins.of(judged.get());
        if (joins.isEmpty()) {
            return "";
        }
        return "; the temporal join takes the TTL as an idle timeout: "
                + TemporalJoins.idleTimeout(StateTtl.format(ttl.get()), joins);
    }

    /**
     * The clause for the Top-Ns of a rewrite's plan that keep each row as a state entry of its own
     * and whose state expires there, for a TTL the rewrite sets for the whole statement ({@code SET
     * 'table.exec.state.ttl'}, the only TTL that reaches a Top-N); empty when it has none.
     */
    static String rankEntries(Optional<ExplainedPlan> judged) {
        if (judged.isEmpty() || !judged.get().compiled()) {
            return "";
        }
        Set<String> ttls = new LinkedHashSet<>();
        for (Operator.Rank rank : judged.get().operators(Operator.Rank.class)) {
            if (keepsRowsAsEntries(rank)) {
                expiring(rank.node()).findFirst().ifPresent(t -> ttls.add(StateTtl.format(t)));
            }
        }
        if (ttls.isEmpty()) {
            return "";
        }
        String ttl = String.join(", ", ttls);
        return "; the Top-N keeps each of its rows as a state entry of its own (one per ORDER BY value, or per row key"
                + " where its input updates by key), renewed only when a row of it arrives or leaves: a row that stays in"
                + " the Top-N unchanged for " + ttl + " expires while its key keeps receiving rows, and once Flink reads"
                + " the ranking back from state (for every row where the input retracts, else after a restore or when the"
                + " key leaves the Top-N cache) a lower row is ranked in its place and the expired row is never retracted"
                + " downstream";
    }

    /**
     * False for the Top-Ns whose state is one value per key ({@code FastTop1Function}, a Top-1 of an
     * append-only or key-updating input; {@code AppendOnlyFirstNFunction}, the first rows by one
     * ascending processing-time key); true for the others, an ascending event-time Top-N included
     * ({@code AppendOnlyTopNFunction}: Flink 2.3.0 and 1.20 {@code StreamExecRank#translateToPlanInternal}
     * picks the first-N function only where {@code TypeCheckUtils#isProcTime} of the one sort key).
     * Where the plan does not say which time the key is (EXPLAIN text), it is taken as the first-N
     * function: no clause rather than a wrong one.
     */
    private static boolean keepsRowsAsEntries(Operator.Rank rank) {
        if (rank.retracts()) {
            return true;
        }
        boolean top1 = rank.rankStart().orElse(-1) == 1 && rank.rankEnd().orElse(-1) == 1;
        boolean firstByProcessingTime = rank.orderKeys().size() == 1 && rank.orderKeys().get(0).ascending()
                && rank.orderTime().map(t -> t == Column.TimeAttribute.PROCTIME).orElse(true);
        return !top1 && !firstByProcessingTime;
    }

    /** The TTLs of {@code node}'s state entries that expire (a TTL of 0 keeps the entry forever). */
    private static Stream<Duration> expiring(PlanNode node) {
        return node.state().stream().map(OperatorState::ttl).filter(t -> !t.isZero() && !t.isNegative());
    }
}
