package io.github.sqlguard.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.plan.ViewReads;
import io.github.sqlguard.plan.ViewSetOperation;
import io.github.sqlguard.rules.SemiJoinSides.Written;
import io.github.sqlguard.statement.ParsedStatement.SqlFacts;
import io.github.sqlguard.statement.StatementParser;

import org.junit.jupiter.api.Test;

import java.util.List;

/**
 * {@link SemiJoinSides}: what the statement and its views write that Flink builds a SEMI or ANTI join from is a value
 * read from their trees ({@link SemiJoinSides#writtenAs()}), which the messages decide by, not the names they say.
 */
class SemiJoinSidesTest {

    private static SqlFacts facts(String sql) {
        return new StatementParser().parse(sql).facts();
    }

    @Test
    void anExceptIsTheSetOperationsJoin() {
        SemiJoinSides sides = SemiJoinSides.of("ANTI", facts("SELECT a FROM t EXCEPT SELECT a FROM u"), ViewReads.NONE);

        assertThat(sides.writtenAs()).isEqualTo(Written.SET_OPERATION);
        assertThat(sides.setOperation()).isTrue();
        assertThat(sides.subqueryOnly()).isFalse();
        assertThat(sides.rightSide()).isEqualTo("the query after EXCEPT");
    }

    @Test
    void aNotInIsTheSubquerysJoin() {
        SemiJoinSides sides = SemiJoinSides.of(
                "ANTI", facts("SELECT a FROM t WHERE a NOT IN (SELECT a FROM u)"), ViewReads.NONE);

        assertThat(sides.writtenAs()).isEqualTo(Written.SUBQUERY);
        assertThat(sides.subqueryOnly()).isTrue();
        assertThat(sides.rightSide()).isEqualTo("the IN or EXISTS subquery's side");
    }

    /** A view's INTERSECT beside the statement's IN subquery: the join is either's, and its right side says both. */
    @Test
    void aViewsIntersectBesideASubqueryIsEithersJoin() {
        ViewReads views = new ViewReads(List.of(), java.util.Optional.empty(), List.of(), List.of(), List.of(),
                List.of(new ViewSetOperation("kept_orders", "INTERSECT")), List.of(), List.of(), java.util.Map.of());
        SemiJoinSides sides = SemiJoinSides.of(
                "SEMI", facts("SELECT a FROM kept_orders WHERE a IN (SELECT a FROM u)"), views);

        assertThat(sides.writtenAs()).isEqualTo(Written.EITHER);
        assertThat(sides.setOperation()).isFalse();
        assertThat(sides.subqueryOnly()).isFalse();
        assertThat(sides.rightSide())
                .isEqualTo("the IN or EXISTS subquery's side (or the query after INTERSECT in the view kept_orders)");
    }
}
