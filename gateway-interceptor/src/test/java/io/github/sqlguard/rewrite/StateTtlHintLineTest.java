package io.github.sqlguard.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.rewrite.StateTtlHint.HintLine;
import io.github.sqlguard.rules.StateTtl;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@link StateTtlHint.HintLine}: a {@code state-ttl-hint}'s {@code changes:} line is said from its facts, so a {@code
 * SET} before the statement and the operators the proof's plan shows reached change it by those facts, not by finding
 * their words in a finished line (issue 30 §4).
 */
class StateTtlHintLineTest {

    private static final String OWN = "the state of this statement's aggregation expires 1 d after a key's last change"
            + " (STATE_TTL('orders' = '1 d'))";

    /**
     * A clause after the hint's own that quotes its words, as a comment kept from the user's view can: a line whose
     * clause was found and replaced in its text lost this one too.
     */
    private static final String QUOTING = "; the view's comment reads \"a; other operators and statements keep the"
            + " session's TTL\"";

    @Test
    void aHintAloneSaysTheOtherOperatorsKeepTheSessionsTtl() {
        HintLine line = new HintLine(OWN, Optional.empty(), false, QUOTING);

        assertThat(line.text()).isEqualTo(OWN + "; other operators and statements keep the session's TTL" + QUOTING);
    }

    @Test
    void aSetOfTheStateTtlBeforeTheStatementDropsOnlyTheHintsOwnClause() {
        Candidate set = candidate(new HintLine(OWN, Optional.empty(), false, QUOTING))
                .withSet(StateTtl.KEY, "1 d", "the SET gives every other operator 1 d", "1 d");

        assertThat(set.changes()).isEqualTo(OWN + QUOTING + "; the SET gives every other operator 1 d");
    }

    @Test
    void aSetOfAnotherKeyKeepsTheClause() {
        Candidate set = candidate(new HintLine(OWN, Optional.empty(), false, ""))
                .withSet("table.exec.mini-batch.enabled", "true", "why", "true");

        assertThat(set.changes()).isEqualTo(OWN + "; other operators and statements keep the session's TTL; why");
    }

    @Test
    void operatorsTheHintsReachBesidesAreSaidBeforeThoseNoHintReaches() {
        HintLine line = new HintLine(OWN, Optional.of("; its joins keep each row 1 d after it was stored"), false, QUOTING);

        assertThat(line.text()).isEqualTo(OWN + "; its joins keep each row 1 d after it was stored; operators no hint"
                + " reaches and statements keep the session's TTL" + QUOTING);
        assertThat(line.underSet(StateTtl.KEY, "1 d", "why").text()).isEqualTo(OWN + QUOTING + "; why");
    }

    private static Candidate candidate(HintLine line) {
        String statement = "SELECT /*+ STATE_TTL('orders' = '1 d') */ user_id, COUNT(*) FROM orders GROUP BY user_id";
        return new Candidate(
                StateTtlHint.ID, AnsweredFinding.about("stateful-without-ttl", "GroupAggregate"), List.of(), statement,
                statement, Map.of(), List.of(), Intent.PLANS, Candidate.Columns.SAME, "not read", "", Optional.empty(),
                Optional.empty(), Optional.of(line));
    }
}
