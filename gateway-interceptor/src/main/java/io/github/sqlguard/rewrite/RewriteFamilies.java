package io.github.sqlguard.rewrite;

import java.util.List;

/**
 * Every built-in rewrite family, in the order the {@link Rewriter} asks them for one finding: for
 * each rule, the family whose rewrite keeps more of the statement's meaning comes first.
 *
 * <table>
 *   <caption>Families per rule, in order</caption>
 *   <tr><th>rule</th><th>families</th></tr>
 *   <tr><td>{@code unbounded-rank}</td><td>{@code window-top-n}, {@code watermark}, {@code session-state-ttl}</td></tr>
 *   <tr><td>{@code global-rank}</td><td>{@code window-top-n}</td></tr>
 *   <tr><td>{@code window-rank-not-recognized}</td><td>{@code window-partition}</td></tr>
 *   <tr><td>{@code dedup-not-recognized}</td><td>{@code time-attribute-order}, {@code watermark}, {@code last-value}</td></tr>
 *   <tr><td>{@code row-number-without-order-by}</td><td>{@code time-attribute-order}</td></tr>
 *   <tr><td>{@code over-order-desc}</td><td>{@code top-n-filter}</td></tr>
 *   <tr><td>{@code unbounded-over-aggregate}</td><td>{@code time-attribute-order}, {@code top-n-filter}</td></tr>
 *   <tr><td>{@code rn-filter-in-same-select}</td><td>{@code rank-in-subquery}</td></tr>
 *   <tr><td>{@code frame-with-row-number}</td><td>{@code frame-removed}</td></tr>
 *   <tr><td>{@code rank-function-unsupported}</td><td>{@code row-number}</td></tr>
 *   <tr><td>{@code sort-non-time}</td><td>{@code bounded-sort}, {@code time-attribute-order}</td></tr>
 *   <tr><td>{@code ttl-bare-number}, {@code ttl-too-short}</td><td>{@code ttl-unit}</td></tr>
 *   <tr><td>{@code ttl-unknown-key}</td><td>{@code ttl-key}</td></tr>
 *   <tr><td>{@code unquoted-set-after-comment}</td><td>{@code quoted-set}</td></tr>
 *   <tr><td>{@code ttl-not-a-table-option}</td><td>{@code ttl-as-job-setting}</td></tr>
 *   <tr><td>{@code ttl-hint-ignored}</td><td>{@code hint-moved}</td></tr>
 *   <tr><td>{@code stateful-without-ttl}</td><td>{@code window-aggregate}, {@code watermark} (a join bounding time columns: an interval join), {@code state-ttl-hint}, {@code session-state-ttl}</td></tr>
 *   <tr><td>{@code on-conflict-required}</td><td>{@code on-conflict} (every choice)</td></tr>
 * </table>
 *
 * <p>A structural rewrite (a window, a watermark that makes a Top-1 a {@code Deduplicate}) comes
 * before a state TTL, which only forgets what the statement keeps: the first rewrite shown under a
 * finding is the structural one where it plans.
 *
 * <p>{@code bounded-sort} comes before {@code time-attribute-order} for {@code sort-non-time}: a
 * Top-N keeps the order the user asked for, where a sort that starts with the time attribute keeps
 * it only among rows of the same time.
 */
final class RewriteFamilies {

    private RewriteFamilies() {}

    static List<RewriteFamily> builtIn() {
        return List.of(
                new WindowAggregate(),
                new WindowTopN(),
                new WindowPartition(),
                new BoundedSort(),
                new TimeAttributeOrder(),
                new WatermarkDdl(),
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
