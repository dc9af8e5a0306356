package io.github.sqlguard.policy;

import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleOption;
import io.github.sqlguard.rules.RuleOptions;

import org.apache.flink.configuration.Configuration;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The part of a policy the rules declare, read generically from the catalog: every rule's level and
 * allow-suppression ({@link RuleDeclaration#levelOption()}, {@link
 * RuleDeclaration#allowSuppressionOption()}) and the value of every option a rule reads ({@link
 * RuleCatalog#options()}), each checked against its option's requirement. The global policy and
 * every scope read it the same way; a scope reads a configuration in which its overrides stand under
 * the global keys.
 *
 * @param levels the level of every rule, by id
 * @param suppressible ids of rules users may lower inline
 * @param options the rule options' values
 */
record RuleSettings(Map<String, Level> levels, Set<String> suppressible, RuleOptions options) {

    RuleSettings {
        levels = Map.copyOf(levels);
        suppressible = Set.copyOf(suppressible);
    }

    /**
     * Reads the rule settings of {@code config}.
     *
     * @param keyName the key to name in an error message for a global key (a scope names its own key)
     * @throws IllegalArgumentException naming the key, for a value that cannot be read or breaks its
     *     option's requirement
     */
    static RuleSettings read(Configuration config, RuleCatalog catalog, UnaryOperator<String> keyName) {
        Map<String, Level> levels = new LinkedHashMap<>();
        Set<String> suppressible = new LinkedHashSet<>();
        for (Rule rule : catalog.rules()) {
            RuleDeclaration declaration = rule.declaration();
            levels.put(declaration.id(), Policy.read(config, declaration.levelOption(), keyName));
            if (Policy.read(config, declaration.allowSuppressionOption(), keyName)) {
                suppressible.add(declaration.id());
            }
        }
        RuleOptions.Builder builder = RuleOptions.builder(catalog.options());
        for (RuleOption<?> option : catalog.options()) {
            set(builder, option, config, keyName);
        }
        RuleOptions options = builder.build();
        List<RuleOptions.Violation> violations = options.violations();
        if (!violations.isEmpty()) {
            RuleOptions.Violation violation = violations.get(0);
            throw new IllegalArgumentException(
                    "Invalid value '" + RuleOptions.asText(violation.value()) + "' for option '"
                            + keyName.apply(violation.option().key()) + "': " + violation.problem() + ".");
        }
        return new RuleSettings(levels, suppressible, options);
    }

    private static <T> void set(
            RuleOptions.Builder builder, RuleOption<T> option, Configuration config, UnaryOperator<String> keyName) {
        builder.set(option, Policy.read(config, option.configOption(), keyName));
    }
}
