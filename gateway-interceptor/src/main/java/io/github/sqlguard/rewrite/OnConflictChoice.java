package io.github.sqlguard.rewrite;

import io.github.sqlguard.flink.CatalogObject;
import io.github.sqlguard.flink.FlinkLine;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.diagnosis.OnConflictRequiredRule;
import io.github.sqlguard.statement.LookupKeys;
import io.github.sqlguard.statement.ParsedStatement.TableReference;
import io.github.sqlguard.statement.PartitionKeys;
import io.github.sqlguard.statement.StatementKind;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code on-conflict}, for {@code on-conflict-required} (Flink 2.3, FLIP-558): the INSERT with each
 * of Flink's three choices, every one proven and offered, each with its state cost as Flink 2.3
 * implements it ({@code StreamExecSink#applyUpsertMaterialize}): {@code DO DEDUPLICATE} keeps every
 * version of each primary key in the sink's upsert materializer, where the query's rows are updates (over
 * inserts only Flink plans none for it: {@link #changes}); {@code DO NOTHING} and {@code DO
 * ERROR} buffer rows until the watermark passes them and need a watermark on every source table
 * (Flink refuses them otherwise, and then they are not offered). All keep the materializer's state
 * under the state TTL. None is offered for a Top-N of several rows per key written into a sink keyed
 * by its partition columns, or a Top-1 into a sink keyed by some of them ({@link #topNOnOneSinkRow}): each would
 * keep an arbitrary one of the rows that fall on one sink row.
 */
final class OnConflictChoice implements RewriteFamily {

    static final String ID = "on-conflict";

    /** What the materializer's state does without a state TTL. */
    private static final String NO_TTL = "with no state TTL: it grows forever";

    /** What {@code DO DEDUPLICATE} keeps where the query's rows are updates, before the TTL it keeps it under. */
    private static final String DEDUPLICATE_KEEPS = "the latest row per primary key wins; the sink's upsert materializer"
            + " keeps every version of each key it has not seen retracted (Flink: \"state intensive\"), ";

    /**
     * {@code DO DEDUPLICATE} where the proof's compiled plan puts no upsert materializer before the sink: the
     * query's rows are inserts only. Flink 2.3.0 plans the materializer only for a sink input with updates or
     * deletes ({@code StreamExecSink#applyUpsertMaterialize}, {@code "requireUpsertMaterialize"}): asked of Flink
     * 2.3.0, an OVER aggregate over an append-only table into an {@code upsert-kafka} sink keyed by its partition
     * column compiles with {@code ON CONFLICT DO DEDUPLICATE} to a sink with no state, and with {@code DO NOTHING}
     * or {@code DO ERROR} to one with {@code sinkMaterializeState}. Each row then reaches the sink as an upsert of
     * its primary key, and the one that arrives last stays.
     */
    private static final String DEDUPLICATE_OVER_INSERTS = "the query's rows are inserts only, so Flink plans no"
            + " upsert materializer for the clause and keeps no state for it (the compiled sink has none): each row is"
            + " written as an upsert of its primary key, and the row of a key that reaches the sink last stays";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(OnConflictRequiredRule.ID),
            List.of(),
            "the `INSERT` with each `ON CONFLICT` choice (`DO DEDUPLICATE`, `DO NOTHING`, `DO ERROR`), each proven and offered with its state cost");

    @Override
    public FamilyDeclaration declaration() {
        return DECLARATION;
    }

    /** Every choice is offered: which conflict rule is right is the user's decision, not the guard's. */
    @Override
    public boolean offersEveryCandidate() {
        return true;
    }

    @Override
    public List<Candidate> candidates(Finding finding, RewriteContext context) {
        if (context.request().statement().kind() != StatementKind.INSERT) {
            return List.of();
        }
        String text = context.text().strip();
        if (text.endsWith(";")) {
            text = text.substring(0, text.length() - 1).stripTrailing();
        }
        // Read from the statement's tree, not its words: "ON CONFLICT" in a comment, a string or a quoted name is no clause.
        Optional<SqlNode> tree = context.statementTree();
        if (tree.isPresent() && (FlinkLine.current().insertsOnConflict(tree.get()) || topNOnOneSinkRow(finding, tree.get()))) {
            return List.of();
        }
        Duration ttl = StateTtl.effective(context.request().config());
        Optional<String> sessionTtl = ttl.isZero() ? Optional.empty() : Optional.of(StateTtl.format(ttl));
        Optional<String> matches = severalMatches(context);
        List<Candidate> out = new ArrayList<>();
        for (Action action : Action.values()) {
            out.add(choice(context, finding, text, new Choice(action, sessionTtl, false, matches, List.of())));
        }
        return out;
    }

    /** Flink's three {@code ON CONFLICT} actions (FLIP-558), in the order they are offered. */
    enum Action {
        DEDUPLICATE,
        NOTHING,
        ERROR
    }

    /**
     * An {@code ON CONFLICT} choice's {@code changes:} line as the facts it is said from, so that what a {@code SET}
     * before the statement and the proof's plan change in it is decided by these, not by its wording.
     *
     * @param action the clause's action
     * @param ttl the state TTL the sink's materializer keeps its state under, as written ({@code 1 d}); empty where none
     *     applies (the state grows forever)
     * @param fromSet true where a {@code SET} before the statement gives {@code ttl} ({@link Candidate#withSet}), which
     *     the materializer gets like every stateful operator no hint names
     * @param matches what a lookup join of the statement adds ({@link #severalMatches}); empty where nothing
     * @param after the clauses said after the choice's own, each without its {@code ; } (why a {@code SET} goes
     *     before the statement)
     */
    record Choice(Action action, Optional<String> ttl, boolean fromSet, Optional<String> matches, List<String> after)
            implements ChangesLine {

        Choice {
            after = List.copyOf(after);
        }

        /** This choice under the state TTL {@code value} of a {@code SET} before the statement, said {@code why}. */
        Choice underSet(String value, String why) {
            return new Choice(action, Optional.of(value), true, matches, append(why));
        }

        /**
         * A {@code SET} of the state TTL gives the materializer its TTL ({@link #underSet(String, String)}); a {@code
         * SET} of another key leaves it and is said after the choice.
         */
        @Override
        public Choice underSet(String key, String value, String why) {
            return key.equals(StateTtl.KEY) ? underSet(value, why) : followedBy(why);
        }

        /** This choice with {@code clause} said after it. */
        @Override
        public Choice followedBy(String clause) {
            return new Choice(action, ttl, fromSet, matches, append(clause));
        }

        /** The line where the sink has an upsert materializer, as it is said before the proof. */
        @Override
        public String text() {
            return changes(true);
        }

        private List<String> append(String clause) {
            List<String> clauses = new ArrayList<>(after);
            clauses.add(clause);
            return clauses;
        }

        /**
         * The {@code changes:} line, where the sink has an upsert materializer ({@code materialized}) or not: {@code DO
         * DEDUPLICATE} without one keeps no state ({@link #DEDUPLICATE_OVER_INSERTS}); {@code DO NOTHING} and {@code DO
         * ERROR} always have one ({@code StreamExecSink#applyUpsertMaterialize}).
         */
        String changes(boolean materialized) {
            String ttlClause = ttl.map(t -> "under the state TTL " + t + (fromSet ? " of the SET before it" : ""))
                    .orElse(NO_TTL);
            String own = switch (action) {
                case DEDUPLICATE -> (materialized ? DEDUPLICATE_KEEPS + ttlClause : DEDUPLICATE_OVER_INSERTS)
                        + matches.map(m -> m + ": the sink row keeps the match that arrived last, not a chosen one")
                                .orElse("");
                case NOTHING -> "the first row per primary key is kept and later conflicting rows are dropped; rows are"
                        + " buffered until the watermark passes them, and the materializer keeps the current row per key "
                        + ttlClause
                        + matches.map(m -> m + ": the sink row keeps the first match to arrive, not a chosen one").orElse("");
                case ERROR -> "the job fails on the first row whose key conflicts with another's; rows are buffered until"
                        + " the watermark passes them, and the materializer keeps the current row per key " + ttlClause
                        + matches.map(m -> m + ": the job fails at the first input row with a second match").orElse("");
            };
            StringBuilder line = new StringBuilder("ON CONFLICT DO ").append(action).append(": ").append(own);
            after.forEach(clause -> line.append("; ").append(clause));
            return line.toString();
        }
    }

    /**
     * What a lookup join of the statement adds to each choice's {@code changes:} where one input row may match several
     * rows of the table it looks up: the join's condition does not equate every column of the table's declared PRIMARY
     * KEY ({@link LookupKeys}; {@code CatalogObject#primaryKey}, Flink's {@code ResolvedSchema#getPrimaryKey}), or the
     * table declares none. A lookup join emits a row for each row of the table the lookup returns ({@code
     * StreamExecLookupJoin}), all with the input row's columns, so they compete for one sink row; the clause picks by
     * arrival. Keying the sink otherwise avoids no clause: Flink 2.3.0 gives the join's result no key from the table
     * unless the lookup keys hold its PRIMARY KEY ({@code FlinkRelMdUniqueKeys#getUniqueKeysOfTemporalTable}), so the
     * clause is what is offered, and this says what it keeps. An event-time temporal join equates the versioned
     * table's whole key (Flink refuses it otherwise), so it matches one version per row: nothing to add. Empty where no
     * table is read as of a time, or each is looked up by its whole key, a column its condition equates with a constant
     * included (Flink's lookup join looks the table up by the constant: {@code CommonPhysicalLookupJoin#allLookupKeys}).
     */
    private static Optional<String> severalMatches(RewriteContext context) {
        for (TableReference reference : context.request().statement().facts().tableReferences()) {
            if (reference.asOf().isEmpty()) {
                continue;
            }
            Optional<CatalogObject> table = context.lookUp(reference.names());
            if (table.isEmpty() || table.get().view()) {
                continue;
            }
            String name = reference.alias().isEmpty() ? reference.name() : reference.alias();
            List<String> by = new ArrayList<>(LookupKeys.of(context.request().statement(), name));
            // A column the condition equates with a constant is looked up by it too (LookupKeys#constantsOfJoin): one
            // match at most where the key is held so (lint case 44), though Flink derives no key from it.
            LookupKeys.constants(context.request().statement(), name).stream().filter(c -> !by.contains(c))
                    .forEach(by::add);
            List<String> key = context.declaredKey(table.get());
            if (!key.isEmpty() && by.containsAll(key)) {
                continue;
            }
            String lookedUp = by.isEmpty() ? "" : " by " + String.join(", ", by);
            return Optional.of("; the lookup join of " + reference.name() + " returns every row of it that matches"
                    + lookedUp + (key.isEmpty() ? " (it declares no PRIMARY KEY)"
                            : ", not by its PRIMARY KEY (" + String.join(", ", key) + ")")
                    + ", each a row with the same input row's key: where several match, they compete for one sink row");
        }
        return Optional.empty();
    }

    /**
     * True when the INSERT writes a Top-N of more than one row per key ({@code rn <= 3}) into a sink
     * whose primary key columns are all among the Top-N's partition columns (as Flink names them in its
     * message: the finding's keys, {@code Finding#facts()}), or a Top-1 into a sink keyed by some of its partition
     * columns only ({@link PartitionKeys#rowsShareSinkRow}): several of the ranking's rows fall on one sink row, so
     * {@code DO DEDUPLICATE} and {@code DO NOTHING} keep an arbitrary one of them and {@code DO ERROR} fails at the
     * second. No choice keeps the ranking; the fix is the sink's key or a ranking per the sink's key.
     */
    static boolean topNOnOneSinkRow(Finding finding, SqlNode tree) {
        if (finding.facts().keys().isEmpty()) {
            return false;
        }
        Map<SqlNode, SqlNode> parents = Trees.parents(tree);
        for (Trees.RankItem item : Trees.rankItems(tree)) {
            Optional<SqlSelect> outer = Trees.outer(parents, item.select());
            if (item.alias() == null || outer.isEmpty()) {
                continue;
            }
            Optional<Trees.RankBound> bound = Trees.rankBound(outer.get().getWhere(), item.alias());
            if (bound.isPresent() && PartitionKeys.rowsShareSinkRow(item.partitionColumns(), finding.facts().keys(),
                    bound.get().maxRank())) {
                return true;
            }
        }
        return false;
    }

    /**
     * The {@code changes:} line of a proven candidate, read against the proof's plan: {@code DO DEDUPLICATE}'s
     * materializer and its state are said only where the compiled sink has one ({@link #DEDUPLICATE_OVER_INSERTS}); a
     * plan read from EXPLAIN's text, which does not tell, is taken to have one.
     */
    static String changes(Choice choice, Optional<ExplainedPlan> plan) {
        if (plan.isEmpty() || !plan.get().compiled()) {
            return choice.changes(true);
        }
        List<Operator.Sink> sinks = plan.get().operators(Operator.Sink.class);
        return choice.changes(sinks.isEmpty() || sinks.stream().anyMatch(Operator.Sink::upsertMaterialize));
    }

    private Candidate choice(RewriteContext context, Finding finding, String text, Choice choice) {
        String statement = text + "\nON CONFLICT DO " + choice.action();
        return new Candidate(
                ID, context.answering(finding), List.of(), statement, statement, Map.of(), List.of(), Intent.PLANS,
                Columns.SAME, choice.text(), "", Optional.empty(), Optional.empty(), Optional.of(choice));
    }
}
