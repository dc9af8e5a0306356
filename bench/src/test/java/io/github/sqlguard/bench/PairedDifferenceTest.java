package io.github.sqlguard.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PairedDifferenceTest {

    @Test
    void aConstantDifferenceUnderAMovingLoadIsThatDifferenceExactly() {
        // Each run's load moves both parts alike: the medians taken apart differ by less than the pairs do.
        long[] a = {10, 40, 20, 90, 30};
        long[] b = {13, 43, 23, 93, 33};
        PairedDifference d = PairedDifference.of(a, b);
        assertThat(d.median()).isEqualTo(3.0);
        assertThat(d.low()).isEqualTo(3.0);
        assertThat(d.high()).isEqualTo(3.0);
    }

    @Test
    void theIntervalHoldsTheMedianAndWidensWithTheSpreadOfThePairs() {
        long[] a = new long[40];
        long[] b = new long[40];
        for (int i = 0; i < a.length; i++) {
            a[i] = 1_000;
            b[i] = 1_000 + (i % 2 == 0 ? 0 : 10) + (i % 5) * 3;
        }
        PairedDifference d = PairedDifference.of(a, b);
        assertThat(d.low()).isLessThanOrEqualTo(d.median());
        assertThat(d.high()).isGreaterThanOrEqualTo(d.median());
        assertThat(d.high() - d.low()).isPositive();
        assertThat(d.low()).isGreaterThanOrEqualTo(0);
        assertThat(d.high()).isLessThanOrEqualTo(22);
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertThat(PairedDifference.median(new double[] {4, 1, 3, 2})).isEqualTo(2.5);
    }

    @Test
    void refusesRunsThatAreNotPaired() {
        assertThatThrownBy(() -> PairedDifference.of(new long[] {1, 2}, new long[] {1}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2 and 1");
    }
}
