package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.statement.ParsedStatement.TableReference;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code window-proctime-unsupported}: a window Top-N, window deduplication or window join on
 * processing-time windows, which Flink runs on event time only.
 *
 * <p>Planner symptoms (Flink 2.3.0 and 1.20.0, raised when the plan is translated, so {@code EXPLAIN}
 * alone does not show them): {@code Processing time Window TopN is not supported yet.} ({@code
 * StreamExecWindowRank#translateToPlanInternal}), {@code Processing time Window Deduplication is not
 * supported yet.} ({@code StreamExecWindowDeduplicate}), {@code Processing time Window Join is not
 * supported yet.} ({@code StreamExecWindowJoin}). The Flink docs say it as "Limitation on time
 * attribute of order key" (Window Deduplication) and "only supports event time" (Window Join). A
 * window aggregation on processing time is supported, and so is a Top-N or deduplication without a
 * window.
 */
public final class WindowProctimeUnsupportedRule extends DiagnosisRule {

    public static final String ID = "window-proctime-unsupported";

    public static final RuleDeclaration DECLARATION = RuleDeclaration.diagnosis(
            ID,
            "A window Top-N, window deduplication or window join on processing-time windows, which Flink runs on event"
                    + " time only.");

    private static final String PREFIX = "Processing time Window ";
    private static final String SUFFIX = " is not supported yet";

    public WindowProctimeUnsupportedRule() {
        super(DECLARATION);
    }

    @Override
    protected boolean matches(String plannerError, AnalysisContext context) {
        return operator(plannerError).isPresent();
    }

    @Override
    protected String reason(String plannerError, AnalysisContext context) {
        String what = describe(operator(plannerError).orElse(""));
        return "Flink runs a " + what + " on event-time windows only: this one's windows are on processing time"
                + " (PROCTIME()), which Flink refuses when it translates the plan.";
    }

    @Override
    protected String fix(String plannerError, AnalysisContext context) {
        String operator = operator(plannerError).orElse("");
        List<String> tables = List.copyOf(windowed(context));
        boolean one = tables.size() <= 1;
        String table = tables.isEmpty() ? "the table" : tables.size() == 1 ? tables.get(0)
                : String.join(", ", tables.subList(0, tables.size() - 1)) + " and " + tables.get(tables.size() - 1);
        String order = operator.equals("Join") ? "" : ", and order the ROW_NUMBER() by it";
        String without = switch (operator) {
            case "Join" -> " or join without windows (an interval join on the processing-time attributes, which Flink"
                    + " supports, keeps each side's rows for the interval)";
            case "Deduplication" -> " or deduplicate without a window (the same ROW_NUMBER() partitioned by the key"
                    + " alone: a Deduplicate, whose state per key needs a state TTL)";
            default -> " or rank without a window (the same ROW_NUMBER() partitioned by the key alone: a Rank, whose"
                    + " state per key needs a state TTL)";
        };
        return "Window " + table + (one ? " on its event-time attribute (the column its WATERMARK is declared on) in the"
                + " window function's DESCRIPTOR" : " on their event-time attributes (the columns their WATERMARKs are declared"
                + " on) in the window functions' DESCRIPTORs") + order + "; where " + (one ? "it has" : "a table has")
                + " none, declare a WATERMARK on the time the rows carry," + without + ".";
    }

    /** {@code TopN}, {@code Deduplication} or {@code Join}: the operator Flink names in {@code message}. */
    private static Optional<String> operator(String message) {
        int start = message.indexOf(PREFIX);
        if (start < 0) {
            return Optional.empty();
        }
        int end = message.indexOf(SUFFIX, start);
        if (end < 0) {
            return Optional.empty();
        }
        String operator = message.substring(start + PREFIX.length(), end);
        return Set.of("TopN", "Deduplication", "Join").contains(operator) ? Optional.of(operator) : Optional.empty();
    }

    private static String describe(String operator) {
        return switch (operator) {
            case "TopN" -> "window Top-N";
            case "Deduplication" -> "window deduplication";
            default -> "window join";
        };
    }

    /** The tables the statement reads through a table function ({@code TABLE(TUMBLE(TABLE t, ...))}), as written. */
    private static Set<String> windowed(AnalysisContext context) {
        Set<String> out = new LinkedHashSet<>();
        for (TableReference reference : context.statement().facts().tableReferences()) {
            if (reference.function().isPresent()) {
                out.add(String.join(".", reference.names()));
            }
        }
        return out;
    }
}
