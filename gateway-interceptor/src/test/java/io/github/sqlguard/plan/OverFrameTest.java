package io.github.sqlguard.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

/** {@link OverFrame} read from an {@code OverAggregate}'s description, as Flink 2.3.0 and 1.20 print it. */
class OverFrameTest {

    private static Optional<OverFrame> frame(String description) {
        return OverFrame.of(new PlanNode(
                1, "OverAggregate", "stream-exec-over-aggregate_1", description, List.of(), OutputType.UNKNOWN, List.of(),
                Optional.empty()));
    }

    @Test
    void readsAnUnboundedRangeFrameWithLagAsOffsetsOnly() {
        OverFrame frame = frame("OverAggregate(partitionBy=[k], orderBy=[ts ASC], window=[ RANGE BETWEEN UNBOUNDED"
                + " PRECEDING AND CURRENT ROW], select=[k, x, ts, pt, LAG(x) AS w0$o0])").orElseThrow();

        assertThat(frame.rows()).isFalse();
        assertThat(frame.unboundedPreceding()).isTrue();
        assertThat(frame.freesIdleKeys()).isFalse();
        assertThat(frame.calls()).containsExactly("LAG(x)");
        assertThat(frame.offsetsOnly()).isTrue();
        assertThat(frame.orderColumn()).isEqualTo("ts");
    }

    @Test
    void aBoundedRangeFreesIdleKeysAlsoAsFlink120PrintsIt() {
        assertThat(frame("OverAggregate(partitionBy=[k], orderBy=[ts ASC], window=[ RANGE BETWEEN 3600000 PRECEDING AND"
                + " CURRENT ROW], select=[k, x, ts, COUNT(x) AS w0$o0, $SUM0(x) AS w0$o1])").orElseThrow().freesIdleKeys())
                .isTrue();
        OverFrame old = frame("OverAggregate(partitionBy=[k], orderBy=[ts ASC], window=[ RANG BETWEEN 3600000 PRECEDING"
                + " AND CURRENT ROW], select=[k, x, ts, COUNT(x) AS w0$o0])").orElseThrow();
        assertThat(old.freesIdleKeys()).isTrue();
        assertThat(old.sql()).isEqualTo("RANGE BETWEEN 3600000 PRECEDING AND CURRENT ROW");
    }

    @Test
    void aBoundedRowsFrameKeepsItsRowsPerKeyAndDistinctCallsAreNamed() {
        OverFrame rows = frame("OverAggregate(partitionBy=[k], orderBy=[pt ASC], window=[ ROWS BETWEEN 5 PRECEDING AND"
                + " CURRENT ROW], select=[k, x, pt, COUNT(x) AS w0$o0, $SUM0(x) AS w0$o1])").orElseThrow();
        assertThat(rows.rows()).isTrue();
        assertThat(rows.unboundedPreceding()).isFalse();
        assertThat(rows.freesIdleKeys()).isFalse();
        assertThat(rows.offsetsOnly()).isFalse();

        OverFrame distinct = frame("OverAggregate(partitionBy=[k], orderBy=[pt ASC], window=[ RANGE BETWEEN UNBOUNDED"
                + " PRECEDING AND CURRENT ROW], select=[k, x, ts, pt, COUNT(DISTINCT x) AS w0$o0])").orElseThrow();
        assertThat(distinct.distinctCalls()).containsExactly("COUNT(DISTINCT x)");
    }

    @Test
    void noFrameWithoutAWindowEndingAtTheCurrentRow() {
        assertThat(frame("OverAggregate(partitionBy=[k], orderBy=[ts ASC], select=[k, LAG(x) AS w0$o0])")).isEmpty();
        assertThat(frame("OverAggregate(partitionBy=[k], orderBy=[ts ASC], window=[ ROWS BETWEEN 2 PRECEDING AND 2"
                + " FOLLOWING], select=[k, SUM(x) AS w0$o0])")).isEmpty();
    }
}
