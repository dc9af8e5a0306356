package io.github.sqlguard.rules;

import org.apache.flink.configuration.ConfigOption;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * An option a rule reads: Flink's {@link ConfigOption} (key, type, default, description, in Flink's
 * key style: {@code sql-guard.max-top-n}) and the values it accepts.
 *
 * <p>Flink's {@code ConfigOption} has no place for a valid range: Flink checks ranges in the factory
 * that reads an option. Here one reader, {@code policy.Policy}, reads the options of every rule of
 * the catalog (globally and per scope), so the range travels with the option. A rule declares its
 * options in its {@link RuleDeclaration}; an option several rules read (the state TTL bounds of
 * {@link StateTtlOptions}) is one constant that each of them lists. Rules read the value through
 * {@link AnalysisContext#option}.
 *
 * <p>An option also says which of two values is the stricter ({@link Strictness}): a statement that
 * touches tables of several scopes is judged by the strictest value of each option among them
 * ({@code policy.StrictestPolicy}), so every option declares it.
 *
 * <p>Stability: public, evolving.
 *
 * @param configOption Flink's option: key, type, default value and description
 * @param requirement what a value must satisfy beyond its type
 * @param strictness which of two values is the stricter
 * @param <T> the option's type
 */
public record RuleOption<T>(ConfigOption<T> configOption, Requirement<T> requirement, Strictness<T> strictness) {

    public RuleOption {
        Objects.requireNonNull(configOption);
        Objects.requireNonNull(requirement);
        Objects.requireNonNull(strictness);
        if (!configOption.hasDefaultValue()) {
            throw new IllegalArgumentException(
                    "Rule option '" + configOption.key() + "' has no default: a rule must work unconfigured.");
        }
    }

    /** An option whose type is its only requirement. */
    public static <T> RuleOption<T> of(ConfigOption<T> configOption, Strictness<T> strictness) {
        return new RuleOption<>(configOption, (value, values) -> Optional.empty(), strictness);
    }

    /** An option whose values must also satisfy {@code requirement}. */
    public static <T> RuleOption<T> of(
            ConfigOption<T> configOption, Requirement<T> requirement, Strictness<T> strictness) {
        return new RuleOption<>(configOption, requirement, strictness);
    }

    /** The stricter of two values of this option. */
    public T stricter(T one, T other) {
        return strictness.stricter(one, other);
    }

    /** The option's key, e.g. {@code sql-guard.max-top-n}. */
    public String key() {
        return configOption.key();
    }

    /** The option's default value. */
    public T defaultValue() {
        return configOption.defaultValue();
    }

    /**
     * Which of two values of an option is the stricter, e.g. the higher of two minimum state TTLs.
     *
     * @param <T> the option's type
     */
    @FunctionalInterface
    public interface Strictness<T> {

        /** The stricter of {@code one} and {@code other}; {@code one} when they are as strict. */
        T stricter(T one, T other);

        /** The higher value is the stricter (a minimum: {@code sql-guard.min-state-ttl}). */
        static <C extends Comparable<? super C>> Strictness<C> higher() {
            return (one, other) -> other.compareTo(one) > 0 ? other : one;
        }

        /** The lower value is the stricter (a maximum: {@code sql-guard.max-top-n}). */
        static <C extends Comparable<? super C>> Strictness<C> lower() {
            return (one, other) -> other.compareTo(one) < 0 ? other : one;
        }
    }

    /**
     * What a value of an option must satisfy.
     *
     * @param <T> the option's type
     */
    @FunctionalInterface
    public interface Requirement<T> {

        /**
         * What is wrong with {@code value}, as the end of {@code Invalid value '…' for option '…': },
         * e.g. {@code it must be greater than zero}; empty when it is valid.
         *
         * @param values every rule option's value, for a requirement relative to another option
         */
        Optional<String> violation(T value, RuleOptions values);

        /** A number above zero. */
        static Requirement<Long> positive() {
            return (value, values) -> value > 0 ? Optional.empty() : Optional.of("it must be greater than zero");
        }

        /** A duration of zero or more. */
        static Requirement<Duration> notNegative() {
            return (value, values) -> value.isNegative() ? Optional.of("it must be 0 or a positive duration") : Optional.empty();
        }
    }
}
