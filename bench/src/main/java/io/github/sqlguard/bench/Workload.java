package io.github.sqlguard.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The statements both gateways receive, in the same order, per statement kind: the cheap
 * statements the guard parses but never plans ({@code SET}, {@code RESET}, {@code CREATE TABLE},
 * {@code SHOW TABLES}) and a planning-heavy query, a 5-way join over two views (a Top-N and a
 * deduplication) of bounded datagen tables, sent both as {@code INSERT INTO} a blackhole table and
 * as a {@code SELECT}.
 *
 * <p>The refused kinds ({@link Kind#refused()}) are not identical work: {@link Kind#REFUSED}, the heavy
 * SELECT with a per-statement state TTL of 0, which the guard refuses ({@code unbounded-rank}), and, in
 * a second session without a state TTL ({@link #untimedSetup}), a Top-N over a join, a latest row per
 * key ordered by a plain timestamp and a {@code GROUP BY} whose {@code STATE_TTL} hint names no input.
 * The guarded gateway receives each and the time to refusal is measured; the plain gateway receives
 * {@code EXPLAIN CHANGELOG_MODE} of the same statement (what the guard plans to judge it) instead of
 * running the job. The report keeps them out of every ratio and throughput. Each of the last three
 * has a kind of its own that sends both gateways the {@code EXPLAIN CHANGELOG_MODE} of its best proven
 * rewrite: the plain gateway's time for it is the other yardstick of a refusal.
 *
 * <p>Every session sets {@code table.exec.state.ttl} to 1 h in its setup, so the heavy statements
 * are allowed (advisories at most). {@code RESET} resets {@code pipeline.name}, never the TTL.
 * Sources are bounded ({@code number-of-rows} or a sequence) so jobs end on their own. Immutable.
 *
 * @param cheapRepeats how many statements of a cheap kind one session sends per round
 * @param heavyRepeats how many heavy statements one session sends per round
 */
public record Workload(int cheapRepeats, int heavyRepeats) {

    /** The state TTL every session sets in its setup (and the SET kind sets again). */
    public static final String SESSION_TTL = "1 h";

    /** What a statement is, as the report groups it. */
    public enum Kind {
        SET("SET"),
        SET_UNQUOTED("SET, unquoted key"),
        RESET("RESET"),
        DDL("CREATE TABLE"),
        SHOW("SHOW TABLES"),
        HEAVY_INSERT("heavy INSERT (job submitted)"),
        HEAVY_SELECT("heavy SELECT (first page)"),
        REFUSED("heavy SELECT, TTL 0"),
        // In a session without a state TTL ({@link Workload#untimedSetup}): refusals whose rewrites can be proven,
        // each with the plain EXPLAIN of its best proven rewrite as a kind of its own (issue 32).
        TOP_N_JOIN("Top-N over a join, no TTL"),
        TOP_N_JOIN_REWRITE("EXPLAIN of its session-state-ttl rewrite"),
        DEDUP_PLAIN_TIME("latest row by a plain TIMESTAMP, no TTL"),
        DEDUP_PLAIN_TIME_REWRITE("EXPLAIN of its watermark rewrite"),
        GROUP_BY_TTL_HINT("GROUP BY, STATE_TTL hint naming no input"),
        GROUP_BY_TTL_HINT_REWRITE("EXPLAIN of its hint-moved rewrite");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** The row label in the report. */
        public String label() {
            return label;
        }

        /** True for SET (either form), RESET, DDL and SHOW: the guard parses them but never plans them. */
        public boolean cheap() {
            return this == SET || this == SET_UNQUOTED || this == RESET || this == DDL || this == SHOW;
        }

        /** True when the guard refuses it: not identical work, kept out of ratios and throughput. */
        public boolean refused() {
            return this == REFUSED || this == TOP_N_JOIN || this == DEDUP_PLAIN_TIME || this == GROUP_BY_TTL_HINT;
        }

        /** True when it is sent in the session without a state TTL ({@link Workload#untimedSetup}). */
        public boolean untimed() {
            return this.ordinal() >= TOP_N_JOIN.ordinal();
        }
    }

    /**
     * One statement to send.
     *
     * @param plainSql what the plain gateway receives
     * @param guardedSql what the guarded gateway receives
     * @param executionConfig the per-statement execution config of the REST request (both gateways)
     * @param refusedByGuard true when the guarded gateway must refuse it
     * @param failsOnPlain true when Flink itself rejects it on the plain gateway (a {@code STATE_TTL} hint that
     *     names no input of its block: Flink 2.3's planner refuses the query, and the guard with it)
     */
    public record Step(Kind kind, String plainSql, String guardedSql, Map<String, String> executionConfig,
            boolean refusedByGuard, boolean failsOnPlain) {

        public Step(Kind kind, String plainSql, String guardedSql, Map<String, String> executionConfig,
                boolean refusedByGuard) {
            this(kind, plainSql, guardedSql, executionConfig, refusedByGuard, false);
        }

        /** The statement for the guarded ({@code true}) or the plain gateway. */
        public String sql(boolean guarded) {
            return guarded ? guardedSql : plainSql;
        }

        /** True when the gateway ({@code guarded} or plain) must report an error for it. */
        public boolean expectFailure(boolean guarded) {
            return guarded ? refusedByGuard : failsOnPlain;
        }

        static Step same(Kind kind, String sql) {
            return new Step(kind, sql, sql, Map.of(), false);
        }
    }

    public Workload {
        if (cheapRepeats < 1 || heavyRepeats < 1) {
            throw new IllegalArgumentException(
                    "cheapRepeats and heavyRepeats must be at least 1, were " + cheapRepeats + ", " + heavyRepeats);
        }
    }

    /** Statements that prepare session {@code session} (not measured), the same on both gateways. */
    public List<String> setup(int session) {
        String s = "_" + session;
        return List.of(
                "SET 'table.exec.state.ttl' = '" + SESSION_TTL + "'",
                "CREATE TABLE orders" + s + " (\n"
                        + "  order_id BIGINT, user_id BIGINT, product_id BIGINT, amount DOUBLE, order_time TIMESTAMP(3),\n"
                        + "  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND\n"
                        + ") WITH ('connector' = 'datagen', 'number-of-rows' = '200',"
                        + " 'fields.user_id.min' = '1', 'fields.user_id.max' = '20',"
                        + " 'fields.product_id.min' = '1', 'fields.product_id.max' = '20')",
                "CREATE TABLE users" + s + " (user_id BIGINT, name STRING, region_id BIGINT, proc AS PROCTIME())"
                        + " WITH ('connector' = 'datagen', " + sequence("user_id", 20) + ","
                        + " 'fields.name.length' = '8', 'fields.region_id.min' = '1', 'fields.region_id.max' = '5')",
                "CREATE TABLE products" + s + " (product_id BIGINT, category_id BIGINT, price DOUBLE)"
                        + " WITH ('connector' = 'datagen', " + sequence("product_id", 20) + ","
                        + " 'fields.category_id.min' = '1', 'fields.category_id.max' = '5')",
                "CREATE TABLE regions" + s + " (region_id BIGINT, region STRING)"
                        + " WITH ('connector' = 'datagen', " + sequence("region_id", 5) + ", 'fields.region.length' = '6')",
                "CREATE TABLE categories" + s + " (category_id BIGINT, category STRING)"
                        + " WITH ('connector' = 'datagen', " + sequence("category_id", 5) + ", 'fields.category.length' = '6')",
                // Deduplication: the latest row per user (a Deduplicate node, processing time).
                "CREATE TEMPORARY VIEW latest_users" + s + " AS SELECT user_id, name, region_id FROM (\n"
                        + "  SELECT *, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY proc DESC) AS rn FROM users" + s + "\n"
                        + ") WHERE rn = 1",
                // Top-N: the 3 dearest products per category (a non-window Rank).
                "CREATE TEMPORARY VIEW top_products" + s + " AS SELECT product_id, category_id, price FROM (\n"
                        + "  SELECT *, ROW_NUMBER() OVER (PARTITION BY category_id ORDER BY price DESC) AS rn FROM products" + s + "\n"
                        + ") WHERE rn <= 3",
                "CREATE TABLE sink" + s + " (order_id BIGINT, name STRING, region STRING, product_id BIGINT,"
                        + " category STRING, amount DOUBLE) WITH ('connector' = 'blackhole')");
    }

    /**
     * Statements that prepare session {@code session}'s second session, without a state TTL (not
     * measured), the same on both gateways: the tables of the {@link Kind#untimed()} kinds. Without a
     * TTL, a Top-N is refused ({@code unbounded-rank}) and its {@code session-state-ttl} rewrite can be
     * proven (a call's own {@code table.exec.state.ttl}, as {@link Kind#REFUSED} sends, would override
     * it). {@code statuses} is permanent, as the {@code watermark} rewrite's {@code ALTER TABLE} needs;
     * {@code statuses_wm} is it with that watermark, for the plain EXPLAIN of the rewrite.
     */
    public List<String> untimedSetup(int session) {
        String s = "_" + session;
        String statuses = " (id BIGINT, status STRING, updated TIMESTAMP(3)%s) WITH ('connector' = 'datagen',"
                + " 'number-of-rows' = '100', 'fields.id.min' = '1', 'fields.id.max' = '10')";
        return List.of(
                "CREATE TABLE t_orders" + s + " (order_id BIGINT, user_id BIGINT, amount DOUBLE) WITH ('connector' ="
                        + " 'datagen', 'number-of-rows' = '100', 'fields.user_id.min' = '1', 'fields.user_id.max' = '20')",
                "CREATE TABLE t_users" + s + " (user_id BIGINT, country STRING) WITH ('connector' = 'datagen', "
                        + sequence("user_id", 20) + ", 'fields.country.length' = '2')",
                "CREATE TABLE statuses" + s + String.format(statuses, ""),
                "CREATE TABLE statuses_wm" + s
                        + String.format(statuses, ", WATERMARK FOR updated AS updated - INTERVAL '5' SECOND"));
    }

    /** The Top-N over a join of session {@code session} ({@link Kind#TOP_N_JOIN}): the best 2 orders per country. */
    public static String topNOverJoin(int session) {
        String s = "_" + session;
        return "SELECT * FROM (\n"
                + "  SELECT o.order_id, u.country, o.amount,\n"
                + "         ROW_NUMBER() OVER (PARTITION BY u.country ORDER BY o.amount DESC) AS rn\n"
                + "  FROM t_orders" + s + " o JOIN t_users" + s + " u ON o.user_id = u.user_id\n"
                + ") WHERE rn <= 2";
    }

    /** The latest row per key ordered by a plain {@code TIMESTAMP(3)} of {@code table} ({@link Kind#DEDUP_PLAIN_TIME}). */
    public static String latestStatus(String table) {
        return "SELECT id, status, updated FROM (\n"
                + "  SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY updated DESC) AS rn FROM " + table + "\n"
                + ") WHERE rn = 1";
    }

    /** A count per key under a {@code STATE_TTL} hint of {@code key} ({@link Kind#GROUP_BY_TTL_HINT}: 'o', no input). */
    public static String hintedCount(int session, String key) {
        return "SELECT /*+ STATE_TTL('" + key + "' = '1 d') */ user_id, COUNT(*) AS cnt FROM t_orders_" + session
                + " GROUP BY user_id";
    }

    /**
     * The statements of watched job {@code job} (gateways --watched-jobs), in a session of its own: an
     * unbounded datagen source of 50 rows a second over a million keys, counted per key into a
     * blackhole (a GroupAggregate whose state grows), checkpoints every 2 s so the guard's watcher
     * has checkpointed state sizes to read; the session's state TTL of {@link #SESSION_TTL}, so the
     * guard lets it through.
     */
    public static List<String> watchedJob(int job) {
        String s = "_" + job;
        return List.of(
                "SET 'table.exec.state.ttl' = '" + SESSION_TTL + "'",
                "SET 'execution.checkpointing.interval' = '2 s'",
                "SET 'pipeline.name' = 'watched" + s + "'",
                "CREATE TABLE watched_source" + s + " (k BIGINT, v BIGINT) WITH ('connector' = 'datagen',"
                        + " 'rows-per-second' = '50', 'fields.k.min' = '1', 'fields.k.max' = '1000000')",
                "CREATE TABLE watched_sink" + s + " (k BIGINT, n BIGINT) WITH ('connector' = 'blackhole')",
                "INSERT INTO watched_sink" + s + " SELECT k, COUNT(*) FROM watched_source" + s + " GROUP BY k");
    }

    /** The planning-heavy query of session {@code session}: a 5-way join over the Top-N and dedup views. */
    public static String heavyQuery(int session) {
        String s = "_" + session;
        return "SELECT o.order_id, u.name, r.region, p.product_id, c.category, o.amount\n"
                + "FROM orders" + s + " o\n"
                + "JOIN latest_users" + s + " u ON o.user_id = u.user_id\n"
                + "JOIN top_products" + s + " p ON o.product_id = p.product_id\n"
                + "JOIN regions" + s + " r ON u.region_id = r.region_id\n"
                + "JOIN categories" + s + " c ON p.category_id = c.category_id";
    }

    /**
     * The statements session {@code session} sends in round {@code round} of kind {@code kind}.
     * Round numbers must differ between the rounds of one session (CREATE TABLE names depend on it).
     */
    public List<Step> steps(Kind kind, int session, int round) {
        int repeats = kind.cheap() ? cheapRepeats : heavyRepeats;
        List<Step> steps = new ArrayList<>(repeats);
        for (int r = 0; r < repeats; r++) {
            steps.add(switch (kind) {
                case SET -> Step.same(kind, "SET 'table.exec.state.ttl' = '" + SESSION_TTL + "'");
                // The form Flink's extended parser reads before its SQL parser (SetOperationParseStrategy).
                case SET_UNQUOTED -> Step.same(kind, "SET table.exec.state.ttl = '" + SESSION_TTL + "'");
                case RESET -> Step.same(kind, "RESET 'pipeline.name'");
                case DDL -> Step.same(kind, "CREATE TABLE t_" + session + "_" + round + "_" + r
                        + " (id BIGINT, name STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '10')");
                case SHOW -> Step.same(kind, "SHOW TABLES");
                case HEAVY_INSERT -> Step.same(kind, "INSERT INTO sink_" + session + "\n" + heavyQuery(session));
                case HEAVY_SELECT -> Step.same(kind, heavyQuery(session));
                case REFUSED -> new Step(kind, "EXPLAIN CHANGELOG_MODE " + heavyQuery(session), heavyQuery(session),
                        Map.of("table.exec.state.ttl", "0"), true);
                case TOP_N_JOIN -> refusal(kind, topNOverJoin(session));
                // The rewrite's SET 'table.exec.state.ttl' = '1 d' as the call's execution config: the same planning.
                case TOP_N_JOIN_REWRITE -> new Step(kind, "EXPLAIN CHANGELOG_MODE " + topNOverJoin(session),
                        "EXPLAIN CHANGELOG_MODE " + topNOverJoin(session), Map.of("table.exec.state.ttl", "1 d"), false);
                case DEDUP_PLAIN_TIME -> refusal(kind, latestStatus("statuses_" + session));
                case DEDUP_PLAIN_TIME_REWRITE -> Step.same(kind, "EXPLAIN CHANGELOG_MODE " + latestStatus("statuses_wm_" + session));
                case GROUP_BY_TTL_HINT -> new Step(kind, "EXPLAIN CHANGELOG_MODE " + hintedCount(session, "o"),
                        hintedCount(session, "o"), Map.of(), true, true);
                case GROUP_BY_TTL_HINT_REWRITE -> Step.same(kind, "EXPLAIN CHANGELOG_MODE "
                        + hintedCount(session, "t_orders_" + session));
            });
        }
        return steps;
    }

    /** A statement the guard refuses and the plain gateway explains ({@code EXPLAIN CHANGELOG_MODE}), sent as it is. */
    private static Step refusal(Kind kind, String sql) {
        return new Step(kind, "EXPLAIN CHANGELOG_MODE " + sql, sql, Map.of(), true);
    }

    private static String sequence(String field, int end) {
        return "'fields." + field + ".kind' = 'sequence', 'fields." + field + ".start' = '1', 'fields." + field
                + ".end' = '" + end + "'";
    }
}
