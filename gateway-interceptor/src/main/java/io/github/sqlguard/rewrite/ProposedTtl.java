package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.PipelineTtls;
import io.github.sqlguard.plan.ViewTimeBound;
import io.github.sqlguard.statement.TimeBounds;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * The state TTL the guard proposes for a statement, and why: the configured one ({@code
 * sql-guard.rewrite.state-ttl}), or the longest time bound of the statement or of the views it reads where that
 * is longer ({@link TimeBounds}, {@link ExplainedPlan#viewTimeBound()}: a join whose condition keeps rows {@code
 * INTERVAL '3' DAY} apart needs its rows for 3 days, and a TTL of 1 d would silently lose every later match), or the longest TTL the statement pins on a pipeline that a
 * session TTL reaches where that is longer still ({@link PipelineTtls#longestPinned}: an operator the session TTL
 * reaches must not forget a key before an operator of its pipeline that the statement pins longer still holds the
 * key's rows). The one place this is decided, for the fixes' advised TTL and for the rewrites.
 *
 * <p>Stability: internal.
 *
 * @param ttl the TTL
 * @param chosen where it comes from, for a rewrite's {@code chosen} line
 */
public record ProposedTtl(Duration ttl, String chosen) {

    /** As the SQL writes it: {@code 3 d}. */
    String value() {
        return SqlTrees.duration(ttl);
    }

    /**
     * The TTL to propose for the statement {@code sql} of plan {@code plan}, given the configured {@code configured}:
     * the one value both a finding's fix ({@code service.StatementGuard}) and the rewrites ({@code RewriteContext})
     * propose. The bounds are the statement's own, read from its text, and those of the views it reads, read by the
     * planning ({@link ExplainedPlan#viewTimeBound()}).
     */
    public static ProposedTtl forStatement(Duration configured, Optional<String> sql, Optional<ExplainedPlan> plan) {
        return forStatement(configured, RewriteOptions.STATE_TTL.key(), sql, plan);
    }

    /**
     * As {@link #forStatement(Duration, Optional, Optional)}, from {@code base} named {@code named} instead of the
     * configured TTL: a TTL the user wrote where Flink does not read it ({@code ttl-as-job-setting}: the table option's
     * {@code '1 d'}), made to cover the statement's bounds.
     */
    static ProposedTtl forStatement(Duration configured, String named, Optional<String> sql, Optional<ExplainedPlan> plan) {
        // Parsed again only where a bound can be: most statements carry no INTERVAL.
        Optional<TimeBounds.Bound> own = sql
                .filter(body -> body.toUpperCase(Locale.ROOT).contains("INTERVAL"))
                .flatMap(SqlTrees::parse)
                .flatMap(TimeBounds::longest);
        Optional<ViewTimeBound> view = plan.flatMap(ExplainedPlan::viewTimeBound);
        Optional<PipelineTtls.Pinned> pinned = PipelineTtls.longestPinned(plan);
        String setting = SqlTrees.duration(configured) + " (" + named + ")";
        ProposedTtl proposed = new ProposedTtl(configured, "state TTL " + setting);
        if (own.isPresent()) {
            proposed = proposed.orLonger(own.get().duration(), "the statement's own time bound (" + own.get().sql()
                    + " in its conditions), longer than " + setting);
        }
        if (view.isPresent()) {
            proposed = proposed.orLonger(view.get().duration(), "the time bound of the view " + view.get().view() + " ("
                    + view.get().sql() + " in its conditions), longer than " + setting);
        }
        if (pinned.isPresent()) {
            proposed = proposed.orLonger(pinned.get().ttl(), "the TTL the statement gives " + pinned.get().where()
                    + " (compiled plan), so that no operator of its pipeline forgets a key before another still holds"
                    + " the key's rows; longer than " + setting);
        }
        return proposed;
    }

    /** This TTL, or {@code ttl} where that is longer, chosen for {@code why}. */
    private ProposedTtl orLonger(Duration ttl, String why) {
        return ttl.compareTo(this.ttl) > 0 ? new ProposedTtl(ttl, "state TTL " + SqlTrees.duration(ttl) + ", " + why) : this;
    }
}
