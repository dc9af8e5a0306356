package io.github.sqlguard.audit;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * An exception as another one printed, with the secrets of its messages masked ({@link
 * Redactor#maskSecrets}): each exception of the chain in its place, with its class's name, its
 * masked message and its stack trace, so that a client or a log prints the same lines with {@code
 * ****} where a secret stood. Flink's own errors quote values: a table that cannot be created lists
 * its options ("Table options are: ... 'url'='jdbc:...?password=...'"), hiding only the values of
 * keys Flink finds sensitive.
 */
public final class MaskedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Longer chains are cut here (a chain that loops, or one no client prints in full). */
    private static final int MAX_DEPTH = 64;

    private final String className;

    private MaskedException(Throwable original, Throwable maskedCause) {
        super(Redactor.maskSecrets(original.getMessage()), maskedCause, false, true);
        this.className = original.getClass().getName();
        setStackTrace(original.getStackTrace());
    }

    /**
     * {@code error} itself when no message of its chain carries a secret; otherwise the chain again,
     * masked.
     */
    public static Throwable of(Throwable error) {
        if (error == null || !carriesSecret(error)) {
            return error;
        }
        return copy(error, new IdentityHashMap<>(), 0);
    }

    private static boolean carriesSecret(Throwable error) {
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        for (Throwable t = error; t != null && seen.put(t, true) == null && seen.size() <= MAX_DEPTH; t = t.getCause()) {
            String message = t.getMessage();
            if (message != null && !Redactor.maskSecrets(message).equals(message)) {
                return true;
            }
        }
        return false;
    }

    private static MaskedException copy(Throwable error, Map<Throwable, Boolean> seen, int depth) {
        seen.put(error, true);
        Throwable cause = error.getCause();
        MaskedException maskedCause = cause == null || seen.containsKey(cause) || depth >= MAX_DEPTH
                ? null
                : copy(cause, seen, depth + 1);
        return new MaskedException(error, maskedCause);
    }

    /** The name of the class of the exception this one stands for. */
    public String className() {
        return className;
    }

    @Override
    public String toString() {
        String message = getLocalizedMessage();
        return message != null ? className + ": " + message : className;
    }
}
