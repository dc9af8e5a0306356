package io.github.sqlguard.bench;

import java.util.List;

/**
 * The cheap statements of the {@code memory} mode, sent in rotation in one long session: SET and
 * SHOW, a SET the guard allows with an advisory (an unknown TTL key) and its RESET, and a SET the
 * guard refuses (a bare-number TTL, 24 ms), so every kind of per-statement state the guard may
 * keep (decisions, advisories, refusals) is exercised. None of them is planned. Stateless.
 */
public final class MemoryWorkload {

    /**
     * One statement of the rotation.
     *
     * @param refusedByGuard true when the guarded gateway must refuse it (the plain gateway applies it)
     */
    public record Statement(String sql, boolean refusedByGuard) {}

    static final List<Statement> ROTATION =
            List.of(
                    new Statement("SET 'table.exec.state.ttl' = '1 h'", false),
                    new Statement("SHOW TABLES", false),
                    new Statement("SET 'sql.ttl.min' = '1 h'", false),
                    new Statement("RESET 'sql.ttl.min'", false),
                    new Statement("SET 'table.exec.state.ttl' = '24'", true),
                    new Statement("SHOW CURRENT CATALOG", false));

    private MemoryWorkload() {}

    /** The {@code i}-th statement of the long session (0-based). */
    public static Statement statement(long i) {
        return ROTATION.get((int) (i % ROTATION.size()));
    }

    /** What each short-lived session sends between open and close: one SET with an advisory, one SHOW. */
    public static List<Statement> shortSession() {
        return List.of(ROTATION.get(2), ROTATION.get(1));
    }

    /**
     * The statement counts after which the heap is read: {@code checkpoints} evenly spaced readings
     * up to {@code total} (the last one is {@code total}).
     */
    public static List<Long> checkpoints(long total, int checkpoints) {
        if (total < 1 || checkpoints < 1) {
            throw new IllegalArgumentException("total and checkpoints must be positive, were " + total + ", " + checkpoints);
        }
        int count = (int) Math.min(checkpoints, total);
        List<Long> at = new java.util.ArrayList<>(count);
        for (int i = 1; i <= count; i++) {
            at.add(total * i / count);
        }
        return List.copyOf(at);
    }
}
