package io.github.sqlguard.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.github.sqlguard.docs.RuleDocsGenerator;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.testing.GuardedGateway;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.GlobalConfiguration;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The rule catalog and its documentation agree: every rule has a {@code docs/rules/<id>.md} page
 * with its long text, every page documents a rule of the catalog (pages that say they document no
 * rule aside), and every generated file (the rule table, each page's header and configuration
 * section, the configuration reference, the rule block of {@code conf/config.yaml}) is exactly what
 * {@link RuleDocsGenerator} writes. With {@code -Dsql-guard.docs.write=true} the generator first
 * rewrites them ({@link RuleDocsGenerator#COMMAND}).
 */
class RuleCatalogDocsTest {

    /**
     * Pages of docs/rules that document no rule of the catalog: lint's {@code UNANALYSED} status
     * ("Not a rule", docs/rules/README.md), and the overview of the platform limits.
     */
    private static final Set<String> NOT_RULES = Set.of("missing-dependency", "platform-limits");

    /** The long text every rule's page has (docs/rules/ADDING.md). */
    private static final List<String> SECTIONS =
            List.of("## What it detects", "## Why it matters", "## Plan signal", "## Fix", "## Failing example",
                    "## Fixed example", "## Suppression");

    private final Path root = GuardedGateway.projectRoot();
    private final RuleCatalog catalog = RuleCatalog.builtIn();

    @Test
    void everyRuleHasItsPageAndEveryPageARule() throws IOException {
        Set<String> ids = catalog.rules().stream().map(Rule::id).collect(Collectors.toCollection(TreeSet::new));
        Set<String> pages;
        try (Stream<Path> files = Files.list(root.resolve("docs/rules"))) {
            pages = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".md") && !n.equals("README.md") && !n.equals("ADDING.md"))
                    .map(n -> n.substring(0, n.length() - ".md".length()))
                    .filter(id -> !NOT_RULES.contains(id))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        assertThat(pages).as("docs/rules pages").isEqualTo(ids);
        for (Rule rule : catalog.rules()) {
            String page = Files.readString(root.resolve(Rule.docLink(rule.id())));
            assertThat(page).as("page of %s", rule.id()).startsWith("# " + rule.id() + "\n");
            for (String section : SECTIONS) {
                assertThat(page).as("page of %s", rule.id()).contains("\n" + section + "\n");
            }
        }
    }

    @Test
    void generatedFilesAreWhatTheGeneratorWrites() throws IOException {
        RuleDocsGenerator generator = new RuleDocsGenerator(root, catalog);
        if (Boolean.getBoolean("sql-guard.docs.write")) {
            System.err.println("sql-guard tests: wrote " + generator.write());
        }
        List<String> stale = new ArrayList<>();
        for (Map.Entry<Path, String> file : generator.expected().entrySet()) {
            Path path = root.resolve(file.getKey());
            String committed = Files.exists(path) ? Files.readString(path) : "";
            if (!committed.equals(file.getValue())) {
                stale.add(file.getKey() + " (first difference at line " + firstDifference(committed, file.getValue()) + ")");
            }
        }
        assertThat(stale)
                .as("generated files that differ from what RuleDocsGenerator writes; regenerate them with%n  %s%n",
                        RuleDocsGenerator.COMMAND)
                .isEmpty();
    }

    @Test
    void theShippedConfigurationIsAPolicyTheGuardAccepts() {
        Configuration config = GlobalConfiguration.loadConfiguration(root.resolve("conf").toString());
        assertThatCode(() -> Policy.fromConfiguration(config, catalog)).doesNotThrowAnyException();
        Policy shipped = Policy.fromConfiguration(config, catalog);
        Policy defaults = Policy.defaults(catalog);
        assertThat(shipped.levels()).as("levels of conf/config.yaml").isEqualTo(defaults.levels());
        assertThat(shipped.ruleOptions()).as("rule options of conf/config.yaml").isEqualTo(defaults.ruleOptions());
    }

    @Test
    void everyRuleReturnsOneDeclaration() {
        for (Rule rule : catalog.rules()) {
            assertThat(rule.declaration()).as("declaration of %s", rule.id()).isSameAs(rule.declaration());
        }
    }

    private static int firstDifference(String a, String b) {
        List<String> left = a.lines().toList();
        List<String> right = b.lines().toList();
        int i = 0;
        while (i < left.size() && i < right.size() && left.get(i).equals(right.get(i))) {
            i++;
        }
        return i + 1;
    }
}
