package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.config.WatermarkAheadOfEventTimeRule;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.ParsedStatement.Watermark;
import io.github.sqlguard.statement.StatementKind;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code watermark-trailing}, for {@code watermark-ahead-of-event-time}: the {@code CREATE TABLE} as the user wrote it,
 * but its {@code WATERMARK} strategy ({@code ts + INTERVAL '5' SECOND}, {@code ts - INTERVAL - '5' SECOND}) replaced,
 * where the parser placed it, by one that trails the event time by the same interval ({@code ts - INTERVAL '5'
 * SECOND}): the author's interval read as the lateness meant, as the finding's fix says. Nothing else of the text
 * changes. A DDL is not planned, so the proof is Flink's and the guard's own: the session's parser and catalog
 * manager must resolve the rewritten table's watermark ({@link RewriteSession#createdWatermark}: the strategy of a
 * {@code TIMESTAMP(3)} or {@code TIMESTAMP_LTZ(3)} type, on the same rowtime column), and the guard's judgement of the
 * rewritten DDL must no longer report the rule ({@link Prover}).
 */
final class WatermarkTrailing implements RewriteFamily {

    static final String ID = "watermark-trailing";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(WatermarkAheadOfEventTimeRule.ID),
            List.of(),
            "the `CREATE TABLE` with its `WATERMARK` trailing event time by the interval written ahead of it (`ts + INTERVAL"
                    + " '5' SECOND` becomes `ts - INTERVAL '5' SECOND`), the rest as written; Flink resolves the new"
                    + " strategy before it is shown");

    @Override
    public FamilyDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public List<Candidate> candidates(Finding finding, RewriteContext context) {
        ParsedStatement statement = context.request().statement();
        if (statement.kind() != StatementKind.DDL) {
            return List.of();
        }
        String text = context.text();
        for (Watermark watermark : statement.facts().watermarks()) {
            // One WATERMARK per table (Flink refuses a second): the finding's own, where it runs ahead.
            if (watermark.delay().isEmpty() || !watermark.delay().get().isNegative() || watermark.span().isEmpty()) {
                continue;
            }
            Duration delay = watermark.delay().get().negated();
            Optional<String> written = watermark.span().get().in(text);
            if (written.isEmpty()) {
                continue;
            }
            ParsedStatement.Span span = watermark.span().get();
            int start = span.start(text);
            String trailing = WatermarkAheadOfEventTimeRule.trailing(watermark.eventTime(), delay);
            String rewritten = text.substring(0, start) + trailing + text.substring(start + written.get().length());
            Optional<String> resolved = context.session().createdWatermark(rewritten);
            if (resolved.isEmpty()) {
                // Flink does not resolve the rewritten table's watermark: nothing to show.
                continue;
            }
            String by = StateTtl.format(delay);
            return List.of(new Candidate(
                    ID, context.answering(finding), List.of(), rewritten, rewritten, Map.of(), List.of(), Intent.NO_PLAN,
                    Columns.SAME,
                    "the watermark of " + watermark.eventTime() + " trails its event time by " + by + " instead of running "
                            + by + " ahead: an event-time window over the table fires once a row " + by + " past its end"
                            + " has arrived, not " + by + " before its end, so its results come " + StateTtl.format(delay.multipliedBy(2)) + " later"
                            + " than they did, and only a row more than " + by + " behind the latest row seen is late",
                    "watermark delay " + by + ", the interval the DDL wrote ahead of the event time (Flink resolves it as "
                            + resolved.get() + ")",
                    Optional.empty(), Optional.empty()));
        }
        return List.of();
    }
}
