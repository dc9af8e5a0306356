package io.github.sqlguard.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The statements both gateways receive, in the same order: per session a small bounded datagen
 * table and a blackhole sink, then passes of SET, CREATE TABLE, SHOW TABLES (each repeated, they
 * are cheap), an allowed Top-N (state TTL set), the same Top-N with a per-statement TTL of 0 (the
 * guard blocks it, the plain gateway runs it), an INSERT INTO blackhole and a window Top-N.
 *
 * <p>Sources are bounded ({@code number-of-rows}) so INSERT jobs and the window Top-N end on their
 * own and no job outlives its pass. Immutable.
 *
 * @param cheapRepeats how often SET, CREATE TABLE and SHOW TABLES run in one pass
 */
public record Workload(int cheapRepeats) {

    /** What a statement is, as the report groups it. */
    public enum Kind {
        SET("SET"),
        DDL("CREATE TABLE"),
        SHOW("SHOW TABLES"),
        TOP_N("Top-N, TTL set"),
        TOP_N_BLOCKED("Top-N, TTL 0"),
        INSERT("INSERT blackhole"),
        WINDOW_TOP_N("window Top-N");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** The row label in the report. */
        public String label() {
            return label;
        }

        /** True for SET, DDL and SHOW: the guard parses them but never plans them. */
        public boolean cheap() {
            return this == SET || this == DDL || this == SHOW;
        }
    }

    /**
     * One statement to send.
     *
     * @param executionConfig the per-statement execution config of the REST request
     * @param blockedByGuard true when the guarded gateway must refuse it (and the plain one runs it)
     */
    public record Step(Kind kind, String sql, Map<String, String> executionConfig, boolean blockedByGuard) {}

    public Workload {
        if (cheapRepeats < 1) {
            throw new IllegalArgumentException("cheapRepeats must be at least 1, was " + cheapRepeats);
        }
    }

    /** Statements that prepare session {@code session} (not measured). */
    public List<String> setup(int session) {
        return List.of(
                "CREATE TABLE " + orders(session) + " (\n"
                        + "  order_id STRING,\n"
                        + "  user_id STRING,\n"
                        + "  amount DOUBLE,\n"
                        + "  order_time TIMESTAMP(3),\n"
                        + "  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND\n"
                        + ") WITH ('connector' = 'datagen', 'number-of-rows' = '2000',"
                        + " 'fields.user_id.length' = '2')",
                "CREATE TABLE " + sink(session) + " (order_id STRING, user_id STRING, amount DOUBLE)"
                        + " WITH ('connector' = 'blackhole')");
    }

    /** The statements of pass {@code pass} of session {@code session}. */
    public List<Step> pass(int session, int pass) {
        List<Step> steps = new ArrayList<>();
        for (int r = 0; r < cheapRepeats; r++) {
            steps.add(new Step(Kind.SET, "SET 'table.exec.state.ttl' = '1 h'", Map.of(), false));
            steps.add(new Step(
                    Kind.DDL,
                    "CREATE TABLE t_" + session + "_" + pass + "_" + r + " (id BIGINT, name STRING)"
                            + " WITH ('connector' = 'datagen', 'number-of-rows' = '10')",
                    Map.of(),
                    false));
            steps.add(new Step(Kind.SHOW, "SHOW TABLES", Map.of(), false));
        }
        String topN =
                "SELECT * FROM (\n"
                        + "  SELECT order_id, user_id, amount,\n"
                        + "         ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn\n"
                        + "  FROM " + orders(session) + "\n"
                        + ") t WHERE rn <= 3";
        steps.add(new Step(Kind.TOP_N, topN, Map.of(), false));
        steps.add(new Step(Kind.TOP_N_BLOCKED, topN, Map.of("table.exec.state.ttl", "0"), true));
        steps.add(new Step(
                Kind.INSERT,
                "INSERT INTO " + sink(session) + " SELECT order_id, user_id, amount FROM " + orders(session),
                Map.of(),
                false));
        steps.add(new Step(
                Kind.WINDOW_TOP_N,
                "SELECT window_start, window_end, user_id, total FROM (\n"
                        + "  SELECT window_start, window_end, user_id, SUM(amount) AS total,\n"
                        + "         ROW_NUMBER() OVER (PARTITION BY window_start, window_end"
                        + " ORDER BY SUM(amount) DESC) AS rn\n"
                        + "  FROM TABLE(TUMBLE(TABLE " + orders(session)
                        + ", DESCRIPTOR(order_time), INTERVAL '5' MINUTES))\n"
                        + "  GROUP BY window_start, window_end, user_id\n"
                        + ") WHERE rn <= 10",
                Map.of(),
                false));
        return steps;
    }

    private static String orders(int session) {
        return "orders_" + session;
    }

    private static String sink(int session) {
        return "sink_" + session;
    }
}
