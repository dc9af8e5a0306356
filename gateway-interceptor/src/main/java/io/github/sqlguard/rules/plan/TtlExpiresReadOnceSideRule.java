package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.BoundedJoinSide;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.statement.ParsedStatement.SqlOption;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code ttl-expires-read-once-side}: a regular join with a side read once (a bounded source, {@link
 * BoundedJoinSide}: a {@code filesystem} table without {@code source.monitor-interval}, a {@code datagen} with {@code
 * number-of-rows}) whose state for that side has a TTL, from a {@code STATE_TTL} hint that names the side or from
 * the session's {@code table.exec.state.ttl}, as Flink's compiled plan gives it ({@code leftState} / {@code
 * rightState}). The join keeps that side's rows for the other side's later rows to match; they are read once and never
 * come again, and Flink's join state TTL counts from a row's last write ({@code StateTtlConfig.UpdateType.OnCreateAndWrite}:
 * its read, and on an outer side each match, which {@code OuterJoinRecordStateView} counts), so once the TTL has
 * passed the rows are gone for good and the join matches nothing from that side: an INNER join drops the stream's
 * later rows, a LEFT join pads them with NULLs. No error says so. The fix gives that side no TTL
 * (its state holds the rows read, no more) and keeps the streaming side's.
 *
 * <p>Only from a compiled plan (its state entries are Flink's own TTL per side). Any TTL above 0 is reported, however
 * long: a long one expires the rows too, later.
 */
public final class TtlExpiresReadOnceSideRule extends StreamingPlanRule {

    public static final String ID = "ttl-expires-read-once-side";

    public static final RuleDeclaration DECLARATION = RuleDeclaration.check(
            ID, Level.WARN,
            "A state TTL (a `STATE_TTL` hint or `table.exec.state.ttl`) reaches the side of a regular join that is read"
                    + " once (a bounded source): its rows expire for good, and the join then matches nothing from it.");

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    protected List<RuleHit> check(AnalysisContext context, ExplainedPlan plan) {
        List<RuleHit> hits = new ArrayList<>();
        if (!plan.compiled()) {
            return hits;
        }
        StatementNames names = new StatementNames(plan, context);
        for (Operator.Join join : plan.operators(Operator.Join.class)) {
            Optional<BoundedJoinSide> bounded = BoundedJoinSide.of(join, plan);
            if (bounded.isEmpty()) {
                continue;
            }
            int once = bounded.get().side();
            Optional<Duration> ttl = StatefulWithoutTtlRule.stateTtl(join.node(), once == 0 ? "leftState" : "rightState");
            if (ttl.isEmpty() || ttl.get().isZero()) {
                continue;
            }
            hits.add(PlanRules.hit(plan, join, reason(context, join, bounded.get(), ttl.get(), names),
                    fix(context, join, bounded.get(), names)));
        }
        return hits;
    }

    private static String reason(
            AnalysisContext context, Operator.Join join, BoundedJoinSide bounded, Duration ttl, StatementNames names) {
        String side = StatefulWithoutTtlRule.sideName(join, bounded.side(), names);
        String stream = StatefulWithoutTtlRule.sideName(join, bounded.streaming(), names);
        String from = hinted(context, join, bounded.side(), names)
                .map(o -> "the STATE_TTL hint's '" + o.key() + "' = '" + o.value() + "'")
                .orElse("the session's table.exec.state.ttl");
        String type = join.joinType();
        boolean padded = type.equals("LEFT") && bounded.side() == 1 || type.equals("RIGHT") && bounded.side() == 0
                || type.equals("FULL");
        // An outer side's row is written again when it matches (Flink's OuterJoinRecordStateView counts its matches),
        // which starts its TTL anew; an inner side's row is written once, when it is read.
        boolean outer = type.equals("LEFT") && bounded.side() == 0 || type.equals("RIGHT") && bounded.side() == 1
                || type.equals("FULL");
        return join.node().label() + " is a regular " + type + " join whose " + bounded.name() + " side ("
                + side + ") is a bounded source, read once, and its state for that side expires after "
                + StateTtl.format(ttl) + " (" + from + ", Flink's compiled plan): those rows never come again, so"
                + " a row kept that long " + (outer ? "since it was read or last matched" : "since it was read")
                + " is gone for good, and the join matches no later row of the " + bounded.streamingName() + " side ("
                + stream + ") with it: " + (padded ? "the " + type + " join pads those rows with NULLs" : "it drops those rows")
                + ", silently.";
    }

    private static String fix(AnalysisContext context, Operator.Join join, BoundedJoinSide bounded, StatementNames names) {
        Optional<String> once = StatefulWithoutTtlRule.hintSide(join, bounded.side(), names);
        Optional<String> stream = StatefulWithoutTtlRule.hintSide(join, bounded.streaming(), names);
        String side = once.orElse(StatefulWithoutTtlRule.sideName(join, bounded.side(), names));
        StringBuilder fix = new StringBuilder("Give the side read once (").append(side).append(") no TTL");
        Optional<SqlOption> hinted = hinted(context, join, bounded.side(), names);
        if (hinted.isPresent() && stream.isPresent()) {
            // The streaming side's own TTL where it has one; else the one a fix proposes (stateful-without-ttl's).
            Optional<Duration> streamTtl = StatefulWithoutTtlRule.stateTtl(join.node(), bounded.streamingState())
                    .filter(d -> !d.isZero());
            String value = streamTtl.map(StateTtl::format).orElse(context.advised().stateTtlText());
            fix.append(": drop '").append(hinted.get().key()).append("' from the hint, and bound ")
                    .append(BoundedJoinSide.streamingAlone(stream.get(), side, BoundedJoinSide.option(stream.get(), value)))
                    .append(StatefulWithoutTtlRule.watermarkNote(join, bounded.streaming(), names));
        } else if (once.isPresent()) {
            fix.append(": ").append(BoundedJoinSide.pinUnderSet(once.get()))
                    .append(StatefulWithoutTtlRule.watermarkNote(join, bounded.side(), names));
        } else {
            fix.append(": its state holds the rows read, no more, and they must stay for the join to keep matching; a")
                    .append(" STATE_TTL hint of '0' on the SELECT that joins it, naming it, keeps its rows (the session's")
                    .append(" table.exec.state.ttl still bounds the other side)");
        }
        return fix.append('.').toString();
    }

    /** The statement's {@code STATE_TTL} hint option that names the side {@code side} of {@code join}; empty where none does. */
    private static Optional<SqlOption> hinted(AnalysisContext context, Operator.Join join, int side, StatementNames names) {
        Optional<String> name = StatefulWithoutTtlRule.hintSide(join, side, names);
        return name.flatMap(n -> context.statement().stateTtlHints().stream()
                .filter(o -> o.key().equalsIgnoreCase(n)).findFirst());
    }
}
