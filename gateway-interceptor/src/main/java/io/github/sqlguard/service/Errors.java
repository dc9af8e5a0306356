package io.github.sqlguard.service;

import io.github.sqlguard.rules.PlannerError;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the message a user should see out of an exception chain from the gateway. */
final class Errors {

    private Errors() {}

    /**
     * The planner's message, read to the root: Flink's most specific reason first, then the outer
     * context ({@link PlannerError#text()}), without the gateway's wrappers ({@code
     * SqlExecutionException: Failed to execute the operation ...}) and Calcite's list of expected
     * tokens.
     */
    static String plannerMessage(Throwable t) {
        return PlannerError.of(t).text();
    }

    /** The message of the most specific cause (causes and suppressed exceptions, cycles guarded). */
    static String rootMessage(Throwable t) {
        return PlannerError.of(t).root();
    }

    private static final Pattern LINE_1_COLUMN =
            Pattern.compile("line 1, column (\\d+)");

    /**
     * The planner numbers columns of the EXPLAIN statement; on line 1 they include the {@code
     * EXPLAIN ...} prefix the guard added. Shifts them back so they point into the user's statement.
     */
    static String shiftFirstLineColumns(String message, int prefixLength) {
        Matcher m = LINE_1_COLUMN.matcher(message);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            int column = Integer.parseInt(m.group(1)) - prefixLength;
            m.appendReplacement(out, "line 1, column " + Math.max(1, column));
        }
        m.appendTail(out);
        return out.toString();
    }
}
