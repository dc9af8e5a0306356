package io.github.sqlguard.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.rewrite.OnConflictChoice.Action;
import io.github.sqlguard.rewrite.OnConflictChoice.Choice;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.diagnosis.OnConflictRequiredRule;
import io.github.sqlguard.statement.FlinkSqlParser;
import io.github.sqlguard.statement.StatementParser;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@link OnConflictChoice.Choice}: an {@code ON CONFLICT} choice's {@code changes:} line is said from its facts, so a
 * {@code SET} before the statement and the proof's plan change it by those facts, whatever its words (issue 30 §4).
 */
class OnConflictChoiceTest {

    private static final String MATCHES = "; the lookup join of customers returns every row of it that matches by email"
            + " (it declares no PRIMARY KEY), each a row with the same input row's key: where several match, they"
            + " compete for one sink row";

    private static final String WHY = "the SET before it gives every stateful operator that no STATE_TTL hint names a"
            + " state TTL of 1 d";

    @Test
    void aSetOfTheStateTtlBeforeTheStatementGivesTheMaterializerItsTtl() {
        Candidate candidate = candidate(new Choice(Action.NOTHING, Optional.empty(), false, Optional.empty(), List.of()));
        assertThat(candidate.changes()).contains("keeps the current row per key with no state TTL: it grows forever");

        Candidate set = candidate.withSet(StateTtl.KEY, "1 d", WHY, "1 d: the default");

        assertThat(set.line()).contains(
                new Choice(Action.NOTHING, Optional.of("1 d"), true, Optional.empty(), List.of(WHY)));
        assertThat(set.changes()).isEqualTo("ON CONFLICT DO NOTHING: the first row per primary key is kept and later"
                + " conflicting rows are dropped; rows are buffered until the watermark passes them, and the materializer"
                + " keeps the current row per key under the state TTL 1 d of the SET before it; " + WHY);
    }

    @Test
    void aSetBeforeTheStatementOverASessionTtlSaysTheSetsTtl() {
        Choice session = new Choice(Action.ERROR, Optional.of("7 d"), false, Optional.empty(), List.of());

        assertThat(session.underSet("1 d", WHY).changes(true))
                .contains("keeps the current row per key under the state TTL 1 d of the SET before it; " + WHY)
                .doesNotContain("7 d");
    }

    @Test
    void aSetOfAnotherKeyLeavesTheTtlAndIsSaidAfterTheChoice() {
        Candidate candidate = candidate(new Choice(Action.DEDUPLICATE, Optional.of("1 d"), false, Optional.empty(), List.of()));

        Candidate set = candidate.withSet("table.exec.sink.upsert-materialize-strategy.type", "MAP", "why", "MAP");

        assertThat(((Choice) set.line().orElseThrow()).ttl()).contains("1 d");
        assertThat(((Choice) set.line().orElseThrow()).fromSet()).isFalse();
        assertThat(set.changes()).endsWith("under the state TTL 1 d; why");
    }

    /** Over inserts only Flink plans no materializer for DO DEDUPLICATE: said from the action, the rest kept in order. */
    @Test
    void deduplicateWithoutAMaterializerSaysItKeepsNoStateAndKeepsWhatFollows() {
        Choice choice = new Choice(Action.DEDUPLICATE, Optional.empty(), false, Optional.of(MATCHES), List.of())
                .underSet("1 d", WHY);

        assertThat(choice.changes(true)).startsWith("ON CONFLICT DO DEDUPLICATE: the latest row per primary key wins;"
                + " the sink's upsert materializer keeps every version of each key it has not seen retracted (Flink:"
                + " \"state intensive\"), under the state TTL 1 d of the SET before it" + MATCHES);
        assertThat(choice.changes(false)).isEqualTo("ON CONFLICT DO DEDUPLICATE: the query's rows are inserts only, so"
                + " Flink plans no upsert materializer for the clause and keeps no state for it (the compiled sink has"
                + " none): each row is written as an upsert of its primary key, and the row of a key that reaches the sink"
                + " last stays" + MATCHES + ": the sink row keeps the match that arrived last, not a chosen one; " + WHY);
    }

    /**
     * DO NOTHING and DO ERROR buffer rows in a materializer over inserts too: a line worded as DO DEDUPLICATE's (a
     * clause after it quoting it) does not make the plan's inserts change it.
     */
    @Test
    void nothingAndErrorAreSaidAlikeWithOrWithoutAMaterializer() {
        String quoted = "ON CONFLICT DO DEDUPLICATE: the latest row per primary key wins; the sink's upsert materializer"
                + " keeps every version of each key it has not seen retracted (Flink: \"state intensive\"), ";
        for (Action action : List.of(Action.NOTHING, Action.ERROR)) {
            Choice choice = new Choice(action, Optional.empty(), false, Optional.of(MATCHES), List.of(quoted));

            assertThat(choice.changes(false)).isEqualTo(choice.changes(true))
                    .startsWith("ON CONFLICT DO " + action + ": ").endsWith("; " + quoted);
        }
    }

    /**
     * Whether the INSERT has an {@code ON CONFLICT} clause is read from the tree it was parsed into (Flink 2.3's {@code
     * RichSqlInsert#getConflictStrategy}), not from its words: the words in a comment, a string or a quoted name are no
     * clause, and the three choices are offered there; the statement is not parsed again for it.
     */
    @Test
    void theClauseIsReadFromTheInsertsTreeNotFromTheWordsOfItsText() {
        Finding finding = new Finding(OnConflictRequiredRule.ID, Level.BLOCK, "no clause", "Sink", "", "a clause", "");
        for (String insert : List.of(
                "INSERT INTO sink /* ON CONFLICT DO NOTHING would keep the first */ SELECT id, name FROM src",
                "INSERT INTO sink SELECT id, 'on conflict' FROM src",
                "INSERT INTO sink SELECT id, `ON CONFLICT` FROM src")) {
            RewriteContext context = context(insert);
            long before = FlinkSqlParser.parsesOnThisThread();

            assertThat(new OnConflictChoice().candidates(finding, context)).as(insert)
                    .extracting(c -> ((Choice) c.line().orElseThrow()).action()).containsExactly(Action.values());
            assertThat(FlinkSqlParser.parsesOnThisThread() - before).as(insert).isZero();
        }
        assertThat(new OnConflictChoice().candidates(finding, context(
                "INSERT INTO sink SELECT id, name FROM src ON CONFLICT DO NOTHING"))).isEmpty();
    }

    private static RewriteContext context(String insert) {
        RewriteRequest request = new RewriteRequest(new StatementParser().parse(insert), null, Optional.empty(),
                Map.of(), Duration.ofMinutes(1), Duration.ofDays(365), false);
        return new RewriteContext(request, EmptyCatalogSession.PLANS_NOTHING, RewriteSettings.DEFAULTS);
    }

    private static Candidate candidate(Choice choice) {
        String statement = "INSERT INTO sink SELECT * FROM src\nON CONFLICT DO " + choice.action();
        return new Candidate(
                OnConflictChoice.ID, AnsweredFinding.about("on-conflict-required", "Sink"), List.of(), statement,
                statement, Map.of(), List.of(), Intent.PLANS, Candidate.Columns.SAME, "not read", "", Optional.empty(),
                Optional.empty(), Optional.of(choice));
    }
}
