package io.github.sqlguard.statement;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WrittenExpressionsTest {

    @Test
    void aTimeBucketThePlanPrintsAsFloorWithACommaIsNamedAsWritten() {
        WrittenExpressions written = WrittenExpressions.of(
                "SELECT user_id, COUNT(*) FROM clicks AS c GROUP BY user_id, FLOOR(c.click_time TO DAY)");
        assertThat(written.written("FLOOR(CAST(click_time AS TIMESTAMP(3)), DAY)")).contains("FLOOR(c.click_time TO DAY)");
        assertThat(written.written("FLOOR(CAST(click_time AS TIMESTAMP(3)), FLAG(DAY))")).contains("FLOOR(c.click_time TO DAY)");
        assertThat(written.written("FLOOR(CAST(click_time AS TIMESTAMP(3)), HOUR)")).isEmpty();
    }

    @Test
    void aCastToDateAndADateFormatOfAnEventTimeColumnAreNamedAsWritten() {
        WrittenExpressions written = WrittenExpressions.of(
                "SELECT COUNT(*) FROM t GROUP BY CAST(ts AS DATE), DATE_FORMAT(ts, 'yyyy-MM-dd HH')");
        assertThat(written.written("CAST(CAST(ts AS TIMESTAMP(3)) AS DATE)")).contains("CAST(ts AS DATE)");
        assertThat(written.written("DATE_FORMAT(CAST(ts AS TIMESTAMP_LTZ(3)), 'yyyy-MM-dd HH')"))
                .contains("DATE_FORMAT(ts, 'yyyy-MM-dd HH')");
    }

    @Test
    void anExpressionWrittenDifferentlyInTwoPlacesIsNotToldApart() {
        WrittenExpressions written = WrittenExpressions.of(
                "SELECT UPPER(o.c), UPPER(r.c) FROM o JOIN r ON o.k = r.k GROUP BY UPPER(o.c), UPPER(r.c)");
        assertThat(written.written("UPPER(c)")).isEmpty();
        assertThat(WrittenExpressions.of("SELECT UPPER(o.c) FROM o GROUP BY UPPER(o.c)").written("UPPER(c)"))
                .contains("UPPER(o.c)");
    }
}
