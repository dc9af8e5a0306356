package io.github.sqlguard.rules.limits;

import io.github.sqlguard.rules.RuleOption;
import io.github.sqlguard.rules.RuleOption.Requirement;
import io.github.sqlguard.rules.RuleOption.Strictness;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The options of the platform limits, {@code sql-guard.allow.*}: Flink list options ({@code
 * datagen;blackhole} or a YAML list), empty by default, and empty means no limit.
 *
 * <p>They are platform-wide: user code runs in the one gateway JVM whatever catalog a statement
 * names, so a scope may not set them ({@code policy.PolicyScopes} refuses such a key) and every
 * scope has the global value. {@link #strictness()} is therefore only ever asked about two equal
 * lists.
 */
final class AllowList {

    /** Prefix of every platform limit option. */
    static final String PREFIX = "sql-guard.allow.";

    private AllowList() {}

    /** A list option {@code sql-guard.allow.<name>} whose entries must satisfy {@code entry}. */
    static RuleOption<List<String>> option(
            String name, String description, Predicate<String> entry, String entryRequirement) {
        ConfigOption<List<String>> option =
                ConfigOptions.key(PREFIX + name).stringType().asList().defaultValues().withDescription(description);
        return RuleOption.of(option, entries(entry, entryRequirement), strictness());
    }

    /** A list option of locations ({@link Location}): each entry an absolute path or URI. */
    static RuleOption<List<String>> locations(String name, String description) {
        return option(
                name, description, entry -> Location.of(entry).isPresent(),
                "every entry must be an absolute path or URI (e.g. /opt/udf or hdfs://nn:8020/jars)");
    }

    private static Requirement<List<String>> entries(Predicate<String> entry, String requirement) {
        return (value, values) -> value.stream().allMatch(e -> e != null && !e.isBlank() && entry.test(e.strip()))
                ? Optional.empty()
                : Optional.of(requirement);
    }

    /**
     * The stricter of two lists: an empty one (no limit) is the less strict; of two lists, the
     * entries both have. Only equal lists meet here (no scope sets these options); two lists with no
     * common entry give the first.
     */
    static Strictness<List<String>> strictness() {
        return (one, other) -> {
            if (one.isEmpty() || one.equals(other)) {
                return other.isEmpty() ? one : other;
            }
            if (other.isEmpty()) {
                return one;
            }
            List<String> both = one.stream().filter(other::contains).toList();
            return both.isEmpty() ? one : both;
        };
    }
}
