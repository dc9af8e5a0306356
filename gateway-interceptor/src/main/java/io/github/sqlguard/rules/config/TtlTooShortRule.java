package io.github.sqlguard.rules.config;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.StateTtl;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code ttl-too-short}: a state TTL above 0 and below {@code sql-guard.min-state-ttl} (default 1
 * min), from a SET, a session property, per-statement execution config or a {@code STATE_TTL}
 * hint. State that expires within seconds makes aggregations, joins and Top-N silently forget keys:
 * results are wrong without an error.
 */
public final class TtlTooShortRule implements Rule {

    public static final String ID = "ttl-too-short";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Level defaultLevel() {
        return Level.BLOCK;
    }

    @Override
    public String summary() {
        return "State TTL above 0 but below the minimum: state expires before it is useful.";
    }

    @Override
    public List<RuleHit> check(AnalysisContext context) {
        List<RuleHit> hits = new ArrayList<>();
        Duration min = context.thresholds().minStateTtl();
        for (WrittenTtl ttl : WrittenTtl.of(context)) {
            check(StateTtl.parse(ttl.value()), ttl.value(), ttl.where(), min, hits);
        }
        return hits;
    }

    private static void check(
            Optional<Duration> parsed, String value, String where, Duration min, List<RuleHit> hits) {
        if (parsed.isEmpty()) {
            return;
        }
        Duration ttl = parsed.get();
        if (!ttl.isZero() && !ttl.isNegative() && ttl.compareTo(min) < 0) {
            hits.add(
                    RuleHit.of(
                            "A state TTL of '" + value.strip() + "' is " + ttl.toMillis() + " ms, below the minimum of "
                                    + StateTtl.format(min) + " (sql-guard.min-state-ttl): state would expire before later rows"
                                    + " of the same key arrive and results would be silently wrong.",
                            where,
                            "",
                            "Use a TTL longer than the time between rows of one key, with a unit, e.g. '1 d' or '12 h'; '0' keeps"
                                    + " state forever."));
        }
    }
}
