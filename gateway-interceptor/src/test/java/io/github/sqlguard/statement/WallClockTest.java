package io.github.sqlguard.statement;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@link WallClock}, the one list of wall-clock functions: a table's computed column as SQL and Flink's plan text, which
 * the catalog reader ({@code CatalogObject#wallClock}) and the plan rules ({@code StatementNames#wallClock}) kept apart
 * before, each missing what the other had.
 */
class WallClockTest {

    @Test
    void findsTheFunctionInAComputedColumnAsWrittenAndInThePlansCall() {
        assertThat(WallClock.in("CURRENT_TIMESTAMP")).contains("CURRENT_TIMESTAMP");
        assertThat(WallClock.in("TIMESTAMPADD(SECOND, 5, CURRENT_TIMESTAMP())")).contains("CURRENT_TIMESTAMP");
        assertThat(WallClock.in("now()")).contains("NOW");
    }

    @Test
    void unixTimestampOnlyWithoutArguments() {
        // The plan rules had it, the catalog reader did not: ts AS UNIX_TIMESTAMP() is the time of the read.
        assertThat(WallClock.in("UNIX_TIMESTAMP()")).contains("UNIX_TIMESTAMP");
        assertThat(WallClock.in("UNIX_TIMESTAMP ( )")).contains("UNIX_TIMESTAMP");
        assertThat(WallClock.in("UNIX_TIMESTAMP(created_at)")).isEmpty();
    }

    @Test
    void currentDateAndTimeInThePlansCallToo() {
        // The catalog reader had them, the plan rules did not: Flink prints CURRENT_DATE as a call.
        assertThat(WallClock.in("CAST(CURRENT_DATE() AS TIMESTAMP(3))")).contains("CURRENT_DATE");
        assertThat(WallClock.in("LOCALTIME()")).contains("LOCALTIME");
    }

    @Test
    void notAColumnWhoseNameStartsLikeOneNorAQuotedName() {
        assertThat(WallClock.in("now_ts")).isEmpty();
        assertThat(WallClock.in("`now`")).isEmpty();
        assertThat(WallClock.in("last_proctime")).isEmpty();
    }
}
