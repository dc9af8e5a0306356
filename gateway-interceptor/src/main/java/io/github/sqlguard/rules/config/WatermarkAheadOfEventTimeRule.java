package io.github.sqlguard.rules.config;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.statement.ParsedStatement.Watermark;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code watermark-ahead-of-event-time}: a {@code CREATE TABLE} whose {@code WATERMARK} runs ahead of its event-time
 * column ({@code WATERMARK FOR ts AS ts + INTERVAL '5' SECOND}, or {@code ts - INTERVAL - '5' SECOND}). Flink accepts
 * it (case 1187, on 2.3 and 1.20): the strategy is any expression of the row. But Flink's {@code
 * WatermarkAssignerOperator} emits the largest value of the strategy seen so far, so after a row at {@code t} the
 * watermark is {@code t + 5 s}: it declares that no row earlier than {@code t + 5 s} is still to come, which the very
 * next rows in order contradict. An event-time window fires as soon as the watermark passes its end, 5 s early, and
 * drops each row that then arrives for it ({@code AbstractSliceSyncStateWindowAggProcessor#processElement}: "the last
 * window has been triggered, so the element can be dropped"); interval joins, event-time Top-N and MATCH_RECOGNIZE
 * treat those rows as late too. The fix is the delay the author probably meant, {@code ts - INTERVAL '5' SECOND}.
 *
 * <p>A strategy that is no column plus or minus an interval literal (a function, another column) is not judged: the
 * DDL alone does not tell how far it runs from the column ({@code ParsedStatement.Watermark#delay}).
 */
public final class WatermarkAheadOfEventTimeRule implements Rule {

    public static final String ID = "watermark-ahead-of-event-time";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.WARN,
                    "A table's `WATERMARK` runs ahead of its event time (`ts + INTERVAL '5' SECOND`): every window"
                            + " downstream fires early and drops the rows still to come for it.");

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public List<RuleHit> check(AnalysisContext context) {
        List<RuleHit> hits = new ArrayList<>();
        for (Watermark watermark : context.statement().facts().watermarks()) {
            if (watermark.delay().isEmpty() || !watermark.delay().get().isNegative()) {
                continue;
            }
            Duration ahead = watermark.delay().get().negated();
            String by = StateTtl.format(ahead);
            String column = watermark.eventTime();
            // As the user wrote it (ts - INTERVAL - '5' SECOND), not as Flink's parser prints it (INTERVAL -'5' SECOND).
            String written = watermark.written(context.statement().text());
            hits.add(new RuleHit(
                    "The watermark of " + column + " runs " + by + " ahead of its event time (" + written
                            + "): after a row at time t, Flink's watermark is t + " + by + ", which says no earlier row"
                            + " is still to come. Rows that arrive in order within " + by + " of the latest are late:"
                            + " an event-time window downstream fires " + by + " before its end and drops them, and"
                            + " interval joins, event-time Top-N and MATCH_RECOGNIZE treat them as late too.",
                    "WATERMARK FOR " + column + " AS " + written + " (line " + watermark.line() + ")",
                    "",
                    "Let the watermark trail event time by the lateness the data has: WATERMARK FOR " + column + " AS "
                            + trailing(column, ahead) + ".",
                    Level.BLOCK));
        }
        return hits;
    }

    /**
     * The strategy that lets the watermark of {@code column} trail it by {@code delay}: {@code ts - INTERVAL '5' SECOND}.
     * The fix's strategy and the one the {@code watermark-trailing} rewrite writes.
     */
    public static String trailing(String column, Duration delay) {
        return column + " - INTERVAL '" + amount(delay) + "' " + unit(delay);
    }

    /** The number of {@link #unit} in {@code d}: {@code 5} for 5 s, {@code 1.5} for 1500 ms. */
    private static String amount(Duration d) {
        long millis = d.toMillis();
        long unit = unitMillis(d);
        return millis % unit == 0 ? Long.toString(millis / unit)
                : java.math.BigDecimal.valueOf(millis).divide(java.math.BigDecimal.valueOf(unit)).stripTrailingZeros()
                        .toPlainString();
    }

    private static String unit(Duration d) {
        long unit = unitMillis(d);
        return unit == 86_400_000L ? "DAY" : unit == 3_600_000L ? "HOUR" : unit == 60_000L ? "MINUTE" : "SECOND";
    }

    /** The largest of DAY, HOUR, MINUTE and SECOND that {@code d} is a whole number of; SECOND otherwise. */
    private static long unitMillis(Duration d) {
        long millis = d.toMillis();
        for (long unit : new long[] {86_400_000L, 3_600_000L, 60_000L}) {
            if (millis % unit == 0) {
                return unit;
            }
        }
        return 1_000L;
    }
}
