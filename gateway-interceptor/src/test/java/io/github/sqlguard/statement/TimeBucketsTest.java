package io.github.sqlguard.statement;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.time.Duration;

class TimeBucketsTest {

    @Test
    void aDailyReportsCastToDateIsADayBucketNamedByItsAlias() {
        assertThat(TimeBuckets.of("SELECT CAST(ts AS DATE) AS order_day, SUM(a) FROM t GROUP BY CAST(ts AS DATE)", "ts", false))
                .singleElement()
                .satisfies(b -> {
                    assertThat(b.size()).isEqualTo(Duration.ofDays(1));
                    assertThat(b.unit()).isEqualTo("day");
                    assertThat(b.isKey("order_day")).isTrue();
                    assertThat(b.isKey("CAST(ts AS DATE)")).isTrue();
                    assertThat(b.isKey("user_id")).isFalse();
                });
    }

    @Test
    void floorToHourAndDateFormatPatternsAreBucketsOfTheirFinestField() {
        assertThat(TimeBuckets.of("SELECT u, COUNT(*) FROM t GROUP BY u, FLOOR(ts TO HOUR)", "ts", false))
                .singleElement().satisfies(b -> assertThat(b.unit()).isEqualTo("hour"));
        assertThat(TimeBuckets.formatUnit("yyyy-MM-dd")).contains(Duration.ofDays(1));
        assertThat(TimeBuckets.formatUnit("yyyy-MM-dd HH")).contains(Duration.ofHours(1));
    }

    @Test
    void aFloorOfATimestampLtzIsWindowStartCastBackToTimestampLtzOverTheWindow() {
        // window_start is a TIMESTAMP(3) even over a TIMESTAMP_LTZ rowtime: the key keeps FLOOR's TIMESTAMP_LTZ(3).
        assertThat(TimeBuckets.of("SELECT u, FLOOR(ts TO HOUR) AS h FROM t GROUP BY u, FLOOR(ts TO HOUR)", "ts", true))
                .singleElement().satisfies(b -> assertThat(b.selected()).isEqualTo("CAST(window_start AS TIMESTAMP_LTZ(3)) AS h"));
        assertThat(TimeBuckets.of("SELECT u, FLOOR(ts TO HOUR) AS h FROM t GROUP BY u, FLOOR(ts TO HOUR)", "ts", false))
                .singleElement().satisfies(b -> assertThat(b.selected()).isEqualTo("window_start AS h"));
        assertThat(TimeBuckets.of("SELECT CAST(ts AS DATE) AS d FROM t GROUP BY CAST(ts AS DATE)", "ts", true))
                .singleElement().satisfies(b -> assertThat(b.selected()).isEqualTo("CAST(window_start AS DATE) AS d"));
    }

    @Test
    void anHourOfAnyDayOrAnotherColumnIsNoBucket() {
        assertThat(TimeBuckets.of("SELECT COUNT(*) FROM t GROUP BY DATE_FORMAT(ts, 'HH')", "ts", false)).isEmpty();
        assertThat(TimeBuckets.of("SELECT COUNT(*) FROM t GROUP BY CAST(other AS DATE)", "ts", false)).isEmpty();
    }

    @Test
    void anUnaliasedBucketIsTheKeyThePlanPrintsAndIsNamedAsWritten() {
        assertThat(TimeBuckets.of("SELECT user_id, COUNT(*) FROM clicks GROUP BY user_id, FLOOR(click_time TO DAY)", "click_time", false))
                .singleElement()
                .satisfies(b -> {
                    assertThat(b.isKey("FLOOR(CAST(click_time AS TIMESTAMP(3)), DAY)")).isTrue();
                    assertThat(b.isKey("FLOOR(CAST(click_time AS TIMESTAMP(3)), HOUR)")).isFalse();
                    assertThat(b.name()).isEqualTo("FLOOR(click_time TO DAY)");
                });
    }

    @Test
    void aBucketItsSubqueryComputesIsTheColumnTheGroupByNames() {
        // Flink's SQL demo's cumulative UV (case 1155): the day computed in a subquery, grouped by its name.
        assertThat(TimeBuckets.of("SELECT date_str, COUNT(DISTINCT u) FROM (SELECT DATE_FORMAT(ts, 'yyyy-MM-dd') AS date_str, u"
                        + " FROM t) GROUP BY date_str", "ts", false))
                .singleElement()
                .satisfies(b -> {
                    assertThat(b.isKey("date_str")).isTrue();
                    assertThat(b.inSubquery()).isTrue();
                    assertThat(b.size()).isEqualTo(java.time.Duration.ofDays(1));
                    assertThat(b.selected()).isEqualTo("DATE_FORMAT(window_start, 'yyyy-MM-dd') AS date_str");
                });
        assertThat(TimeBuckets.of("SELECT s.p, s.h, COUNT(*) FROM (SELECT p, FLOOR(ts TO HOUR) AS h FROM t) AS s GROUP BY s.p, s.h",
                        "ts", false))
                .singleElement().satisfies(b -> assertThat(b.alias()).isEqualTo("h"));
        // Another qualifier is no column of the subquery; a column it does not compute from ts is no bucket.
        assertThat(TimeBuckets.of("SELECT x.h, COUNT(*) FROM (SELECT FLOOR(ts TO HOUR) AS h FROM t) AS s GROUP BY x.h", "ts", false))
                .isEmpty();
        assertThat(TimeBuckets.of("SELECT d, COUNT(*) FROM (SELECT CAST(other AS DATE) AS d FROM t) GROUP BY d", "ts", false))
                .isEmpty();
        // A grouping subquery's bucket is its own GROUP BY's, not the column above it.
        assertThat(TimeBuckets.of("SELECT d, MAX(n) FROM (SELECT CAST(ts AS DATE) AS d, COUNT(*) AS n FROM t"
                        + " GROUP BY CAST(ts AS DATE)) GROUP BY d", "ts", false))
                .singleElement().satisfies(b -> assertThat(b.inSubquery()).isFalse());
    }
}
