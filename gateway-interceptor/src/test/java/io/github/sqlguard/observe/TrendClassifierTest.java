package io.github.sqlguard.observe;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

class TrendClassifierTest {

    private static final long MINUTE = 60_000;
    private static final long GB = 1L << 30;
    private static final long MB = 1L << 20;

    private final TrendClassifier classifier = new TrendClassifier(GB);

    /** Samples one minute apart with these sizes. */
    private static List<Sample> sizes(long... bytes) {
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < bytes.length; i++) {
            samples.add(new Sample(1_000_000 + i * MINUTE, bytes[i]));
        }
        return samples;
    }

    @Test
    void fewerThanThreeSamplesAreUnknown() {
        assertThat(classifier.classify(List.of()).kind()).isEqualTo(Trend.Kind.UNKNOWN);
        Trend two = classifier.classify(sizes(10 * MB, 20 * MB));

        assertThat(two.kind()).isEqualTo(Trend.Kind.UNKNOWN);
        assertThat(two.bytes()).isEqualTo(20 * MB);
        assertThat(two.bytesPerHour()).isEqualTo(600 * MB);
        assertThat(two.reachesThresholdInMs()).isNull();
    }

    @Test
    void steadyGrowthIsGrowingWithItsRateAndTimeToTheThreshold() {
        Trend trend = classifier.classify(sizes(100 * MB, 110 * MB, 120 * MB, 130 * MB, 140 * MB));

        assertThat(trend.kind()).isEqualTo(Trend.Kind.GROWING);
        assertThat(trend.bytes()).isEqualTo(140 * MB);
        assertThat(trend.bytesPerHour()).isEqualTo(600 * MB);
        assertThat(trend.samples()).isEqualTo(5);
        assertThat(trend.spanMs()).isEqualTo(4 * MINUTE);
        // (1024 - 140) MB at 600 MB/h
        assertThat(trend.reachesThresholdInMs()).isEqualTo(Math.round(884.0 / 600 * 3_600_000));
    }

    @Test
    void slowGrowthOfAnOldLargeStateIsStillGrowing() {
        // +0.1 % a sample: well inside a 5 % band, but it never stops.
        Trend trend = classifier.classify(sizes(1000 * MB, 1001 * MB, 1002 * MB, 1003 * MB, 1004 * MB, 1005 * MB));

        assertThat(trend.kind()).isEqualTo(Trend.Kind.GROWING);
        assertThat(trend.reachesThresholdInMs()).isPositive();
    }

    @Test
    void aGrowingStateAboveTheThresholdHasReachedIt() {
        Trend trend = classifier.classify(sizes(GB, GB + 10 * MB, GB + 20 * MB));

        assertThat(trend.kind()).isEqualTo(Trend.Kind.GROWING);
        assertThat(trend.reachesThresholdInMs()).isZero();
    }

    @Test
    void aFlatStateIsLevelled() {
        Trend trend = classifier.classify(sizes(40 * MB, 40 * MB, 40 * MB, 40 * MB));

        assertThat(trend.kind()).isEqualTo(Trend.Kind.LEVELLED);
        assertThat(trend.bytesPerHour()).isZero();
        assertThat(trend.reachesThresholdInMs()).isNull();
    }

    @Test
    void aStateThatGrewAndThenStayedIsLevelled() {
        assertThat(classifier.classify(sizes(0, 3 * 1024, 3 * 1024)).kind()).isEqualTo(Trend.Kind.LEVELLED);
        assertThat(classifier.classify(sizes(10 * MB, 20 * MB, 30 * MB, 30 * MB, 30 * MB, 30 * MB)).kind())
                .isEqualTo(Trend.Kind.LEVELLED);
    }

    @Test
    void aStateMovingUpAndDownWithinTheToleranceIsLevelled() {
        // RocksDB: compactions and incremental checkpoints move the size both ways.
        Trend trend = classifier.classify(sizes(100 * MB, 103 * MB, 99 * MB, 102 * MB, 98 * MB, 101 * MB));

        assertThat(trend.kind()).isEqualTo(Trend.Kind.LEVELLED);
    }

    @Test
    void changesWithinTheNoiseAreNoChange() {
        Trend trend = classifier.classify(sizes(5000, 5500, 6000, 6500));

        assertThat(trend.kind()).isEqualTo(Trend.Kind.LEVELLED);
    }

    @Test
    void aFallingStateIsShrinking() {
        Trend trend = classifier.classify(sizes(100 * MB, 80 * MB, 60 * MB, 40 * MB));

        assertThat(trend.kind()).isEqualTo(Trend.Kind.SHRINKING);
        assertThat(trend.bytesPerHour()).isEqualTo(-1200 * MB);
        assertThat(trend.reachesThresholdInMs()).isNull();
    }

    @Test
    void aNoisyStateThatDriftsUpBeyondTheToleranceIsGrowing() {
        Trend trend = classifier.classify(sizes(100 * MB, 120 * MB, 110 * MB, 130 * MB, 125 * MB, 150 * MB));

        assertThat(trend.kind()).isEqualTo(Trend.Kind.GROWING);
    }

    @Test
    void describesTheTrendAsPeopleReadIt() {
        Trend trend = classifier.classify(sizes(100 * MB, 110 * MB, 120 * MB, 130 * MB, 140 * MB));

        assertThat(trend.describe(GB)).isEqualTo("growing, 140.0 MB, +600.0 MB/h over 5 samples (4 min), reaches 1.0 GB in 88 min");
    }
}
