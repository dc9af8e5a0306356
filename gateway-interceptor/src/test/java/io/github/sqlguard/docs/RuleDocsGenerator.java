package io.github.sqlguard.docs;

import io.github.sqlguard.observe.ObserveOptions;
import io.github.sqlguard.policy.GuardOptions;
import io.github.sqlguard.rewrite.FamilyDeclaration;
import io.github.sqlguard.rewrite.RewriteFamilies;
import io.github.sqlguard.rewrite.RewriteOptions;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleOption;
import io.github.sqlguard.rules.limits.PathNotAllowedRule;
import io.github.sqlguard.testing.GuardedGateway;

import org.apache.flink.configuration.ConfigOption;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Writes the documentation that follows from the rule catalog and the guard's options, in the
 * manner of Flink's {@code ConfigOptionsDocGenerator}: the rule table of {@code
 * docs/rules/README.md}, the header and configuration section of every {@code docs/rules/<id>.md},
 * the whole of {@code docs/reference/configuration.md}, and the rule block of {@code
 * conf/config.yaml}; and from the rewrite families' declarations ({@code RewriteFamilies}), the
 * table of families in {@code docs/user-guide/rewrites.md} and the rewrites line of each rule page's
 * header. Everything else in those files is hand-written and kept.
 *
 * <p>{@code RuleCatalogDocsTest} fails when a committed file differs from what this writes; it
 * writes them itself when run as {@link #COMMAND} says. From an IDE: run {@link #main} with the
 * project root as its argument.
 */
public final class RuleDocsGenerator {

    /** The command that rewrites every generated file. */
    public static final String COMMAND =
            "mvn -B -ntp -o -pl gateway-interceptor test -Dtest=RuleCatalogDocsTest -Dsql-guard.docs.write=true";

    static final Path RULES = Path.of("docs/rules");
    static final Path README = RULES.resolve("README.md");
    static final Path REFERENCE = Path.of("docs/reference/configuration.md");
    static final Path CONFIG = Path.of("conf/config.yaml");
    static final Path REWRITES = Path.of("docs/user-guide/rewrites.md");

    private static final String REFERENCE_LINK = "../reference/configuration.md";
    private static final String REWRITES_LINK = "../user-guide/rewrites.md#rewrite-families";
    private static final int YAML_WIDTH = 100;

    private final Path root;
    private final RuleCatalog catalog;
    private final List<FamilyDeclaration> families;

    public RuleDocsGenerator(Path root, RuleCatalog catalog) {
        this(root, catalog, RewriteFamilies.declarations());
    }

    RuleDocsGenerator(Path root, RuleCatalog catalog, List<FamilyDeclaration> families) {
        this.root = root;
        this.catalog = catalog;
        this.families = List.copyOf(families);
    }

    /** Rewrites the generated files of the project at {@code args[0]} (default: this checkout). */
    public static void main(String[] args) throws IOException {
        Path root = args.length > 0 ? Path.of(args[0]) : GuardedGateway.projectRoot();
        List<Path> written = new RuleDocsGenerator(root, RuleCatalog.builtIn()).write();
        System.out.println(written.isEmpty() ? "The generated files are up to date." : "Wrote " + written);
    }

    /** Every generated file as it must be committed, by path relative to the project root. */
    public Map<Path, String> expected() throws IOException {
        Map<Path, String> files = new LinkedHashMap<>();
        files.put(README, inBlock(README, GeneratedBlock.markdown("rule table"), ruleTable()));
        for (Rule rule : catalog.rules()) {
            Path page = RULES.resolve(rule.id() + ".md");
            files.put(page, page(read(page), rule.declaration(), familiesOf(rule.id())));
        }
        files.put(REWRITES, inBlock(REWRITES, GeneratedBlock.markdown("rewrite families"), familyTables()));
        files.put(REFERENCE, reference());
        files.put(CONFIG, inBlock(CONFIG, GeneratedBlock.yaml("rules"), configBlock()));
        return files;
    }

    /** Writes every file whose content differs from {@link #expected()}; returns those it wrote. */
    public List<Path> write() throws IOException {
        List<Path> written = new ArrayList<>();
        for (Map.Entry<Path, String> file : expected().entrySet()) {
            Path path = root.resolve(file.getKey());
            if (!Files.exists(path) || !Files.readString(path).equals(file.getValue())) {
                Files.createDirectories(path.getParent());
                Files.writeString(path, file.getValue());
                written.add(file.getKey());
            }
        }
        return written;
    }

    private String read(Path file) throws IOException {
        try {
            return Files.readString(root.resolve(file));
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(
                    file + ": every rule of the catalog has a page with its long text (docs/rules/ADDING.md)");
        }
    }

    private String inBlock(Path file, GeneratedBlock block, String content) throws IOException {
        return block.replace(read(file), content)
                .orElseThrow(() -> new IllegalStateException(file + " has no '" + block.begin() + "' block."));
    }

    // --- docs/rules/README.md ---------------------------------------------------------------------

    private String ruleTable() {
        StringBuilder out = new StringBuilder("| id | default level | role | options | summary |\n|---|---|---|---|---|\n");
        for (Rule rule : catalog.rules()) {
            RuleDeclaration d = rule.declaration();
            String options =
                    d.options().isEmpty()
                            ? "—"
                            : d.options().stream().map(o -> "`" + o.key() + "`").collect(Collectors.joining(", "));
            out.append("| [").append(d.id()).append("](").append(d.id()).append(".md) | ").append(d.defaultLevel())
                    .append(" | ").append(role(d)).append(" | ").append(options).append(" | ").append(cell(d.summary()))
                    .append(" |\n");
        }
        return out.toString();
    }

    // --- docs/rules/<id>.md -----------------------------------------------------------------------

    private static String page(String text, RuleDeclaration rule, List<FamilyDeclaration> rewrites) {
        GeneratedBlock header = GeneratedBlock.markdown("header");
        GeneratedBlock configuration = GeneratedBlock.markdown("configuration");
        String withHeader =
                header.replace(text, header(rule, rewrites))
                        .orElseGet(() -> afterTitle(text, rule, header.block(header(rule, rewrites))));
        return configuration.replace(withHeader, configuration(rule))
                .orElseGet(() -> beforeSuppression(withHeader, configuration.block(configuration(rule))));
    }

    private static String header(RuleDeclaration rule, List<FamilyDeclaration> rewrites) {
        String options =
                rule.options().isEmpty()
                        ? ""
                        : " · **Options:** " + rule.options().stream()
                                .map(o -> "[`" + o.key() + "`](" + REFERENCE_LINK + "#rule-options)")
                                .collect(Collectors.joining(", "));
        String families =
                rewrites.isEmpty()
                        ? ""
                        : "\n**Rewrites** ([proven](" + REWRITES_LINK + "), preferred first): "
                                + rewrites.stream().map(f -> "`" + f.id() + "`").collect(Collectors.joining(", ")) + "\n";
        return "**Default level:** " + rule.defaultLevel() + " · **Role:** " + role(rule) + options + "\n\n"
                + rule.summary() + "\n" + families;
    }

    /** The families that answer {@code ruleId}, in the order they are asked. */
    private List<FamilyDeclaration> familiesOf(String ruleId) {
        return families.stream().filter(f -> f.rules().contains(ruleId)).toList();
    }

    // --- docs/user-guide/rewrites.md --------------------------------------------------------------

    private String familyTables() {
        StringBuilder out = new StringBuilder("| rule | rewrite families, preferred first |\n|---|---|\n");
        for (Rule rule : catalog.rules()) {
            List<FamilyDeclaration> answering = familiesOf(rule.id());
            if (!answering.isEmpty()) {
                out.append("| [`").append(rule.id()).append("`](../rules/").append(rule.id()).append(".md) | ")
                        .append(answering.stream().map(f -> "`" + f.id() + "`").collect(Collectors.joining(", ")))
                        .append(" |\n");
            }
        }
        List<String> unknown = families.stream().flatMap(f -> f.rules().stream())
                .filter(id -> catalog.rules().stream().noneMatch(r -> r.id().equals(id))).distinct().toList();
        if (!unknown.isEmpty()) {
            throw new IllegalStateException("Rewrite families answer rules the catalog does not have: " + unknown);
        }
        out.append("\n| family | answers | intended operator | what it writes |\n|---|---|---|---|\n");
        for (FamilyDeclaration family : families) {
            out.append("| `").append(family.id()).append("` | ")
                    .append(family.rules().stream().map(r -> "`" + r + "`").collect(Collectors.joining(", ")))
                    .append(" | ")
                    .append(family.operators().isEmpty()
                            ? "—"
                            : family.operators().stream().map(o -> "`" + o + "`").collect(Collectors.joining(", ")))
                    .append(" | ").append(cell(family.summary())).append(" |\n");
        }
        return out.toString();
    }

    private static String configuration(RuleDeclaration rule) {
        List<String[]> lines = new ArrayList<>();
        lines.add(new String[] {rule.levelOption().key() + ": " + rule.defaultLevel(), "# BLOCK | WARN | INFO | OFF"});
        lines.add(new String[] {rule.allowSuppressionOption().key() + ": false", ""});
        for (RuleOption<?> option : rule.options()) {
            lines.add(new String[] {option.key() + ": " + OptionText.defaultValue(option.configOption()), ""});
        }
        int width = lines.stream().mapToInt(l -> l[0].length()).max().orElse(0) + 2;
        StringBuilder yaml = new StringBuilder();
        for (String[] line : lines) {
            yaml.append(line[1].isEmpty() ? line[0] : String.format("%-" + width + "s%s", line[0], line[1]).stripTrailing())
                    .append('\n');
        }
        return "## Configuration\n\nIn the gateway's Flink `config.yaml`, with the defaults (every option: [configuration"
                + " reference](" + REFERENCE_LINK + ")):\n\n```yaml\n" + yaml + "```\n";
    }

    private static String afterTitle(String text, RuleDeclaration rule, String block) {
        if (text.startsWith("# ")) {
            int eol = text.indexOf('\n');
            String rest = eol < 0 ? "" : text.substring(eol + 1).stripLeading();
            return text.substring(0, eol < 0 ? text.length() : eol) + "\n\n" + block + "\n" + rest;
        }
        return "# " + rule.id() + "\n\n" + block + "\n" + text.stripLeading();
    }

    private static String beforeSuppression(String text, String block) {
        int at = text.indexOf("\n## Suppression");
        if (at < 0) {
            return text.stripTrailing() + "\n\n" + block;
        }
        return text.substring(0, at + 1) + block + "\n" + text.substring(at + 1);
    }

    // --- docs/reference/configuration.md ----------------------------------------------------------

    private String reference() {
        StringBuilder out = new StringBuilder();
        out.append("# Configuration reference\n\n")
                .append(GeneratedBlock.markdown("configuration reference").begin()).append("\n\n")
                .append("Every `sql-guard.*` option, as it goes in the gateway's Flink `config.yaml` (or as a `-D`"
                        + " dynamic property of the gateway). An unknown `sql-guard.*` key stops the gateway at"
                        + " start-up, naming the key; a reload with one keeps the policy in force.\n\n")
                .append("This page is generated from `GuardOptions`, `RewriteOptions`, `ObserveOptions` and the rules' declarations; change those and run\n\n")
                .append("```\n").append(COMMAND).append("\n```\n\n");

        out.append("## Guard options\n\n| Key | Default | Type | Description |\n|---|---|---|---|\n");
        for (ConfigOption<?> option : GuardOptions.all()) {
            out.append("| `").append(option.key()).append("` | ").append(cell(OptionText.defaultValue(option)))
                    .append(" | ").append(cell(OptionText.type(option))).append(" | ")
                    .append(cell(OptionText.description(option))).append(" |\n");
        }

        out.append("\n## Rewrite options\n\nOptions of the proven rewrites (see [the rewrites](../user-guide/rewrites.md)):"
                + " the values a rewrite has to choose, and how long the guard may spend proving them.\n\n"
                + "| Key | Default | Type | Description |\n|---|---|---|---|\n");
        for (ConfigOption<?> option : RewriteOptions.all()) {
            out.append("| `").append(option.key()).append("` | ").append(cell(OptionText.defaultValue(option)))
                    .append(" | ").append(cell(OptionText.type(option))).append(" | ")
                    .append(cell(OptionText.description(option))).append(" |\n");
        }

        out.append("\n## Observed state options\n\nOptions of [the observed state](../operations/observed-state.md): the"
                + " guard follows the checkpoints of the jobs it let through and tells which findings their state"
                + " confirms. Read at start-up; off by default.\n\n"
                + "| Key | Default | Type | Description |\n|---|---|---|---|\n");
        for (ConfigOption<?> option : ObserveOptions.all()) {
            out.append("| `").append(option.key()).append("` | ").append(cell(OptionText.defaultValue(option)))
                    .append(" | ").append(cell(OptionText.type(option))).append(" | ")
                    .append(cell(OptionText.description(option))).append(" |\n");
        }

        out.append("\n## Rule options\n\nOptions the rules read. Each is declared once, by the rule that owns it or"
                + " (when several rules read it) beside them, and is listed by every rule that reads it.\n\n"
                + "| Key | Default | Type | Read by | Description |\n|---|---|---|---|---|\n");
        List<RuleOption<?>> options = new ArrayList<>(catalog.options());
        options.sort((a, b) -> a.key().compareTo(b.key()));
        for (RuleOption<?> option : options) {
            String readers =
                    catalog.readers(option).stream().map(id -> "[" + id + "](../rules/" + id + ".md)")
                            .collect(Collectors.joining(", "));
            out.append("| `").append(option.key()).append("` | ").append(cell(OptionText.defaultValue(option.configOption())))
                    .append(" | ").append(cell(OptionText.type(option.configOption()))).append(" | ").append(readers)
                    .append(" | ").append(cell(OptionText.description(option.configOption()))).append(" |\n");
        }

        out.append("\n## Rule levels and suppression\n\nEvery rule has a level (").append(levels())
                .append("; `OFF` drops its findings) and may let users lower it to `INFO` for one statement with a"
                        + " `-- sql-guard:allow <rule-id> <reason>` comment.\n\n"
                        + "| Key | Default | Type | Description |\n|---|---|---|---|\n");
        for (Rule rule : catalog.rules()) {
            for (ConfigOption<?> option :
                    List.of(rule.declaration().levelOption(), rule.declaration().allowSuppressionOption())) {
                out.append("| `").append(option.key()).append("` | ").append(cell(OptionText.defaultValue(option)))
                        .append(" | ").append(cell(OptionText.type(option))).append(" | ")
                        .append(cell(withoutPossibleValues(option))).append(" |\n");
            }
        }

        out.append("\n## Scopes\n\n")
                .append("`sql-guard.scopes.<name>.*` overrides the options above for some sessions. A scope matches by")
                .append(" `match.users`, `match.groups` (the verified identity's), `match.catalogs` and")
                .append(" `match.databases` (the session's current ones): YAML lists or comma-separated names; every")
                .append(" criterion set must match, and the most specific matching scope applies on top of the")
                .append(" global options. A scope may set, under `sql-guard.scopes.<name>.`:\n\n");
        out.append("- `mode`\n");
        for (RuleOption<?> option : options) {
            if (option == PathNotAllowedRule.PROTECTED_PATHS || option.key().startsWith("sql-guard.allow.")) {
                continue; // platform-wide: PolicyScopes refuses them in a scope
            }
            out.append("- `").append(option.key().substring(GuardOptions.PREFIX.length())).append("`\n");
        }
        out.append("- `rules.<id>.level` and `rules.<id>.allow-suppression`, for every rule\n\n")
                .append("Every other option is the gateway's and applies to every session.\n\n")
                .append(GeneratedBlock.markdown("configuration reference").end()).append('\n');
        return out.toString();
    }

    // --- conf/config.yaml -------------------------------------------------------------------------

    private String configBlock() {
        StringBuilder out = new StringBuilder();
        out.append("# Levels: BLOCK (refuse), WARN (run, warn), INFO (advise), OFF. Defaults shown; see docs/rules/.\n");
        for (Rule rule : catalog.rules()) {
            out.append(rule.declaration().levelOption().key()).append(": ").append(rule.declaration().defaultLevel())
                    .append('\n');
        }
        out.append("# Users may lower a rule to INFO with '-- sql-guard:allow <rule-id> <reason>' only where allowed:\n")
                .append("# sql-guard.rules.<rule-id>.allow-suppression: true\n");
        for (RuleOption<?> option : catalog.options()) {
            out.append('\n');
            wrap(OptionText.description(option.configOption()) + " Read by: "
                    + String.join(", ", catalog.readers(option)) + ".", out);
            out.append(option.key()).append(": ").append(OptionText.defaultValue(option.configOption())).append('\n');
        }
        return out.toString();
    }

    private static void wrap(String text, StringBuilder out) {
        StringBuilder line = new StringBuilder("#");
        for (String word : text.split("\\s+")) {
            if (line.length() + 1 + word.length() > YAML_WIDTH && line.length() > 1) {
                out.append(line).append('\n');
                line = new StringBuilder("#");
            }
            line.append(' ').append(word);
        }
        out.append(line).append('\n');
    }

    // --- shared -----------------------------------------------------------------------------------

    private static String role(RuleDeclaration rule) {
        return rule.role().name().toLowerCase(Locale.ROOT);
    }

    private static String levels() {
        return Arrays.stream(Level.values()).map(l -> "`" + l + "`").collect(Collectors.joining(" < "));
    }

    /** Text for a Markdown table cell. */
    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }

    /** A per-rule option's description without the enum's possible values (the text above says them). */
    private static String withoutPossibleValues(ConfigOption<?> option) {
        String full = OptionText.description(option);
        int values = full.indexOf(" Possible values:");
        return values < 0 ? full : full.substring(0, values);
    }
}
