package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.PipelineTtls;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * The state TTL the guard proposes for a statement, and why: the configured one ({@code
 * sql-guard.rewrite.state-ttl}), or the statement's own longest time bound where that is longer ({@link
 * TimeBounds}: a join whose condition keeps rows {@code INTERVAL '3' DAY} apart needs its rows for 3 days, and a
 * TTL of 1 d would silently lose every later match), or the longest TTL the statement pins on a pipeline that a
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
     * the bounds of the statement's own text only (not of the views it reads).
     */
    public static ProposedTtl forStatement(Duration configured, Optional<String> sql, Optional<ExplainedPlan> plan) {
        // Parsed again only where a bound can be: most statements carry no INTERVAL.
        Optional<TimeBounds.Bound> bound = sql
                .filter(body -> body.toUpperCase(Locale.ROOT).contains("INTERVAL"))
                .flatMap(SqlTrees::parse)
                .flatMap(TimeBounds::longest);
        return of(configured, bound, plan);
    }

    /** The TTL to propose given the configured one, the statement's longest time bound and its plan. */
    static ProposedTtl of(Duration configured, Optional<TimeBounds.Bound> longest, Optional<ExplainedPlan> plan) {
        String setting = SqlTrees.duration(configured) + " (" + RewriteOptions.STATE_TTL.key() + ")";
        ProposedTtl proposed = new ProposedTtl(configured, "state TTL " + setting);
        if (longest.isPresent() && longest.get().duration().compareTo(configured) > 0) {
            proposed = new ProposedTtl(longest.get().duration(), "state TTL " + SqlTrees.duration(longest.get().duration())
                    + ", the statement's own time bound (" + longest.get().sql() + " in its conditions), longer than "
                    + setting);
        }
        Optional<PipelineTtls.Pinned> pinned = PipelineTtls.longestPinned(plan);
        if (pinned.isPresent() && pinned.get().ttl().compareTo(proposed.ttl()) > 0) {
            String ttl = SqlTrees.duration(pinned.get().ttl());
            proposed = new ProposedTtl(pinned.get().ttl(), "state TTL " + ttl + ", the TTL the statement gives "
                    + pinned.get().where() + " (compiled plan), so that no operator of its pipeline forgets a key"
                    + " before another still holds the key's rows; longer than " + setting);
        }
        return proposed;
    }
}
