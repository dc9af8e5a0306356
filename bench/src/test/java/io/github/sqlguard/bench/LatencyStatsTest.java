package io.github.sqlguard.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

class LatencyStatsTest {

    private static List<Long> millis(long... values) {
        List<Long> nanos = new ArrayList<>();
        for (long v : values) {
            nanos.add(v * 1_000_000L);
        }
        return nanos;
    }

    @Test
    void medianOfAnOddCountIsTheMiddleSample() {
        assertThat(new LatencyStats(millis(9, 1, 5)).medianMs()).isEqualTo(5.0);
    }

    @Test
    void medianOfAnEvenCountIsTheMeanOfTheMiddleSamples() {
        assertThat(new LatencyStats(millis(4, 1, 2, 3)).medianMs()).isEqualTo(2.5);
    }

    @Test
    void p99OfFewerThanHundredSamplesIsTheMaximum() {
        assertThat(new LatencyStats(millis(3, 50, 1, 2)).percentileMs(99)).isEqualTo(50.0);
    }

    @Test
    void p99OfTwoHundredSamplesIsTheNearestRank() {
        List<Long> values = new ArrayList<>();
        for (long i = 1; i <= 200; i++) {
            values.add(i * 1_000_000L);
        }
        assertThat(new LatencyStats(values).percentileMs(99)).isEqualTo(198.0);
    }

    @Test
    void emptySamplesGiveNaN() {
        LatencyStats empty = new LatencyStats(List.of());
        assertThat(empty.count()).isZero();
        assertThat(empty.medianMs()).isNaN();
        assertThat(empty.percentileMs(99)).isNaN();
    }

    @Test
    void rejectsAPercentileOutOfRange() {
        assertThatThrownBy(() -> new LatencyStats(millis(1)).percentileMs(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
