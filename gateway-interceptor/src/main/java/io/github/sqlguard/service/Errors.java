package io.github.sqlguard.service;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the message a user should see out of an exception chain from the gateway. */
final class Errors {

    private Errors() {}

    /**
     * The planner's message: the first exception in the chain that is not a gateway wrapper
     * ({@code SqlExecutionException: Failed to execute the operation ...}, {@code
     * SqlGatewayException}), with Calcite's list of expected tokens cut off.
     */
    static String plannerMessage(Throwable t) {
        Throwable current = t;
        while (current != null && isGatewayWrapper(current) && current.getCause() != null) {
            current = current.getCause();
        }
        String message = current == null || current.getMessage() == null ? rootMessage(t) : current.getMessage();
        int expecting = message.indexOf("Was expecting");
        if (expecting > 0) {
            message = message.substring(0, expecting);
        }
        return message.strip();
    }

    /** The message of the deepest cause that has one. */
    static String rootMessage(Throwable t) {
        String message = t.toString();
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c.getMessage() != null && !c.getMessage().isBlank()) {
                message = c.getMessage();
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return message;
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

    private static boolean isGatewayWrapper(Throwable t) {
        String name = t.getClass().getName();
        return name.startsWith("org.apache.flink.table.gateway.")
                || name.equals("java.util.concurrent.ExecutionException")
                || name.equals("java.util.concurrent.CompletionException");
    }
}
