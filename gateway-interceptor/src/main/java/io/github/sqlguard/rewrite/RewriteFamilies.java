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

    static List<RewriteFamily> builtIn() {
        return List.of(
                new WindowAggregate(),
                new WindowTopN(),
                new WindowPartition(),
                new BoundedSort(),
                new TimeAttributeOrder(),
                new WatermarkDdl(),
                new LookupJoin(),
                new TemporalJoin(),
                new LastValueDedup(),
                new TopNFilter(),
                new RankInSubquery(),
                new FrameRemoved(),
                new RowNumberFunction(),
                new StateTtlHint(),
                new SessionStateTtl(),
                new TtlWithUnit(),
                new TtlKey(),
                new QuotedSet(),
                new TtlAsJobSetting(),
                new HintMoved(),
                new OnConflictChoice());
    }
}
