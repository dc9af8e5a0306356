package io.github.sqlguard.audit;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.time.Instant;

/** A record's {@code time} is what {@link Instant#toString()} writes, whatever the fraction's precision and the year. */
class RecordTimeTest {

    @Property(tries = 5000)
    void aRecordsTimeIsWhatInstantWrites(@ForAll("instants") Instant instant) {
        assertThat(RecordTime.of(instant)).isEqualTo(instant.toString());
    }

    @Provide
    Arbitrary<Instant> instants() {
        // Years 0-10000 and beyond (the formatter's own path), whole minutes and seconds, and fractions of 0, 3, 6 and 9 digits.
        Arbitrary<Long> seconds = Arbitraries.oneOf(
                Arbitraries.longs().between(-62_167_219_200L, 253_402_300_800L),
                Arbitraries.longs().between(-62_167_219_200L / 60, 253_402_300_800L / 60).map(m -> m * 60),
                Arbitraries.of(0L, -1L, 1_796_236_812L, -62_135_596_800L, -62_135_596_801L, 253_402_300_799L, 253_402_300_800L,
                        Instant.MAX.getEpochSecond(), Instant.MIN.getEpochSecond()));
        Arbitrary<Integer> nanos = Arbitraries.oneOf(
                Arbitraries.of(0, 1, 999_999_999, 1_000, 1_000_000, 100_000_000, 10_000),
                Arbitraries.integers().between(0, 999).map(ms -> ms * 1_000_000),
                Arbitraries.integers().between(0, 999_999).map(us -> us * 1_000),
                Arbitraries.integers().between(0, 999_999_999));
        return net.jqwik.api.Combinators.combine(seconds, nanos).as(Instant::ofEpochSecond);
    }
}
