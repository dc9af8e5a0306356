package io.github.sqlguard.rules;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What a rule is, declared once by the rule itself, in the manner of Error Prone's {@code
 * @BugPattern}: its stable id, default level, role, one-line summary and the options it reads. The
 * runtime ({@link RuleEngine}, {@code policy.Policy}), lint's SARIF output and the generated
 * documentation (the rule table of {@code docs/rules/README.md}, each page's header, {@code
 * docs/reference/configuration.md}, the rule block of {@code conf/config.yaml}) all read this and
 * nothing else.
 *
 * <p>A record returned by {@link Rule#declaration()}, not an annotation: a rule's options are Flink
 * {@link ConfigOption} objects, which an annotation cannot hold; the catalog lists rule instances,
 * so no class scanning needs an annotation to find them; and a record is checked by the compiler
 * and read by the policy, the engine and the generator without reflection.
 *
 * <p>Every rule also has two options of its own, built from its id: {@link #levelOption()} ({@code
 * sql-guard.rules.<id>.level}) and {@link #allowSuppressionOption()} ({@code
 * sql-guard.rules.<id>.allow-suppression}).
 *
 * <p>Stability: public, evolving.
 *
 * @param id stable id, lower case with dashes, e.g. {@code unbounded-rank}
 * @param defaultLevel the level when the administrator configures none
 * @param role what the rule's findings are to the engine
 * @param summary one sentence: what the rule detects
 * @param options the options the rule reads, each listed once; an option several rules read is the
 *     same constant in each list
 * @param suppressedWhen where lowering the rule inline is one of its fixes, when it is ({@code starting without
 *     that state is intended}): the fix then offers {@code -- sql-guard:allow <id> <reason>} where the policy in
 *     force allows it, and says who can allow it where it does not ({@link SuppressionAdvice}); empty for a rule
 *     whose fix never offers it
 */
public record RuleDeclaration(
        String id, Level defaultLevel, RuleRole role, String summary, List<RuleOption<?>> options,
        Optional<String> suppressedWhen) {

    /** Prefix of the per-rule options: {@code sql-guard.rules.<id>.level}. */
    public static final String KEY_PREFIX = "sql-guard.rules.";

    private static final Pattern ID = Pattern.compile("[a-z]+(-[a-z]+)*");

    public RuleDeclaration {
        Objects.requireNonNull(defaultLevel, "defaultLevel");
        Objects.requireNonNull(role, "role");
        if (id == null || !ID.matcher(id).matches()) {
            throw new IllegalArgumentException("A rule id is lower case words joined by '-', not '" + id + "'.");
        }
        if (summary == null || summary.isBlank() || !summary.endsWith(".")) {
            throw new IllegalArgumentException("The summary of '" + id + "' must be one sentence ending with '.'.");
        }
        options = List.copyOf(options);
        Objects.requireNonNull(suppressedWhen, "suppressedWhen");
        if (options.stream().map(RuleOption::key).distinct().count() != options.size()) {
            throw new IllegalArgumentException("'" + id + "' lists an option twice: " + options);
        }
    }

    /** A rule that judges what Flink accepts ({@link RuleRole#CHECK}). */
    public static RuleDeclaration check(String id, Level defaultLevel, String summary, RuleOption<?>... options) {
        return new RuleDeclaration(id, defaultLevel, RuleRole.CHECK, summary, List.of(options), Optional.empty());
    }

    /**
     * A rule that explains a planner rejection ({@link RuleRole#DIAGNOSIS}): {@link Level#BLOCK} by
     * default, since Flink fails the statement anyway.
     */
    public static RuleDeclaration diagnosis(String id, String summary, RuleOption<?>... options) {
        return new RuleDeclaration(id, Level.BLOCK, RuleRole.DIAGNOSIS, summary, List.of(options), Optional.empty());
    }

    /**
     * A platform limit ({@link RuleRole#LIMIT}): {@link Level#BLOCK} by default, reading the
     * statement's text facts and configuration changes only.
     */
    public static RuleDeclaration limit(String id, String summary, RuleOption<?>... options) {
        return new RuleDeclaration(id, Level.BLOCK, RuleRole.LIMIT, summary, List.of(options), Optional.empty());
    }

    /** The rule for a rejection no diagnosis explains ({@link RuleRole#FALLBACK}): {@link Level#BLOCK}. */
    public static RuleDeclaration fallback(String id, String summary) {
        return new RuleDeclaration(id, Level.BLOCK, RuleRole.FALLBACK, summary, List.of(), Optional.empty());
    }

    /**
     * This rule, whose fix offers lowering it inline where the policy allows it, for when {@code when} ({@code
     * starting without that state is intended}).
     */
    public RuleDeclaration suppressedWhen(String when) {
        return new RuleDeclaration(id, defaultLevel, role, summary, options, Optional.of(when));
    }

    /** {@code sql-guard.rules.<id>.level}: the level of the rule's findings. */
    public ConfigOption<Level> levelOption() {
        return ConfigOptions.key(KEY_PREFIX + id + ".level")
                .enumType(Level.class)
                .defaultValue(defaultLevel)
                .withDescription("Level of '" + id + "' findings: BLOCK, WARN, INFO or OFF.");
    }

    /** {@code sql-guard.rules.<id>.allow-suppression}: whether users may lower the rule inline. */
    public ConfigOption<Boolean> allowSuppressionOption() {
        return ConfigOptions.key(KEY_PREFIX + id + ".allow-suppression")
                .booleanType()
                .defaultValue(false)
                .withDescription("Whether '-- sql-guard:allow " + id + " <reason>' in a statement lowers this rule to INFO.");
    }

    /** The rule's page, relative to the project root: {@code docs/rules/<id>.md}. */
    public String docLink() {
        return Rule.docLink(id);
    }
}
