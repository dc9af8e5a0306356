package io.github.sqlguard.rules;

import io.github.sqlguard.plan.LookupSupport;
import io.github.sqlguard.statement.SqlIdentifiers;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A way of a join's fix that a rewrite family can prove, as values: the join read {@code FOR SYSTEM_TIME AS OF} a
 * time attribute of its stream (a lookup or a temporal join), the tables and the clause. The one place its sentences
 * are written. A rule writes the way from the plan, conditionally ("when customers is a dimension table whose connector
 * is a lookup source, a lookup join"), since it cannot know whether the way plans (a connector's lookup support, a
 * table's versions), and it may not know the column (a processing-time column the plan does not show); the family
 * that proves the way gives it again with the columns its rewrite used ({@code rewrite.Rewrite#way}), and {@code
 * rewrite.ProvenFixes} writes that one first and definitely. A way the rule cannot write at all ({@link ReadOnceKept}:
 * the rewrite found the side to pin in a view's text) replaces the way it stands for, which the rule leaves out of
 * {@code Facts#fixWithout()}.
 */
public sealed interface ProvenWay permits ProvenWay.Lookup, ProvenWay.Temporal, ProvenWay.ReadOnceKept, ProvenWay.Window {

    /** The rewrite family that proves this way ({@code lookup-join}, {@code temporal-join}). */
    String family();

    /** The way as the fix writes it before it is proven ({@code "when ..."}), without the {@code "; or, "} before it. */
    String conditional();

    /** The way as the fix's first way once proven, a sentence's start (capitalized). */
    String definite();

    /** The way as it follows the fix's earlier ways: {@code "; or, when ..."}. */
    default String inFix() {
        return "; or, " + conditional();
    }

    /**
     * A processing-time lookup join (Flink docs, "Joins", "Lookup Join"): it keeps no state.
     *
     * @param table the dimension table, as the statement names it
     * @param stream the stream whose rows look it up, as the statement names it
     * @param join the join clause ({@code LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.customer_id
     *     = c.id}), or, where the time column is not known, the clause with what it needs said in its place
     * @param support whether the table's connector is a lookup source, as Flink's factory for it says ({@link
     *     LookupSupport}); empty where it is not known. Never {@link LookupSupport#SCAN_ONLY}: no lookup join is
     *     offered over a source that is not a lookup source.
     * @param view where the statement joins a view that filters or projects {@code table} ({@code
     *     statement.FilteredView}), the view's name, and whether the clause carries its condition: Flink plans no lookup
     *     join of such a view, so the join reads the table in its place; empty where the statement joins the table
     */
    record Lookup(String table, String stream, String join, Optional<LookupSupport> support, Optional<InPlaceOf> view)
            implements ProvenWay {

        public Lookup {
            Objects.requireNonNull(table);
            Objects.requireNonNull(stream);
            Objects.requireNonNull(join);
            Objects.requireNonNull(view);
            if (support.equals(Optional.of(LookupSupport.SCAN_ONLY))) {
                throw new IllegalArgumentException(table + "'s connector is not a lookup source");
            }
        }

        /** The lookup join of a table the statement joins itself. */
        public Lookup(String table, String stream, String join, Optional<LookupSupport> support) {
            this(table, stream, join, support, Optional.empty());
        }

        /** The way proven by planning it ({@code rewrite.LookupJoin}), which asks Flink itself whether it plans. */
        public Lookup(String table, String stream, String join) {
            this(table, stream, join, Optional.empty());
        }

        /**
         * The view a lookup join reads the table of in its place.
         *
         * @param view the view, as the statement names it
         * @param condition true where the view filters: its condition is in the join's {@code ON}
         */
        public record InPlaceOf(String view, boolean condition) {

            public InPlaceOf {
                Objects.requireNonNull(view);
            }
        }

        @Override
        public String family() {
            return "lookup-join";
        }

        @Override
        public String conditional() {
            if (support.isEmpty()) {
                return "when " + table + " is a dimension table whose connector is a lookup source (jdbc, hbase, ...; not"
                        + " datagen or filesystem), a lookup join, which keeps no state: " + body();
            }
            String source = support.get() == LookupSupport.LOOKUP
                    ? "its connector is a lookup source, as Flink's factory for it says"
                    : "its connector is a lookup source, inferred from the connector's name: it was planned without"
                            + " the connector's jar";
            return "when " + table + " is a dimension table, a lookup join (" + source + "), which keeps no state: "
                    + body();
        }

        @Override
        public String definite() {
            return "Join " + table + " as a lookup join, which keeps no state (its connector is a lookup source: the"
                    + " lookup join plans): " + body();
        }

        private String body() {
            String inPlace = view.map(v -> " (" + table + " read in place of the view " + v.view() + ", which Flink does"
                    + " not look up" + (v.condition() ? ", with the view's condition in the ON" : "") + ")").orElse("");
            return join + inPlace + "; each " + stream + " row then reads " + table + " as it is when the row arrives, and later"
                    + " changes of " + table + " do not update results already emitted";
        }
    }

    /**
     * An event-time temporal join of a table that holds versions of a row per key (Flink docs, "Joins", "Event Time
     * Temporal Join"): its state the watermark frees.
     *
     * @param table the versioned table, as the statement names it
     * @param join the join clause ({@code JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency =
     *     r.currency})
     * @param key the PRIMARY KEY the versioned table needs and does not declare, as the table names its columns: empty
     *     where it declares it already (the plan says so, else the session's catalog: {@link DeclaredKeys}) and where
     *     it is not known (a view), so that no fix asks for a key the table has
     * @param watermarked true where the table has its event time already (a {@code WATERMARK}); false where it needs one
     * @param declared where the table has no event time, the column a rewrite declares its {@code WATERMARK} on
     *     (before the rewritten statement), when it does
     * @param otherKey the PRIMARY KEY the table declares where the join's condition does not equate it ({@link
     *     OtherKey}); empty where it declares none, where the condition holds it, and where it is not known
     */
    record Temporal(String table, String join, List<String> key, boolean watermarked, Optional<String> declared,
            Optional<OtherKey> otherKey) implements ProvenWay {

        public Temporal {
            Objects.requireNonNull(table);
            Objects.requireNonNull(join);
            key = List.copyOf(key);
            Objects.requireNonNull(declared);
            Objects.requireNonNull(otherKey);
        }

        public Temporal(String table, String join, List<String> key, boolean watermarked, Optional<String> declared) {
            this(table, join, key, watermarked, declared, Optional.empty());
        }

        @Override
        public String family() {
            return "temporal-join";
        }

        @Override
        public String conditional() {
            return watermarked
                    ? "when the right side holds versions of a row per key, a temporal join: " + join + needs()
                    : "when " + table + " holds versions of a row per key, a temporal join" + once();
        }

        @Override
        public String definite() {
            return "Join " + table + " as a temporal join, which keeps of it the versions the watermark has not passed and"
                    + " frees the rest" + (watermarked ? ": " + join + needs() : "," + once());
        }

        private String needs() {
            if (otherKey.isPresent()) {
                return otherKey.get().text(table, key);
            }
            return key.isEmpty() ? "" : " (" + table + " needs PRIMARY KEY (" + String.join(", ",
                    key.stream().map(SqlIdentifiers::sql).toList()) + ") NOT ENFORCED and its WATERMARK)";
        }

        private String once() {
            return " once " + table + " has an event time (a WATERMARK on "
                    + declared.map(c -> SqlIdentifiers.sql(c) + ", ").orElse("") + "the column a version is valid from,"
                    + " which makes it versioned for every statement that reads it"
                    + (declared.isPresent() ? ": the ALTER TABLE before the rewritten statement declares it" : "") + "): "
                    + join + otherKey.map(k -> k.text(table, key)).orElse("");
        }
    }

    /**
     * The PRIMARY KEY a table joined as a versioned table declares where the join's condition does not equate it (the
     * plan's, else the session's catalog's: {@link DeclaredKeys}). Flink reads a versioned table's versions by that key
     * and refuses a temporal join whose condition does not equate it ("Temporal table's primary key [...] must be
     * included in the equivalence condition of temporal join", Flink 2.3.0 {@code TemporalJoinRewriteWithUniqueKeyRule};
     * case 860); so the join is written on that key, or over a versioned view keyed by the join's columns: a view that
     * keeps the latest row per those columns by the table's event time ({@code ROW_NUMBER() OVER (PARTITION BY ...
     * ORDER BY <time> DESC) = 1}), which Flink takes as a versioned view keyed by its partition (Flink docs, "Versioned
     * Views"; case 1002 plans it over a table keyed otherwise).
     *
     * @param columns the key the table declares
     * @param versionTime the table's event-time column, where known
     */
    record OtherKey(List<String> columns, Optional<String> versionTime) {

        public OtherKey {
            columns = List.copyOf(columns);
            Objects.requireNonNull(versionTime);
        }

        String text(String table, List<String> joinKeys) {
            String declared = String.join(", ", columns.stream().map(SqlIdentifiers::sql).toList());
            String by = String.join(", ", joinKeys.stream().map(SqlIdentifiers::sql).toList());
            String time = versionTime.map(SqlIdentifiers::sql).orElse("its event time");
            return " (" + table + " declares PRIMARY KEY (" + declared + "), which the join does not equate, and Flink"
                    + " reads a versioned table's versions by its PRIMARY KEY: join it on " + declared + " where the other"
                    + " side holds " + (columns.size() == 1 ? "that column" : "those columns") + ", or join in its place a"
                    + " versioned view of " + table + " keyed by " + by + ", its latest row per " + by + " (SELECT * FROM"
                    + " (SELECT *, ROW_NUMBER() OVER (PARTITION BY " + by + " ORDER BY " + time + " DESC) AS rn FROM "
                    + table + ") WHERE rn = 1))";
        }
    }

    /**
     * A {@code SET} of the state TTL for the job, with a join's side read once kept by a {@code STATE_TTL} hint of
     * {@code '0'} on the joining SELECT of a view the statement reads, redefined with it: the {@code session-state-ttl}
     * rewrite's way where the join is written in a view the session or script defined ({@code rewrite.SessionStateTtl}).
     * The rule writes the {@code SET} alone and what it does to those rows; it cannot see the view's text the pin goes
     * into, nor whether the guard can redefine the view.
     *
     * @param setting the {@code SET} statement
     * @param view the view whose joining SELECT the hint goes on, as the statement names it
     * @param options the hint's options the rewrite adds, as a hint writes them ({@code 'g' = '0'})
     * @param tables the tables of the sides they keep
     * @param joins the plan node ids of the joins that read those sides: a join of the statement that reads none of
     *     them gets the {@code SET} alone as its fix ({@link #elsewhere()}), the pin being another join's
     */
    record ReadOnceKept(String setting, String view, List<String> options, List<String> tables, Set<Integer> joins)
            implements ProvenWay {

        public ReadOnceKept {
            Objects.requireNonNull(setting);
            Objects.requireNonNull(view);
            options = List.copyOf(options);
            tables = List.copyOf(tables);
            joins = Set.copyOf(joins);
        }

        /**
         * The fix of a join the rewrite answers that reads no side it pins: the {@code SET}, and in a few words that the
         * rewrite writes it with another join's side read once pinned in the view.
         */
        public String elsewhere() {
            return "Bound the join's state with a TTL longer than a row must wait for its match: " + setting + " (the"
                    + " session-state-ttl rewrite writes it with /*+ STATE_TTL(" + String.join(", ", options) + ") */ in"
                    + " the view " + view + " for the rows of " + String.join(", ", tables) + ", which another join reads"
                    + " once)";
        }

        /**
         * True where the finding on plan node {@code planNode} is about a join that reads a side this way pins, or where
         * the rewrite did not say which joins those are ({@code joins} empty: no plan).
         */
        public boolean keeps(Optional<Integer> planNode) {
            return joins.isEmpty() || planNode.map(joins::contains).orElse(true);
        }

        @Override
        public String family() {
            return "session-state-ttl";
        }

        @Override
        public String conditional() {
            return "where the session can redefine the view " + view + ", " + body();
        }

        @Override
        public String definite() {
            return "Bound the join's state with a TTL longer than a row must wait for its match: " + body();
        }

        private String body() {
            return setting + ", and keep the rows of " + String.join(", ", tables) + ", read once, with /*+ STATE_TTL("
                    + String.join(", ", options) + ") */ on the joining SELECT of the view " + view + ", redefined with it"
                    + " (every statement that reads the view gets the hint; '0' never expires, and a hint's value precedes"
                    + " table.exec.state.ttl for the input it names): those rows never come again, and the SET alone would"
                    + " expire them, after which the join matches nothing from that side";
        }
    }

    /**
     * A window operator in place of a regular stateful one, as a window rewrite wrote it: an aggregation per window
     * ({@code rewrite.WindowAggregate}, Flink docs "Window Aggregation") or a join per window ({@code
     * rewrite.WindowJoinCondition}, "Window Join"), whose state the window's end frees. A rule writes it only where it
     * sees the window in the plan (a time bucket over a table's event time: {@code StatefulWithoutTtlRule}); where it does
     * not (a bucket over a view's window_time, a join of windowed inputs), its fix is the TTL alone and says so in {@code
     * Facts#fixWithout()}, and a proven window rewrite puts this way first: the structural fix before the TTL (issue 30
     * §2).
     *
     * @param family the rewrite family that proves it ({@code window-aggregate}, {@code window-join})
     * @param what what the window does, a sentence's start ({@code Aggregate per window, whose state is freed when it
     *     closes})
     * @param how the window as the rewrite wrote it, in SQL ({@code GROUP BY window_start, window_end, item over
     *     TABLE(TUMBLE(...))})
     */
    record Window(String family, String what, String how) implements ProvenWay {

        public Window {
            Objects.requireNonNull(family);
            Objects.requireNonNull(what);
            Objects.requireNonNull(how);
        }

        @Override
        public String conditional() {
            return Character.toLowerCase(what.charAt(0)) + what.substring(1) + ": " + how;
        }

        @Override
        public String definite() {
            return what + ": " + how;
        }
    }
}
