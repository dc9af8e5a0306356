package io.github.sqlguard.rules;

import org.apache.flink.configuration.ConfigOptions;

import java.time.Duration;
import java.util.Optional;

/**
 * The state TTL bounds several rules read, declared once; each rule that reads one lists it in its
 * {@link RuleDeclaration}. Durations are read as Flink reads {@code table.exec.state.ttl} ({@code
 * TimeUtils#parseDuration}: {@code 1 min}, {@code 365 d}).
 *
 * <p>Stability: public, evolving.
 */
public final class StateTtlOptions {

    /** A state TTL above 0 and below this is too short; a bare number at or above it is only advised. */
    public static final RuleOption<Duration> MIN_STATE_TTL =
            RuleOption.of(
                    ConfigOptions.key("sql-guard.min-state-ttl")
                            .durationType()
                            .defaultValue(Duration.ofMinutes(1))
                            .withDescription(
                                    "A state TTL above 0 and below this is reported by 'ttl-too-short'; a bare number at"
                                            + " or above it is only advised by 'ttl-bare-number'."),
                    RuleOption.Requirement.notNegative(),
                    RuleOption.Strictness.higher());

    /** A state TTL above this never expires in practice. */
    public static final RuleOption<Duration> MAX_STATE_TTL =
            RuleOption.of(
                    ConfigOptions.key("sql-guard.max-state-ttl")
                            .durationType()
                            .defaultValue(Duration.ofDays(365))
                            .withDescription(
                                    "A state TTL above this never expires in practice ('36500 d'): 'unbounded-rank',"
                                            + " 'unbounded-over-aggregate' and 'stateful-without-ttl' count it as no TTL. Must be greater than"
                                            + " 'sql-guard.min-state-ttl'."),
                    (max, values) -> {
                        Duration min = min(values);
                        return max.compareTo(min) > 0
                                ? Optional.empty()
                                : Optional.of("it must be greater than '" + MIN_STATE_TTL.key() + "' (" + StateTtl.format(min)
                                        + ")");
                    },
                    RuleOption.Strictness.lower());

    private StateTtlOptions() {}

    /** The minimum in force, or its default where no rule of the catalog reads it. */
    private static Duration min(RuleOptions values) {
        return values.options().contains(MIN_STATE_TTL) ? values.get(MIN_STATE_TTL) : MIN_STATE_TTL.defaultValue();
    }
}
