package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.Column;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Column types as the proof compares them: one spelling per type, with or without a time attribute. */
class ProverColumnTypesTest {

    @Test
    void localZonedTimestampIsOneTypeAsATimeAttributeAndWithout() {
        // As the plan model gives them: a plain column, and the same column once a WATERMARK makes it a time attribute.
        assertThat(Prover.baseType("TIMESTAMP_LTZ(3) *ROWTIME*")).isEqualTo(Prover.baseType("TIMESTAMP(3) WITH LOCAL TIME ZONE"));
        assertThat(Prover.baseType("TIMESTAMP(3) *ROWTIME*")).isEqualTo(Prover.baseType("TIMESTAMP(3)"));
    }

    @Test
    void differentPrecisionsStayDifferent() {
        assertThat(Prover.baseType("TIMESTAMP_LTZ(3) *ROWTIME*")).isNotEqualTo(Prover.baseType("TIMESTAMP(6) WITH LOCAL TIME ZONE"));
        assertThat(Prover.baseType("TIMESTAMP_LTZ(3)")).isNotEqualTo(Prover.baseType("TIMESTAMP(3)"));
    }

    @Test
    void aColumnThePlannerNamedInOnePlanAndTheUserInTheOtherIsOneColumn() {
        // The original's root: Flink's name of the OVER's row number; the window Top-N's, with the window columns
        // added on purpose, the user's (rn).
        Column.TimeAttribute none = Column.TimeAttribute.NONE;
        List<Column> before = List.of(new Column("order_id", "BIGINT", none), new Column("w0$o0", "BIGINT NOT NULL", none));
        List<Column> after = List.of(new Column("window_start", "TIMESTAMP(3) NOT NULL", none),
                new Column("order_id", "BIGINT", none), new Column("rn", "BIGINT NOT NULL", none));

        assertThat(Prover.plannerNamesKept(before, after, Set.of("window_start")).stream().map(Column::name))
                .containsExactly("window_start", "order_id", "w0$o0");
        // A user's name the rewrite adds on purpose is never taken for the planner's.
        assertThat(Prover.plannerNamesKept(before, after, Set.of("window_start", "rn"))).isEqualTo(after);
    }
}
