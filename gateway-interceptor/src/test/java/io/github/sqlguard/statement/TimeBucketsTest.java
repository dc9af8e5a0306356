package io.github.sqlguard.statement;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.time.Duration;

class TimeBucketsTest {

    @Test
    void aDailyReportsCastToDateIsADayBucketNamedByItsAlias() {
        assertThat(TimeBuckets.of("SELECT CAST(ts AS DATE) AS order_day, SUM(a) FROM t GROUP BY CAST(ts AS DATE)", "ts"))
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
        assertThat(TimeBuckets.of("SELECT u, COUNT(*) FROM t GROUP BY u, FLOOR(ts TO HOUR)", "ts"))
                .singleElement().satisfies(b -> assertThat(b.unit()).isEqualTo("hour"));
        assertThat(TimeBuckets.formatUnit("yyyy-MM-dd")).contains(Duration.ofDays(1));
        assertThat(TimeBuckets.formatUnit("yyyy-MM-dd HH")).contains(Duration.ofHours(1));
    }

    @Test
    void anHourOfAnyDayOrAnotherColumnIsNoBucket() {
        assertThat(TimeBuckets.of("SELECT COUNT(*) FROM t GROUP BY DATE_FORMAT(ts, 'HH')", "ts")).isEmpty();
        assertThat(TimeBuckets.of("SELECT COUNT(*) FROM t GROUP BY CAST(other AS DATE)", "ts")).isEmpty();
    }

    @Test
    void anUnaliasedBucketIsTheKeyThePlanPrintsAndIsNamedAsWritten() {
        assertThat(TimeBuckets.of("SELECT user_id, COUNT(*) FROM clicks GROUP BY user_id, FLOOR(click_time TO DAY)", "click_time"))
                .singleElement()
                .satisfies(b -> {
                    assertThat(b.isKey("FLOOR(CAST(click_time AS TIMESTAMP(3)), DAY)")).isTrue();
                    assertThat(b.isKey("FLOOR(CAST(click_time AS TIMESTAMP(3)), HOUR)")).isFalse();
                    assertThat(b.name()).isEqualTo("FLOOR(click_time TO DAY)");
                });
    }
}
