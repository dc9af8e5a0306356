package io.github.sqlguard.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.GuardedGateway;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The rule catalog and its documentation agree: every rule has a {@code docs/rules/<id>.md} page,
 * and every page documents a rule of the catalog (pages that say they document no rule aside). The
 * README has no rule table: it links to {@code docs/rules/README.md}.
 */
class RuleCatalogDocsTest {

    /**
     * Pages of docs/rules that document no rule of the catalog: lint's {@code UNANALYSED} status
     * ("Not a rule", docs/rules/README.md).
     */
    private static final Set<String> NOT_RULES = Set.of("missing-dependency");

    private final Path root = GuardedGateway.projectRoot();
    private final List<Rule> rules = RuleCatalog.builtIn().rules();

    @Test
    void everyRuleHasItsPageAndEveryPageARule() throws IOException {
        Set<String> ids = rules.stream().map(Rule::id).collect(Collectors.toCollection(TreeSet::new));
        Set<String> pages;
        try (Stream<Path> files = Files.list(root.resolve("docs/rules"))) {
            pages = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".md") && !n.equals("README.md"))
                    .map(n -> n.substring(0, n.length() - ".md".length()))
                    .filter(id -> !NOT_RULES.contains(id))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        assertThat(pages).as("docs/rules pages").isEqualTo(ids);
        for (Rule rule : rules) {
            String page = Files.readString(root.resolve(Rule.docLink(rule.id())));
            assertThat(page).as("page of %s", rule.id()).contains(rule.id());
        }
    }

    @Test
    void everyRuleDeclaresItsMetadata() {
        for (Rule rule : rules) {
            assertThat(rule.id()).matches("[a-z]+(-[a-z]+)*");
            assertThat(rule.summary()).as("summary of %s", rule.id()).isNotBlank().endsWith(".");
            assertThat(rule.defaultLevel()).as("default level of %s", rule.id()).isNotNull();
        }
    }
}
