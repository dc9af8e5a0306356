package io.github.sqlguard.lint;

import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.results.OperationInfo;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;

/**
 * Lint's view of the gateway service: an operation's error carries its whole cause chain in its
 * message. Flink wraps the reason a statement cannot be planned ({@code Unable to create a source for
 * reading table ...} around {@code Could not find any factory for identifier 'kafka' ...}, {@code
 * Cannot instantiate user-defined function} around a {@code ClassNotFoundException}); the guard's
 * rules and {@link MissingDependency#classify} need the reason, not only the wrapper.
 *
 * <p>To be dropped when the shared statement pipeline reads the cause chain itself.
 */
final class FullErrorMessages {

    private FullErrorMessages() {}

    /** {@code delegate}, its {@code getOperationInfo} errors replaced by one exception whose message is the chain. */
    static SqlGatewayService of(SqlGatewayService delegate) {
        InvocationHandler handler = (proxy, method, args) -> {
            Object result;
            try {
                result = method.invoke(delegate, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            if (result instanceof OperationInfo info && info.getException().isPresent()) {
                return new OperationInfo(info.getStatus(), new PlannerError(chain(info.getException().get())));
            }
            return result;
        };
        return (SqlGatewayService) Proxy.newProxyInstance(
                SqlGatewayService.class.getClassLoader(), new Class<?>[] {SqlGatewayService.class}, handler);
    }

    /**
     * The first message below the gateway's wrappers, then {@code Caused by: Type: message} for each
     * deeper cause that adds something.
     */
    static String chain(Throwable error) {
        Throwable t = error;
        while (t.getCause() != null && t.getCause() != t && isGatewayWrapper(t)) {
            t = t.getCause();
        }
        StringBuilder out = new StringBuilder(t.getMessage() == null ? t.toString() : t.getMessage());
        for (Throwable c = t.getCause(); c != null; c = c.getCause() == c ? null : c.getCause()) {
            String message = c.getMessage();
            boolean missingClass = c instanceof ClassNotFoundException || c instanceof NoClassDefFoundError;
            if (message != null && !missingClass && out.indexOf(message.strip()) >= 0) {
                continue;
            }
            out.append("\nCaused by: ").append(c.getClass().getName());
            if (message != null && !message.isBlank()) {
                out.append(": ").append(message.strip());
            }
        }
        return out.toString();
    }

    private static boolean isGatewayWrapper(Throwable t) {
        String name = t.getClass().getName();
        return name.startsWith("org.apache.flink.table.gateway.")
                || name.equals("java.util.concurrent.ExecutionException")
                || name.equals("java.util.concurrent.CompletionException");
    }

    /** The operation's error as lint reads it. */
    static final class PlannerError extends RuntimeException {
        private static final long serialVersionUID = 1L;

        PlannerError(String message) {
            super(message, null, false, false);
        }
    }
}
