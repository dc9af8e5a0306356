package io.github.sqlguard.rewrite;

import org.junit.jupiter.api.Test;

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
}
