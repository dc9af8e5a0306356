package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.github.sqlguard.rewrite.Rewrite;
import io.github.sqlguard.testing.SqlScript;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The headers of the lint cases of lookup joins (jdbc dimensions through lint's stand-ins, 26-29, 970, 971), checked
 * against lint's findings on each case's last statement: the verdict and rule, the families of the proven rewrites
 * ({@code -- expect-rewrite:}), the text every reason and fix must and must not hold. On a refused INSERT whose lookup
 * join drops the key (26, 27, 970, 971), the fix names the PRIMARY KEY the dimension declares (Flink's {@code
 * ResolvedSchema#getPrimaryKey}) and never asks to declare one it has; {@code ON CONFLICT}'s {@code changes:} says
 * that several dimension rows compete for one sink row. A regular join of a stream read from a view with a dimension on
 * a composite key is offered the lookup join (29); of a dimension behind a filtering view, the lookup join of its table
 * with the view's condition in the ON, as Flink refuses a view read as of processing time (28; 41 with two conditions),
 * and with rewrites off the rule's own fix offers the same join (33, 39, 40: a view that only projects), which
 * {@link #theLookupJoinOfferedInAViewsPlacePlansAsALookupJoin} asks Flink to plan. Flink 2.3 only for the refusals: 1.20
 * has no ON CONFLICT check (FLIP-558). Beside them, the other fixes that read a view or a {@code WITH} item: the temporal
 * join of a view that projects a versioned table, rewrite and fix one join (55), and over a {@code WITH} item that
 * selects no time column, the hint naming the item and the window naming the table's ROW fields (56, 57); a Kafka
 * table's watermark written ahead of its event time, rewritten to trail it (81); and the lookup joins of Fluss
 * primary-key tables, a lookup source that lint's stand-in for {@code fluss} now is (78); daily orders and refunds
 * joined per window into a keyed Elasticsearch sink, with {@code ON CONFLICT DO DEDUPLICATE} on 2.3 (77).
 */
class LookupJoinLintCasesTest {

    /** The JVM's shared engine with stand-ins ({@link StandInLintEngine}): not closed here. */
    private final LintEngine engine = StandInLintEngine.shared();

    @ParameterizedTest
    @ValueSource(strings = {
        "26-cdc-orders-lookup-join-customers-by-customer-id-not-its-composite-key-into-sink-keyed-by-order",
        "27-cdc-payments-without-key-lookup-join-customers-by-its-key-into-sink-keyed-by-payment",
        "28-orders-join-active-customers-view-over-jdbc-lookup-join-reads-the-table-with-the-view-filter",
        "29-orders-view-left-join-accounts-on-composite-key-into-sink-lookup-join",
        "970-cdc-orders-lookup-join-customers-without-key-into-sink-keyed-by-order-lookup-reason",
        "971-cdc-orders-left-lookup-join-customers-by-email-not-its-key-into-sink-keyed-by-order",
        "33-orders-join-active-customers-view-rewrites-off-lookup-fix-reads-the-table-with-the-view-filter",
        "39-payments-left-join-german-merchants-view-two-conditions-rewrites-off-lookup-fix-with-both-in-the-on",
        "40-clicks-join-product-names-projecting-view-without-alias-rewrites-off-lookup-fix-reads-the-table",
        "41-payments-left-join-german-merchants-view-rewrite-and-fix-write-one-lookup-join",
        "35-cdc-orders-lookup-join-customers-by-customer-id-on-conflict-deduplicate-materializer-says-matches-compete",
        "55-orders-join-projecting-view-of-versioned-rates-rewrite-and-fix-write-one-temporal-join-of-the-view",
        "56-kafka-bids-per-auction-over-cte-without-time-column-hint-names-the-cte-window-names-the-row-field",
        "57-kafka-top-3-bids-per-auction-over-cte-without-time-column-window-fix-names-the-row-fields",
        "68-kafka-top-3-bids-per-auction-over-filtering-subquery-window-fix-and-rewrite-window-the-subquery",
        "79-demo-buys-per-category-over-lookup-join-view-without-ts-window-fix-adds-ts-to-the-view",
        "80-demo-daily-unique-visitors-into-elasticsearch-keyed-by-date-and-time",
        "81-demo-user-behavior-watermark-written-ahead-rewrite-trails-it",
        "78-events-lookup-join-fluss-primary-key-tables-as-of-proctime-stand-in-is-a-lookup-source",
        "77-daily-orders-joined-to-daily-refunds-by-date-format-into-elasticsearch-keyed-by-day-and-shop-window-join-on-conflict-deduplicate",
        "42-cdc-orders-lookup-join-customers-by-customer-id-and-constant-region-materializer-says-no-matches-compete",
        "44-cdc-orders-lookup-join-customers-by-customer-id-and-constant-region-refused-reason-says-one-match",
        "70-cdc-lines-join-jdbc-products-on-sku-then-shipments-lookup-join-of-products-keeps-the-lines-key"})
    void lastStatementIsAsItsHeaderSays(String name) throws Exception {
        Path file = Path.of("src/test/resources/lint-cases", name + ".sql");
        String text = Files.readString(file);
        assumeFalse(FixtureVerdicts.FLINK_1 && onConflict(text), "no ON CONFLICT check nor clause before Flink 2.3");
        SqlScript script = SqlScript.read(file);
        List<LintedStatement> statements = lint(script, file, text);
        LintedStatement last = statements.get(statements.size() - 1);

        assertThat(last.verdict() + " " + String.join(" ", script.expectedRules()))
                .as("verdict of %s", name).isEqualTo(script.expectedVerdict() + " " + String.join(" ", script.expectedRules()));
        assertThat(last.findings()).extracting(LintFinding::ruleId).as("rules of %s", name)
                .containsAll(script.expectedRules()).noneMatch(script.absentRules()::contains);
        List<String> reasons = last.findings().stream().map(f -> f.finding().reason()).toList();
        List<String> fixes = last.findings().stream().map(f -> f.finding().fix()).toList();
        for (String reason : script.expectedReasons()) {
            assertThat(reasons).as("reasons of %s", name).anyMatch(r -> r.contains(reason));
        }
        for (String reason : script.absentReasons()) {
            assertThat(reasons).as("reasons of %s", name).noneMatch(r -> r.contains(reason));
        }
        for (String fix : script.expectedFixes()) {
            assertThat(fixes).as("fixes of %s", name).anyMatch(f -> f.contains(fix));
        }
        for (String fix : script.absentFixes()) {
            assertThat(fixes).as("fixes of %s", name).noneMatch(f -> f.contains(fix));
        }
        List<String> families = last.findings().stream().map(last::rewriteOf).flatMap(Optional::stream)
                .map(Rewrite::family).toList();
        assertThat(families).as("rewrites of %s", name).containsAll(header(text, "-- expect-rewrite:"));
        for (String changes : header(text, "-- expect-changes:")) {
            assertThat(last.findings().stream().map(last::rewriteOf).flatMap(Optional::stream).map(Rewrite::changes))
                    .as("changes: of %s", name).anyMatch(c -> c.contains(changes));
        }
    }

    /**
     * The sink's upsert materializer over a lookup join whose lookup does not hold the dimension's key says that the
     * dimension's several matches of one input row compete for its sink row ({@code LookupMatches}), on both lines: on
     * 1.20, which plans lint cases 26, 970 and 971 with the materializer (no ON CONFLICT check), as 2.3's {@code ON
     * CONFLICT} rewrite says it; on 2.3, lint case 35, the clause written.
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "26-cdc-orders-lookup-join-customers-by-customer-id-not-its-composite-key-into-sink-keyed-by-order",
        "970-cdc-orders-lookup-join-customers-without-key-into-sink-keyed-by-order-lookup-reason",
        "971-cdc-orders-left-lookup-join-customers-by-email-not-its-key-into-sink-keyed-by-order",
        "35-cdc-orders-lookup-join-customers-by-customer-id-on-conflict-deduplicate-materializer-says-matches-compete"})
    void theSinkMaterializerSaysTheDimensionsMatchesCompete(String name) throws Exception {
        Path file = Path.of("src/test/resources/lint-cases", name + ".sql");
        String text = Files.readString(file);
        boolean clause = text.contains("\nON CONFLICT DO");
        assumeFalse(FixtureVerdicts.FLINK_1 == clause, FixtureVerdicts.FLINK_1 ? "no ON CONFLICT clause before Flink 2.3"
                : "Flink 2.3 refuses it without ON CONFLICT: no materializer is planned");
        List<LintedStatement> statements = engine.lint(file.getFileName().toString(), SqlScript.withoutHeader(text));
        LintedStatement last = statements.get(statements.size() - 1);
        assertThat(last.findings().stream().filter(f -> f.ruleId().equals("stateful-without-ttl"))
                .map(f -> f.finding().reason()))
                .as("reasons of %s", name)
                .anyMatch(r -> r.startsWith("The upsert materializer") && r.contains("several rows of customers may match"
                        + " one input row, each a row with that input row's key, and they compete for its one sink row: the"
                        + " sink row keeps the match that arrived last"));
    }

    /**
     * The lookup join a fix offers in a view's place with rewrites off (the rule's own text, no rewrite proved it) is
     * asked of Flink: the case's statement with its join clause replaced by the fix's plans a {@code LookupJoin} and no
     * regular {@code Join}, on this build's Flink line (lint cases 33, 39, 40).
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "33-orders-join-active-customers-view-rewrites-off-lookup-fix-reads-the-table-with-the-view-filter",
        "39-payments-left-join-german-merchants-view-two-conditions-rewrites-off-lookup-fix-with-both-in-the-on",
        "40-clicks-join-product-names-projecting-view-without-alias-rewrites-off-lookup-fix-reads-the-table"})
    void theLookupJoinOfferedInAViewsPlacePlansAsALookupJoin(String name) throws Exception {
        Path file = Path.of("src/test/resources/lint-cases", name + ".sql");
        String text = Files.readString(file);
        SqlScript script = SqlScript.read(file);
        List<LintedStatement> statements = lint(script, file, text);
        String fix = statements.get(statements.size() - 1).findings().stream().map(f -> f.finding().fix())
                .filter(f -> f.contains(" read in place of the view ")).findFirst().orElseThrow();
        java.util.regex.Matcher offered = OFFERED.matcher(fix);
        assertThat(offered.find()).as("the lookup join of the fix of %s: %s", name, fix).isTrue();
        String body = SqlScript.withoutHeader(text).strip();
        int join = Math.max(body.lastIndexOf("\nJOIN "), body.lastIndexOf("\nLEFT JOIN "));
        String rewritten = body.substring(0, join + 1) + offered.group(1) + ";\n";
        List<LintedStatement> linted = lint(script, file, rewritten);
        LintedStatement last = linted.get(linted.size() - 1);
        assertThat(last.plan()).as("plan of %s with the fix's join", name).isPresent();
        assertThat(last.plan().get().nodes()).as("plan of %s with the fix's join: %s", name, offered.group(1))
                .anyMatch(n -> n.is("LookupJoin")).noneMatch(n -> n.is("Join"));
    }

    /** The join clause a fix offers in a view's place, up to the note that says so. */
    private static final java.util.regex.Pattern OFFERED =
            java.util.regex.Pattern.compile("((?:LEFT )?JOIN \\S+ FOR SYSTEM_TIME AS OF .*?) \\(\\S+ read in place of the view ");

    /** The statements of {@code file} as lint reads them, under the case's {@code -- policy:} where it has one. */
    private List<LintedStatement> lint(SqlScript script, Path file, String text) {
        if (script.policy().isEmpty()) {
            return engine.lint(file.getFileName().toString(), SqlScript.withoutHeader(text));
        }
        try (LintEngine own = new LintEngine(Configuration.fromMap(script.policy()), List.of(), true)) {
            return own.lint(file.getFileName().toString(), SqlScript.withoutHeader(text));
        }
    }

    /**
     * True where the case is about Flink 2.3's ON CONFLICT check or clause: it names on-conflict-required (but in an
     * {@code -- expect-absent:} line, which holds on 1.20 too, where the rule never fires), writes the clause, or expects
     * a {@code changes:} line that says it (lint 77, 80). Lint 79 names the rule only as absent and runs on both lines.
     */
    private static boolean onConflict(String text) {
        return text.lines().anyMatch(l -> l.contains("on-conflict-required") && !l.startsWith("-- expect-absent:")
                || l.startsWith("ON CONFLICT DO") || l.startsWith("-- expect-changes:") && l.contains("ON CONFLICT"));
    }

    /** The words of the header lines starting with {@code prefix} (for changes: each line whole). */
    private static List<String> header(String text, String prefix) {
        return text.lines().filter(l -> l.startsWith(prefix)).map(l -> l.substring(prefix.length()).strip())
                .flatMap(l -> prefix.equals("-- expect-rewrite:") ? Arrays.stream(l.split("\\s+")) : java.util.stream.Stream.of(l))
                .filter(w -> !w.isEmpty()).toList();
    }
}
