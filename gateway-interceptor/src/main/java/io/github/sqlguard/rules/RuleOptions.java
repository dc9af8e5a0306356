package io.github.sqlguard.rules;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Objects;
import java.util.Optional;

/**
 * The values of rule options ({@link RuleOption}) in force for one policy or scope, read and
 * validated by {@code policy.Policy}. Immutable.
 *
 * <p>A rule sees only the options its {@link RuleDeclaration} lists ({@link #only}): reading
 * another one fails, so a declaration cannot fall behind what its rule reads, and the generated
 * configuration reference names every option a rule depends on.
 *
 * <p>Stability: public, evolving.
 */
public final class RuleOptions {

    private final Map<String, RuleOption<?>> options;
    private final Map<String, Object> values;
    /**
     * {@link #only} of each rule's declared options, made once per these values: the engine asks
     * it for every rule of every statement (per statement ~40 maps built, ~13 % of a {@code SET}'s
     * guard time in a JFR profile of parse, decide and audit). Keyed by the identity of the declaration's list: a
     * declaration is made once, its list with it.
     */
    private final Map<ByIdentity<Collection<? extends RuleOption<?>>>, RuleOptions> restricted =
            new ConcurrentHashMap<>();

    private RuleOptions(Map<String, RuleOption<?>> options, Map<String, Object> values) {
        this.options = options;
        this.values = values;
    }

    /** Every option of {@code options} at its default value. */
    public static RuleOptions defaults(Collection<? extends RuleOption<?>> options) {
        return builder(options).build();
    }

    /** A builder over {@code options}; an option that is not {@link Builder#set} keeps its default. */
    public static Builder builder(Collection<? extends RuleOption<?>> options) {
        return new Builder(options);
    }

    /**
     * The value of {@code option}.
     *
     * @throws IllegalArgumentException when {@code option} is not among these options (for a rule:
     *     its declaration does not list it)
     */
    public <T> T get(RuleOption<T> option) {
        if (options.get(option.key()) != option) {
            throw new IllegalArgumentException(
                    "Option '" + option.key() + "' is not declared here: a rule reads only the options its"
                            + " RuleDeclaration lists (declared: " + options.keySet() + ").");
        }
        @SuppressWarnings("unchecked") // set(RuleOption<T>, T) stored it
        T value = (T) values.get(option.key());
        return value;
    }

    /** The options, in the order they were declared. */
    public List<RuleOption<?>> options() {
        return List.copyOf(options.values());
    }

    /** These values restricted to {@code declared}: what one rule sees. */
    public RuleOptions only(Collection<? extends RuleOption<?>> declared) {
        RuleOptions known = restricted.get(new ByIdentity<>(declared));
        if (known != null) {
            return known;
        }
        RuleOptions made = restrict(declared);
        // A declaration's list is fixed, so a bounded number of keys; an unexpected caller's own is not kept.
        if (restricted.size() < 1_024) {
            restricted.put(new ByIdentity<>(declared), made);
        }
        return made;
    }

    private RuleOptions restrict(Collection<? extends RuleOption<?>> declared) {
        Map<String, RuleOption<?>> some = new LinkedHashMap<>();
        Map<String, Object> someValues = new LinkedHashMap<>();
        for (RuleOption<?> option : declared) {
            if (options.get(option.key()) == option) {
                some.put(option.key(), option);
                someValues.put(option.key(), values.get(option.key()));
            }
        }
        return new RuleOptions(some, someValues);
    }

    /** Every value that breaks its option's {@link RuleOption.Requirement}, in declaration order. */
    public List<Violation> violations() {
        List<Violation> violations = new ArrayList<>();
        for (RuleOption<?> option : options.values()) {
            violation(option).ifPresent(violations::add);
        }
        return violations;
    }

    private <T> Optional<Violation> violation(RuleOption<T> option) {
        T value = get(option);
        return option.requirement().violation(value, this).map(problem -> new Violation(option, value, problem));
    }

    /**
     * A value as Flink's {@code config.yaml} writes it: a duration with its highest exact unit
     * ({@code 365 d}, Flink's {@code TimeUtils#formatWithHighestUnit}), anything else as text.
     */
    public static String asText(Object value) {
        return value instanceof Duration duration ? StateTtl.format(duration) : String.valueOf(value);
    }

    /**
     * A value that breaks its option's requirement.
     *
     * @param option the option
     * @param value its value
     * @param problem what is wrong, e.g. {@code it must be greater than zero}
     */
    public record Violation(RuleOption<?> option, Object value, String problem) {}

    @Override
    public boolean equals(Object o) {
        return o instanceof RuleOptions other && options.keySet().equals(other.options.keySet())
                && values.equals(other.values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(options.keySet(), values);
    }

    @Override
    public String toString() {
        return values.toString();
    }

    /** Collects values; not thread-safe. */
    public static final class Builder {

        private final Map<String, RuleOption<?>> options = new LinkedHashMap<>();
        private final Map<String, Object> values = new LinkedHashMap<>();

        private Builder(Collection<? extends RuleOption<?>> declared) {
            for (RuleOption<?> option : declared) {
                RuleOption<?> twin = options.putIfAbsent(option.key(), option);
                if (twin != null && twin != option) {
                    throw new IllegalArgumentException(
                            "Two different rule options have the key '" + option.key() + "': an option several rules"
                                    + " read is one constant that each of them lists.");
                }
                values.putIfAbsent(option.key(), option.defaultValue());
            }
        }

        /** Sets {@code option} to {@code value}. */
        public <T> Builder set(RuleOption<T> option, T value) {
            if (options.get(option.key()) != option) {
                throw new IllegalArgumentException("Option '" + option.key() + "' is not one of " + options.keySet() + ".");
            }
            values.put(option.key(), Objects.requireNonNull(value, option.key()));
            return this;
        }

        public RuleOptions build() {
            return new RuleOptions(new LinkedHashMap<>(options), new LinkedHashMap<>(values));
        }
    }
}
