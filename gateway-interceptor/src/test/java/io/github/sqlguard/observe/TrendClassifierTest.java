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
        // +1 % a sample: each step well inside a 5 % band, but it never stops (5 % over the window).
        Trend trend = classifier.classify(sizes(500 * MB, 505 * MB, 510 * MB, 515 * MB, 520 * MB, 525 * MB));

        assertThat(trend.kind()).isEqualTo(Trend.Kind.GROWING);
        assertThat(trend.reachesThresholdInMs()).isPositive();
    }

    @Test
    void aGrowthBelowThreePercentOfTheStateOverTheWindowIsNotToldFromNoise() {
        // +0.1 % a sample, 0.5 % over the window: the documented price of the relative test.
        Trend trend = classifier.classify(sizes(1000 * MB, 1001 * MB, 1002 * MB, 1003 * MB, 1004 * MB, 1005 * MB));

        assertThat(trend.kind()).isEqualTo(Trend.Kind.LEVELLED);
        assertThat(trend.reachesThresholdInMs()).isNull();
    }

    /**
     * A Top-N with a 2 s state TTL on a real cluster (ObservedStateIT's): checkpoints a second apart,
     * the Rank's state first falling while expired keys are cleaned up, then levelled at about 265 KB
     * with checkpoint sizes moving by 1-2 KB, including runs of three steps of just over 1 KB.
     */
    private static final long[] TOP_N_WITH_TTL_BYTES = {
        300_000, 288_000, 276_500, 268_100,
        // levelled: 265 KB plus or minus 2 KB
        265_000, 266_500, 264_500, 266_800, 263_800, 263_000, 264_100, 265_200, 266_300, 267_000,
        265_400, 263_400, 264_500, 265_600, 266_700, 266_900, 265_100, 266_600, 264_700, 263_100,
        264_200, 265_300, 266_400, 267_000, 265_900, 264_000, 266_000, 264_400, 265_800, 263_600,
    };

    @Test
    void aLevelledStateWithKilobyteNoiseIsNeverGrowing() {
        List<Sample> series = new ArrayList<>();
        for (int i = 0; i < TOP_N_WITH_TTL_BYTES.length; i++) {
            series.add(new Sample(1_000_000 + i * 1_000L, TOP_N_WITH_TTL_BYTES[i]));
        }
        int levelledFrom = 4;
        // Every window of the IT's 5 samples and of the default 12, as the watcher slides them.
        for (int window : new int[] {3, 5, 12}) {
            for (int end = TrendClassifier.MIN_SAMPLES; end <= series.size(); end++) {
                int start = Math.max(0, end - window);
                Trend trend = classifier.classify(series.subList(start, end));
                assertThat(trend.kind()).as("window %d..%d of %d", start, end - 1, window).isNotEqualTo(Trend.Kind.GROWING);
                if (start >= levelledFrom) {
                    assertThat(trend.kind()).as("window %d..%d of %d", start, end - 1, window).isEqualTo(Trend.Kind.LEVELLED);
                }
            }
        }
    }

    @Test
    void theRealClustersGrowingWindowOfALevelledTopNIsLevelled() {
        // The window that was reported growing at 266,484 bytes, +4.7 MB/h over 5 samples: four steps of
        // 1.3-1.4 KB, about 2 % of the state.
        List<Sample> window = List.of(
                new Sample(1_000_000, 261_000), new Sample(1_001_000, 262_400), new Sample(1_002_000, 263_700),
                new Sample(1_003_000, 265_100), new Sample(1_004_000, 266_484));

        Trend trend = classifier.classify(window);

        assertThat(trend.kind()).isEqualTo(Trend.Kind.LEVELLED);
        assertThat(trend.bytesPerHour()).isBetween(4_000_000L, 6_000_000L);
    }

    @Test
    void anUnboundedKeySpaceIsGrowingWithinTheSamplesTheItWaitsFor() {
        // ObservedStateIT's GROUP BY over new keys at 1,000 rows a second: ~42 KB a second, checkpoints
        // about a second apart with jitter, sizes moving by a few KB besides; window 5.
        long[] times = {0, 1_100, 2_000, 3_200, 4_000, 5_100, 6_000};
        long[] noise = {1_500, -2_000, 800, -1_200, 2_000, -600, 0};
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < times.length; i++) {
            samples.add(new Sample(1_000_000 + times[i], 50_000 + times[i] * 42 + noise[i]));
        }

        assertThat(classifier.classify(samples.subList(0, 3)).kind()).isEqualTo(Trend.Kind.GROWING);
        assertThat(classifier.classify(samples.subList(0, 5)).kind()).isEqualTo(Trend.Kind.GROWING);
        assertThat(classifier.classify(samples.subList(2, 7)).kind()).isEqualTo(Trend.Kind.GROWING);
        // A minute later: ~2.5 MB, still +~170 KB over a window of 5.
        List<Sample> later = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            later.add(new Sample(1_060_000 + times[i], 2_500_000 + times[i] * 42 + noise[i]));
        }
        assertThat(classifier.classify(later).kind()).isEqualTo(Trend.Kind.GROWING);
    }

    @Test
    void aGrowingStateAboveTheThresholdHasReachedIt() {
        Trend trend = classifier.classify(sizes(GB, GB + 50 * MB, GB + 100 * MB));

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
