package io.github.sqlguard.rewrite;

import java.util.List;

/**
 * Every built-in rewrite family, in the order the {@link Rewriter} asks them for one finding: for
 * each rule, the family whose rewrite keeps more of the statement's meaning comes first.
 *
 * <p>Each family declares itself once ({@link FamilyDeclaration}); the table of families per rule in
 * {@code docs/user-guide/rewrites.md} and each rule page's rewrites line are generated from this list
 * ({@code RuleCatalogDocsTest}), in this order.
 *
 * <p>A structural rewrite (a window, a watermark that makes a Top-1 a {@code Deduplicate}) comes
 * before a state TTL, which only forgets what the statement keeps: the first rewrite shown under a
 * finding is the structural one where it plans.
 *
 * <p>A structural rewrite proven for one finding also answers a BLOCK finding of the same plan node
 * (the {@code window-partition} of a {@code window-rank-not-recognized} answers the {@code
 * unbounded-rank} of the same {@code Rank}), proven again for that finding's rule, and is shown under
 * it before the state TTL ({@link Rewriter}); the families of {@link #structural} lend theirs.
 *
 * <p>{@code ranking-dropped} comes first: where the aggregation below a Top-1 already keeps one row per
 * partition, dropping the ranking keeps the statement's meaning exactly and leaves no state to bound.
 *
 * <p>{@code bounded-sort} comes before {@code time-attribute-order} for {@code sort-non-time}: a
 * Top-N keeps the order the user asked for, where a sort that starts with the time attribute keeps
 * it only among rows of the same time.
 */
public final class RewriteFamilies {

    private RewriteFamilies() {}

    /** The declarations of {@link #builtIn()}, in its order: what the documentation is generated from. */
    public static List<FamilyDeclaration> declarations() {
        return builtIn().stream().map(RewriteFamily::declaration).toList();
    }

    /**
     * The families that only bound the state with a TTL or write configuration: they keep the plan's
     * operators as they are ({@code state-ttl-hint}, {@code session-state-ttl}, the TTL's unit, key,
     * quotes, place or hint, a sink's {@code ON CONFLICT} choice, a table's {@code WATERMARK} made to trail its event
     * time: a DDL, not planned).
     */
    private static final java.util.Set<String> TTL_OR_CONFIGURATION = java.util.Set.of(
            StateTtlHint.ID, SessionStateTtl.ID, TtlWithUnit.ID, TtlKey.ID, QuotedSet.ID, QuotedNames.ID, TtlAsJobSetting.ID, HintMoved.ID,
            OnConflictChoice.ID, WatermarkTrailing.ID);

    /**
     * True for a family whose rewrite changes the plan's operators (a window, a watermark, a lookup or
     * temporal join, a Top-N filter, ...), false for one that only sets a state TTL or writes
     * configuration ({@link #TTL_OR_CONFIGURATION}).
     */
    static boolean structural(String family) {
        return !TTL_OR_CONFIGURATION.contains(family);
    }

    static List<RewriteFamily> builtIn() {
        return List.of(
                new RankingDropped(),
                new WindowAggregate(),
                new WindowTopN(),
                new WindowPartition(),
                new WindowJoinCondition(),
                new WindowGroup(),
                new BoundedSort(),
                new TimeAttributeOrder(),
                new WatermarkDdl(),
                new LookupJoin(),
                new TemporalJoin(),
                new LastValueDedup(),
                new TopNFilter(),
                new RankInSubquery(),
                new FrameRemoved(),
                new FrameEndsAtCurrentRow(),
                new TiedRankingDropped(),
                new RowNumberFunction(),
                new StateTtlHint(),
                new SessionStateTtl(),
                new TtlWithUnit(),
                new TtlKey(),
                new QuotedSet(),
                new QuotedNames(),
                new TtlAsJobSetting(),
                new HintMoved(),
                new WatermarkTrailing(),
                new GroupByWrittenKey(),
                new JoinEqualColumn(),
                new LookupJoinKey(),
                new OnConflictChoice());
    }
}
