package io.github.sqlguard.service;

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

    private static boolean isGatewayWrapper(Throwable t) {
        String name = t.getClass().getName();
        return name.startsWith("org.apache.flink.table.gateway.")
                || name.equals("java.util.concurrent.ExecutionException")
                || name.equals("java.util.concurrent.CompletionException");
    }
}
