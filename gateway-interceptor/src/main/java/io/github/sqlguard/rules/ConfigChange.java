package io.github.sqlguard.rules;

/**
 * A configuration value a call is about to apply to a session.
 *
 * @param key the option key, e.g. {@code table.exec.state.ttl}
 * @param value the value as written
 * @param source where it comes from: {@code SET}, {@code session property}, {@code execution
 *     config}
 */
public record ConfigChange(String key, String value, String source) {

    /** How the change reads in SQL, for messages: {@code SET 'key' = 'value'}. */
    public String asSql() {
        return switch (source) {
            case "SET" -> "SET '" + key + "' = '" + value + "'";
            default -> source + " '" + key + "' = '" + value + "'";
        };
    }
}
