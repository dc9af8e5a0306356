package io.github.sqlguard.rules.config;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.Facts;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.StateTtlOptions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ttl-bare-number}: a state TTL written without a unit ({@code table.exec.state.ttl} in SET,
 * session properties or per-statement config, or a {@code STATE_TTL} hint value). Flink's {@code
 * TimeUtils.parseDuration} reads a bare number as milliseconds, so {@code '24'} is 24 ms. {@code
 * '0'} is 0 in any unit and is not reported. A bare value at or above {@code sql-guard.min-state-ttl}
 * (for example {@code '3600000'}, 1 h as meant) is only advised ({@link Level#INFO}), unless it
 * looks like a dropped or an extra zero of a common duration ({@code '360000'}, 6 min, beside 1 h;
 * see {@link TtlSlip}): that takes the configured level and names the likely intent.
 */
public final class TtlBareNumberRule implements Rule {

    public static final String ID = "ttl-bare-number";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.WARN,
                    "State TTL with no unit: Flink reads `'24'` as 24 milliseconds.",
                    StateTtlOptions.MIN_STATE_TTL);

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public List<RuleHit> check(AnalysisContext context) {
        List<RuleHit> hits = new ArrayList<>();
        for (WrittenTtl ttl : WrittenTtl.of(context)) {
            check(ttl, context, hits);
        }
        return hits;
    }

    private static void check(WrittenTtl ttl, AnalysisContext context, List<RuleHit> hits) {
        String value = ttl.value();
        String where = ttl.where();
        if (!StateTtl.isBareNumber(value)) {
            return;
        }
        long number;
        try {
            number = Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            number = Long.MAX_VALUE;
        }
        if (number == 0) {
            return;
        }
        Duration read = Duration.ofMillis(number);
        Duration min = context.option(StateTtlOptions.MIN_STATE_TTL);
        boolean longEnough = read.compareTo(min) >= 0;
        List<Duration> meant = TtlSlip.likelyMeant(number, min);
        if (!meant.isEmpty()) {
            hits.add(slip(ttl, number, read, meant, longEnough));
        } else if (longEnough) {
            hits.add(
                    new RuleHit(
                            "'" + value.strip() + "' has no unit; Flink reads it as " + number + " ms (" + StateTtl.format(read)
                                    + "). Write the unit so readers do not have to guess.",
                            where,
                            "",
                            ttl.rewrite("'" + StateTtl.format(read) + "'"),
                            Level.INFO).with(Facts.NONE.withIntendedTtl(read)));
        } else {
            String intent = StateTtl.likelyIntent(number);
            hits.add(
                    RuleHit.of(
                            "'" + value.strip() + "' has no unit, so Flink reads it as " + number + " ms, not " + intent
                                    + " as was probably meant: state would expire almost at once.",
                            where,
                            "",
                            "Write the unit: " + ttl.rewrite(intent) + ".")
                            .with(Facts.NONE.withIntendedTtl(StateTtl.parse(intent.replace("'", "")).orElseThrow())));
        }
    }

    /** A bare value one zero away from a common duration: probably a typo of that duration. */
    private static RuleHit slip(WrittenTtl ttl, long number, Duration read, List<Duration> meant, boolean longEnough) {
        String value = ttl.value().strip();
        List<String> likely = new ArrayList<>();
        for (Duration d : meant) {
            String how = d.toMillis() > number ? "a dropped zero" : "an extra zero";
            likely.add(d.toMillis() + " ms (" + StateTtl.format(d) + "), with " + how);
        }
        String intent = "'" + StateTtl.format(meant.get(0)) + "'";
        return RuleHit.of(
                "'" + value + "' has no unit, so Flink reads it as " + number + " ms (" + StateTtl.format(read)
                        + "); it looks like " + String.join(" or ", likely) + ": " + intent + " was probably meant"
                        + (longEnough ? "." : ", and state would expire almost at once."),
                ttl.where(),
                "",
                "Write the unit: " + ttl.rewrite(intent) + " if " + StateTtl.format(meant.get(0)) + " was meant, or "
                        + ttl.rewrite("'" + StateTtl.format(read) + "'") + " if " + StateTtl.format(read) + " is right.")
                .with(Facts.NONE.withIntendedTtl(meant.get(0)));
    }
}
