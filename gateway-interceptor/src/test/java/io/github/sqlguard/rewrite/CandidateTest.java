package io.github.sqlguard.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@link Candidate#sql()}: the script a rewrite shows. */
class CandidateTest {

    /** The SQL Client sends a statement with the semicolon that ended it in the script. */
    @Test
    void endsEachStatementWithOneSemicolonWhenTheClientSentItsOwn() {
        Candidate candidate = new Candidate(
                "session-state-ttl", AnsweredFinding.about("unbounded-rank", "Rank[5]"), List.of("SET 'table.exec.state.ttl' = '1 d';"),
                "SELECT * FROM (SELECT a, ROW_NUMBER() OVER (PARTITION BY a ORDER BY b) AS rn FROM t) WHERE rn <= 3 ; \n",
                "", Map.of(), List.of(), Intent.PLANS, Candidate.Columns.SAME, "", "", Optional.empty());

        assertThat(candidate.sql()).isEqualTo("SET 'table.exec.state.ttl' = '1 d';\n"
                + "SELECT * FROM (SELECT a, ROW_NUMBER() OVER (PARTITION BY a ORDER BY b) AS rn FROM t) WHERE rn <= 3;");
    }
}
