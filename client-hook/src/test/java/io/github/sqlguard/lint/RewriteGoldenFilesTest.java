package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.abort;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.sqlguard.testing.CaseCorpus;
import io.github.sqlguard.testing.RewriteFamilyFailures;
import io.github.sqlguard.testing.RewriteGoldens;
import io.github.sqlguard.testing.SqlScript;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Golden files of the findings and proven rewrites of one case per rewrite family, as {@code lint
 * --format json} writes them for the case's last statement: each finding's rule, level, fix, node
 * and {@code planNode}; its rewrite's family, SQL, statement, {@code changes:}, columns, operators
 * and {@code planNodes}. They pin the rewritten SQL and what it says it changes, and the seam: a
 * rewrite's {@code planNodes} name the plan node of the finding it answers. Plan node ids come
 * from a counter of the JVM's planner, so each file numbers them 1, 2, ... in order of first
 * appearance ({@link RewriteGoldens}). Rewrite the files with {@code -Dsql-guard.golden.write=true} after a change
 * meant to change them, and read the diff. With {@code -Dsql-guard.golden.from-cli-jar=true} ({@code .ci/run}) the
 * corpus cases are not linted here: dist's {@code CliJarIT} checks their golden files in the CLI jar's lint of the
 * whole corpus, which that build runs anyway; the cases of lint alone (stand-in connectors) are linted here.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RewriteGoldenFilesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final Path GOLDEN = RewriteGoldens.dir();

    /**
     * Cases of lint alone: their tables' connectors (jdbc) are not in the build, and lint plans them
     * through its stand-ins ({@code --stand-in-connectors}), a jdbc table as a lookup source.
     */
    private static final Path LINT_CASES = Path.of("src/test/resources/lint-cases");

    private LintEngine engine;

    private LintEngine standIns;

    private RewriteFamilyFailures failures;

    @BeforeAll
    void start() {
        engine = new LintEngine(new Configuration());
        standIns = new LintEngine(new Configuration(), List.of(), true);
        failures = new RewriteFamilyFailures();
    }

    @AfterAll
    void stop() {
        engine.close();
        standIns.close();
        failures.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "271-join-three-day-bound-fix-ttl-covers-it",
        "426-latest-balance-per-account-and-currency-over-group-by-subquery",
        "427-latest-total-per-user-select-star-keeps-row-number",
        "272-top-n-over-join-with-its-own-ttl",
        "273-ttl-options-hints-per-input",
        "274-sort-on-growing-id-ascending",
        "275-first-row-per-order-first-value",
        "276-top-3-into-sink-keyed-by-partition",
        "277-trailing-comment-after-statement",
        "278-daily-report-cast-to-date",
        "279-daily-report-date-format",
        "119-ttl-unknown-key",
        "205-unquoted-set-after-block-comment",
        "264-window-top-n-partitioned-by-window-end-only",
        "283-top-n-over-filtering-view",
        "284-top-n-in-cte-over-aliased-view",
        "285-legacy-tumble-top-n-by-window-start",
        "287-legacy-hop-top-n-into-sink",
        "340-legacy-tumble-top-n-layout-kept",
        "341-hourly-report-floor-cumulate-each-minute",
        "342-daily-revenue-per-region-into-sink-cumulate",
        "343-minute-report-tumble-only",
        "120-ttl-hint-ignored",
        "255-ttl-hint-on-block-over-aggregate",
        "268-two-state-ttl-hints-on-one-block",
        "269-state-ttl-key-written-twice-in-one-hint",
        "144-state-ttl-in-with-clause-then-query",
        "1189-page-views-per-user-last-seven-days-unreadable-table-ttl-option-job-setting-rewrite-covers-the-filter",
        "1184-sensor-readings-watermark-a-minute-ahead-over-two-lines-rewrite-trails-it-layout-kept",
        "1185-page-views-per-user-last-seven-days-table-ttl-option-of-a-day-job-setting-rewrite-covers-the-filter-says-so", "635-state-ttl-in-with-clause-after-session-ttl-set-kept",
        "677-orders-join-payments-table-ttl-option-under-session-ttl-fix-keeps-the-session-ttl",
        "674-clicks-per-user-and-unaliased-floor-to-day-fix-names-it-as-written-daily-window",
        "681-orders-join-payments-by-key-interval-way-either-side-direction-said",
        "682-orders-without-payment-left-anti-join-no-lookup-or-temporal-way",
        "684-bare-ttl-of-a-day-in-ms-advised-gets-its-unit-as-a-rewrite",
        "689-top-3-users-per-url-over-counts-hinted-zero-ttl-changes-says-counts-kept",
        "710-shipped-orders-view-with-three-day-bound-fix-and-rewrite-propose-3-d",
        "713-top-3-users-per-url-over-counts-hinted-zero-by-view-name-changes-says-counts-kept",
        "714-top-2-products-per-shop-over-sums-hinted-zero-by-subquery-alias-changes-says-sums-kept",
        "715-hourly-page-views-floor-to-hour-selected-fix-says-select-window-start",
        "712-refunds-per-order-view-over-view-with-30-day-bound-fix-proposes-30-d",
        "733-orders-per-customer-hinted-zero-on-table-finding-names-the-pin-and-its-change",
        "735-refunds-per-shop-hinted-zero-inside-view-finding-names-the-view-pin",
        "738-refunds-per-order-over-join-view-join-finding-rewrites-the-join-view",
        "739-orders-left-join-payments-unaliased-in-view-fix-offers-hint-in-the-view",
        "740-latest-status-per-device-rank-ordered-by-its-partition-key-rank-kept-becomes-constant",
        "741-top-3-products-per-category-dense-rank-ordered-by-category-ranking-dropped-where-kept",
        "702-latest-three-orders-per-user-by-proctime-desc-fix-names-the-watermark-column",
        "709-latest-three-page-views-per-window-by-proctime-desc-window-top-n-keeps-first-three",
        "770-newest-readings-first-by-proctime-desc-fix-names-the-watermark-column",
        "810-carrier-per-order-view-with-column-list-and-comments-rewrite-keeps-the-view-as-written",
        "811-newest-orders-into-sink-by-proctime-desc-limit-spliced-after-the-key",
        "850-customers-in-both-regions-intersect-names-the-query-after-intersect",
        "851-orders-except-refunded-names-the-query-after-except",
        "870-exists-correlated-aggregation-fix-offers-session-ttl-not-hint",
        "878-not-exists-uncorrelated-right-side-one-row",
        "893-orders-except-refunded-in-a-view-names-the-query-after-except-in-the-view",
        "895-exists-uncorrelated-under-session-ttl-one-row-side-expires-when-idle",
        "900-split-distinct-min-max-over-averages-names-the-statements-calls",
        "901-split-distinct-first-last-value-over-counts-names-the-statements-calls",
        "902-split-distinct-visitors-per-country-state-grows-with-visitors",
        "908-split-distinct-first-value-per-key-names-first-value-as-written",
        "909-active-users-per-day-count-distinct-of-a-grouping-key-state-grows-with-keys",
        "910-split-distinct-sum-distinct-of-a-grouping-key-no-bucket-state-grows-with-keys",
        "911-split-distinct-mini-batch-count-distinct-of-the-key-incremental-aggregate-state-grows-with-keys",
        "912-mini-batch-two-phase-sum-distinct-of-a-key-beside-count-distinct-names-the-growing-call-alone",
        "913-split-distinct-count-distinct-of-a-key-beside-a-bucketed-one-names-the-bucketed-call-alone",
        "1101-users-per-click-count-over-counts-per-user-hint-says-retractions-of-a-forgotten-count-dropped",
        "1145-top-3-click-counts-per-url-over-user-counts-pinned-zero-session-ttl-changes-says-no-retraction-dropped",
        "1157-revenue-per-shop-over-payments-join-orders-pinned-zero-hint-rewrite-of-the-aggregation-keeps-the-pin",
        "1158-clicks-and-views-per-url-union-all-one-aggregation-pinned-zero-hint-rewrite-of-the-other-keeps-the-pin",
        "1160-clicks-and-views-per-url-union-all-both-aggregations-pinned-zero-hint-rewrite-of-one-keeps-the-others-pin",
        "1161-clicks-per-url-and-distinct-users-per-url-union-all-over-one-table-rewrite-names-the-aggregation-left-by-its-node",
        "1162-refunds-union-all-view-of-two-aggregations-one-pinned-zero-hint-rewrite-changes-the-views-own-select",
        "1163-products-left-join-orders-counted-per-category-side-read-once-kept-under-set-pipeline-mix-still-said",
        "1159-top-3-orders-per-user-over-join-hinted-90-days-orders-30-days-users-set-rewrite-says-the-pipeline-expires-apart",
        "1119-hourly-totals-over-minute-window-totals-view-carrying-window-time-cascaded-window-rewrite",
        "1120-hourly-totals-over-minute-window-totals-by-floor-of-window-start-no-window-rewrite-only-ttl",
        "1140-daily-clicks-joined-to-daily-impressions-by-floor-to-day-window-join-offered",
        "1141-hourly-clicks-joined-to-hourly-impressions-on-campaign-alone-no-window-join",
        "1142-daily-totals-over-hourly-window-totals-view-fix-leads-with-the-window",
        "914-split-distinct-global-count-without-mini-batch-fix-says-what-the-ttl-does-to-the-buckets",
        "944-buyers-and-spend-per-shop-count-and-sum-distinct-fix-says-a-value-is-counted-again-while-the-key-is-active",
        "945-split-distinct-visitors-per-region-and-shop-partial-fix-says-a-value-is-counted-again-into-the-total",
        "946-distinct-devices-per-app-over-watermarked-events-fix-offers-a-window-counting-each-value-once",
        "947-split-distinct-mini-batch-two-phase-payers-per-merchant-incremental-partial-fix-says-counted-again",
        "948-distinct-users-of-all-time-global-count-distinct-fix-says-a-value-is-counted-again-while-rows-come",
        "949-orders-view-joining-csv-customers-then-shipments-set-rewrite-pins-customers-the-shipments-join-gets-the-set",
        "925-top-3-regions-per-hour-partitioned-by-window-time-over-window-aggregate",
        "926-two-largest-orders-per-region-and-window-time-over-tvf-with-ttl",
        "927-latest-order-per-region-and-window-time-deduplicate-not-window",
        "928-top-3-regions-per-hour-window-time-renamed-in-view-fix-names-it",
        "929-three-largest-orders-per-10-minutes-window-top-n-of-raw-rows-one-task",
        "930-top-3-hourly-region-totals-of-all-time-no-partition-over-window-aggregate",
        "931-top-3-region-totals-per-window-start-no-partition-over-updating-aggregate",
        "956-hourly-totals-per-region-grouped-by-window-time-alone-window-aggregate-not-recognized",
        "957-totals-per-region-over-view-renaming-window-time-grouped-by-it-fix-names-it",
        "958-top-3-region-totals-grouped-by-window-time-no-partition-window-partition-first",
        "959-top-2-shops-per-region-grouped-by-window-end-alone-window-partition-first",
        "960-top-3-regions-per-day-over-daily-view-window-top-n-of-a-day",
        "961-top-3-regions-per-hour-bucketed-by-floor-window-top-n-of-an-hour",
        "962-latest-five-orders-per-hop-window-by-proctime-then-amount-one-task-fix-in-event-time",
        "963-top-3-products-per-day-by-cast-to-date-window-top-n-of-a-day",
        "984-page-views-per-hop-over-catalog-view-renaming-window-time-group-by-rewrite-redefines-the-view",
        "985-totals-per-region-over-view-naming-window-time-by-column-list-no-rewrite-fix-says-select-the-bounds",
        "986-best-page-per-category-over-tumble-counts-by-window-start-alone-window-group-says-the-rank-stays",
        "987-top-2-shops-per-day-by-date-format-window-aggregate-tumble-alone-set-said-for-the-rank",
        "988-hourly-region-totals-over-100-filter-above-window-aggregate-cumulate-stands-alone",
        "989-regions-selling-per-hour-count-over-floor-totals-window-aggregate-tumble-alone-under-an-aggregation",
        "1013-hourly-clicks-per-user-early-fire-group-window-into-append-only-sink-refused-over-updates",
        "1014-top-3-users-per-hour-over-early-fire-group-window-rank-retracts",
        "1015-top-user-per-hour-over-late-fire-group-window-rank-retracts",
        "1016-hourly-clicks-per-user-processing-time-late-fire-group-window-into-append-only-sink-inserts",
        "1017-best-shop-total-per-day-max-over-cast-to-date-totals-tumble-first-upper-state-per-day-said",
        "1018-hourly-region-totals-joined-to-targets-tumble-first-in-the-fix",
        "1019-top-2-regions-per-day-over-hourly-floor-totals-ranked-by-cast-of-hr-rank-key-named-as-written",
        "1089-best-shop-total-per-hour-max-over-date-format-hour-totals-upper-state-one-entry-per-hour",
        "1090-shops-selling-per-day-and-region-count-over-cast-to-date-totals-upper-state-per-day-and-region",
        "1091-best-day-per-shop-and-month-over-floor-day-totals-month-computed-above-upper-state-one-entry-per-month",
        "1092-daily-shop-totals-joined-to-shop-targets-window-rewrite-says-the-join-keeps-its-state",
        "1093-hourly-order-totals-left-joined-to-refund-totals-per-region-window-rewrite-says-the-join-and-other-aggregation-stay",
        "1102-hourly-order-and-refund-totals-per-region-joined-on-the-hour-each-aggregation-windowed-alone",
        "1103-hourly-order-totals-joined-to-hourly-refunds-without-watermark-join-keys-print-renamed-window-rewrite-proven",
        "1104-hourly-sum-and-count-of-one-table-self-joined-on-the-hour-each-side-windowed-alone",
        "1105-hourly-order-totals-joined-to-refunds-named-apart-join-key-renamed-window-rewrite-proven",
        "932-three-largest-orders-of-all-time-no-partition-over-window-tvf",
        "933-distinct-buyers-per-region-over-joined-view-join-hint-leaves-distinct-as-is",
        "934-distinct-pages-per-device-over-joined-subquery-both-hinted-distinct-said",
        "935-distinct-buyers-per-region-join-and-aggregation-in-one-select",
        "964-orders-shipments-invoices-multi-join-into-sink-hint-per-input-rows-expire-after-stored",
        "965-sessions-left-join-clicks-and-purchases-multi-join-unaliased-hint-names-the-tables",
        "966-latest-page-view-per-user-over-join-by-proctime-desc-deduplicate-before-the-join-no-max",
        "967-first-order-per-customer-over-left-join-by-proctime-asc-update-stream-no-min",
        "968-order-changes-cdc-format-joined-to-payments-proctime-one-bound-no-interval-join-over-updates",
        "969-orders-joined-to-cdc-shipments-event-time-lower-bound-only-no-interval-join-over-updates",
        "771-newest-orders-first-by-proctime-then-amount-in-qualified-join-free-select-ranks-by-amount",
        "777-latest-three-clicks-per-user-by-proctime-window-top-n-rewrite-orders-by-event-time",
        "778-top-2-pages-per-user-by-proctime-then-page-window-top-n-rewrite-keeps-later-key",
        "742-orders-join-users-left-side-pinned-zero-no-session-ttl-finding-names-the-pin-and-the-other-side",
        "744-payments-join-refunds-both-sides-pinned-zero-under-session-ttl-each-pin-named",
        "745-refunded-payments-view-join-both-sides-pinned-zero-in-the-view-each-pin-named",
        "746-orders-with-options-hint-join-shipments-in-view-fix-offers-hint-in-the-view",
        "747-payments-options-hinted-unaliased-join-refunds-in-view-pinned-zero-pin-named",
        "749-refunds-per-order-pinned-zero-over-view-join-pinned-zero-on-both-inputs-each-pin-named",
        "753-orders-join-customers-from-csv-read-once-rewrite-hints-orders-alone",
        "754-products-from-csv-on-the-left-join-clicks-rewrite-hints-clicks-alone",
        "755-orders-join-customers-csv-monitored-unbounded-hints-both-sides",
        "756-payments-join-currencies-datagen-number-of-rows-read-once",
        "757-orders-join-view-over-csv-customers-read-once-hint-names-the-view-alias",
        "789-orders-join-watched-csv-customers-scan-only-no-lookup-join",
        "790-clicks-left-join-generated-users-into-sink-scan-only-no-lookup-join",
        "794-orders-join-subquery-of-csv-customers-and-countries-inner-join-bounded-outer-read-once",
        "796-orders-join-csv-customers-hint-names-the-read-once-side-alone-both-findings",
        "788-enriched-orders-view-join-customers-csv-read-once-changes-name-the-view-join",
        "758-shipments-left-join-carriers-csv-on-the-right-read-once",
        "768-enriched-orders-into-sink-join-customers-csv-read-once",
        "769-revenue-per-country-join-customers-csv-read-once-aggregated-in-one-select",
        "800-clicks-join-pages-csv-read-once-counted-per-category-in-one-select-hint-names-clicks-alone",
        "801-revenue-per-country-over-view-joining-customers-csv-view-hint-names-orders-alone",
        "802-paid-orders-subquery-join-customers-csv-outer-hint-names-the-subquery-alone",
        "803-orders-join-customers-csv-read-once-side-pinned-zero-pin-kept-orders-hinted",
        "804-orders-pinned-zero-join-customers-csv-pin-replaced-read-once-side-not-added",
        "805-orders-join-payments-join-customers-csv-in-one-select",
        "807-orders-join-customers-csv-read-once-side-hinted-twelve-hours-rewrite-drops-it-as-the-fix-does",
        "812-clicks-left-join-sessions-left-join-csv-countries-in-one-select-set-rewrite-pins-the-read-once-side",
        "813-orders-per-country-over-subquery-joining-csv-customers-set-rewrite-pins-the-read-once-side-in-the-subquery",
        "814-orders-left-join-csv-customers-hint-pins-the-read-once-table-by-name-fix-keeps-the-pin",
        "815-payments-and-csv-currencies-both-pinned-zero-fix-replaces-the-stream-pin-keeps-the-read-once-pin",
        "816-spend-per-customer-subquery-join-csv-customers-changes-names-the-aggregation-and-the-join",
        "820-session-ttl-a-day-payments-join-watermarked-csv-rates-read-once-side-expires",
        "830-prices-join-opening-prices-same-table-hinted-number-of-rows-read-once-rewrite-hints-the-stream-alone",
        "831-carrier-per-order-persistent-view-with-column-list-rewrite-drops-and-creates-it-again",
        "832-carrier-per-order-persistent-view-without-column-list-rewrite-alters-it",
        "880-orders-union-all-refunds-each-joining-csv-customers-changes-says-what-the-hints-do-to-the-read-once-side",
        "881-opening-prices-hinted-two-options-joined-first-with-prices-rewrite-hints-the-stream-alone-on-both-lines",
        "882-clicks-view-left-joining-sessions-and-csv-countries-set-rewrite-pins-the-read-once-side-in-the-view",
        "883-clicks-persistent-view-with-column-list-joining-csv-countries-set-rewrite-pins-it-drops-and-creates-the-view",
        "884-clicks-persistent-view-joining-csv-countries-count-per-country-set-rewrite-pins-it-alters-the-view",
        "885-session-ttl-twelve-hours-orders-pinned-zero-join-csv-customers-hint-rewrite-pins-the-read-once-side",
        "886-orders-pinned-zero-in-both-selects-of-a-union-all-joining-csv-customers-changes-says-the-read-once-side-keeps-its-rows",
        "887-clicks-view-altered-to-join-csv-countries-set-rewrite-pins-the-read-once-side-in-the-altered-view",
        "917-orders-union-all-refunds-one-select-pins-the-read-once-side-too-rewrite-keeps-the-union-as-written",
        "918-orders-nested-union-all-in-subquery-two-selects-pin-the-read-once-side-rewrite-keeps-the-layout",
        "919-orders-union-all-view-one-select-pins-the-read-once-side-rewrite-keeps-the-view-as-written",
        "920-clicks-view-dropped-and-another-renamed-to-it-set-rewrite-pins-it-in-the-renamed-view",
        "951-clicks-view-with-column-list-renamed-set-rewrite-pins-it-drops-and-creates-it-under-the-new-name",
        "952-clicks-view-renamed-and-its-old-name-reused-set-rewrite-alters-the-renamed-view-by-its-new-name",
        "921-clicks-view-with-column-list-altered-set-rewrite-pins-it-and-alters-the-view-again",
        "922-orders-join-csv-customers-watched-by-options-hint-scan-only-no-lookup-join-on-both-lines",
        "923-repeat-order-pairs-per-customer-over-a-self-join-in-one-select-no-hint-reaches-the-aggregation",
        "924-orders-per-customer-beside-region-totals-of-the-same-table-fix-hints-each-aggregation-by-its-name",
        "896-orders-per-customer-subquery-beside-uncorrelated-exists-aggregating-orders-count-not-said-to-be-the-exists",
        "950-repeat-order-pairs-per-customer-over-a-self-join-in-an-aliased-subquery-fix-hints-the-subquery",
        "953-repeat-buyers-over-a-left-self-join-in-a-subquery-key-renamed-into-a-sink-fix-hints-the-subquery",
        "954-repeat-order-pairs-per-customer-over-a-self-join-in-a-with-item-fix-hints-the-with-item",
        "955-orders-per-region-until-a-customer-passes-100-not-exists-hint-proven-no-internal-call",
        "978-distinct-buyers-per-shop-hint-below-minimum-on-projecting-subquery-fix-says-a-value-is-counted-again",
        "979-distinct-users-of-all-time-over-view-hinted-below-minimum-fix-says-a-value-is-counted-again-while-rows-come",
        "980-orders-per-category-joining-csv-products-set-rewrite-changes-name-the-join-keeping-products-with-no-ttl",
        "981-orders-per-region-until-a-customer-passes-100-not-exists-under-mini-batch-two-phase-no-internal-call",
        "982-clicks-view-ending-in-a-line-comment-set-rewrite-pins-it-in-the-view-as-written",
        "983-clicks-parenthesised-view-with-comments-after-its-query-set-rewrite-pins-it-in-the-view-as-written",
        "780-shipped-orders-view-join-unpinned-condition-and-changes-name-the-view-join",
        "781-customer-orders-view-left-join-one-side-aliased-keys-of-other-names",
        "783-views-per-page-view-aggregation-changes-names-the-view-aggregation",
        "806-spend-per-customer-view-aggregation-aliased-fix-offers-the-hint-in-the-view",
        "818-spend-per-customer-read-through-two-views-fix-offers-the-hint-in-the-aggregating-view",
        "786-clicks-join-subquery-of-sessions-and-users-pinned-zero-side-named-without-nested-parentheses",
        "787-orders-joined-with-eu-users-view-pinned-zero-view-side-named-without-nested-parentheses",
        "656-top-pages-by-total-over-per-user-counts-hinted-four-days-changes-says-which-ttl",
        "288-join-on-time-columns-interval-join-by-watermarks",
        "289-join-on-time-columns-into-sink-unaliased",
        "344-top-n-over-aggregating-view",
        "345-top-n-over-nested-view-over-dedup",
        "346-dedup-in-cte-over-aggregating-view",
        "347-top-n-over-window-aggregating-view",
        "348-dimension-join-datagen-no-lookup",
        "360-rates-join-event-time-temporal-join",
        "361-rates-view-left-join-into-sink-temporal-join",
        "362-rates-filtering-view-no-temporal-join",
        "363-rates-without-watermark-temporal-join-declares-it",
        "380-top-n-per-region-over-view-fixing-region",
        "382-top-n-per-region-fixed-over-updating-totals",
        "384-rates-without-watermark-left-join-into-sink",
        "561-prices-left-join-by-product-temporal-join-named-first",
        "566-users-per-click-count-count-of-counts-under-ttl",
        "567-clicks-per-user-aliased-running-reserved-word",
        "568-order-amounts-aliased-value-in-subquery-and-outside",
        "385-rates-two-timestamps-without-watermark-no-temporal-join",
        "364-rates-join-proctime-lookup-refused-temporal-join",
        "371-max-per-key-over-updating-totals-under-ttl",
        "372-top-pages-per-category-over-all-time-counts",
        "373-ignored-hint-below-minimum-in-subquery",
        "126-rn-filter-with-or",
        "374-latest-row-or-large-amount-in-cte",
        "325-join-one-side-pinned-other-90-days",
        "161-sort-non-time-in-statement-set",
        "177-hint-in-nested-view",
        "221-rn-filter-in-same-select-quoted",
        "222-rn-filter-in-same-select-in-cte",
        "390-rn-filter-beside-other-condition-layout-kept",
        "391-dedup-by-plain-timestamp-in-view-read-through-view",
        "392-state-ttl-in-options-hint-kept-as-written",
        "393-sort-in-statement-set-sinks-of-different-columns",
        "394-top-n-over-all-time-sums-without-time-attribute",
        "395-sum-over-top-3-per-category-window-top-n",
        "396-top-2-per-window-start-alone-in-cte-window-partition-first",
        "397-top-1-per-window-end-and-region-into-sink-window-partition-first",
        "443-window-aggregate-grouped-by-window-start-only-over-view",
        "444-hourly-clicks-grouped-by-window-end-only-into-sink",
        "446-state-ttl-hint-naming-table-inside-hop-window",
        "447-state-ttl-hint-naming-hop-window-alias-over-proctime",
        "448-state-ttl-hint-on-join-of-watermarked-tables",
        "449-latest-status-by-plain-timestamp-not-selected",
        "450-latest-status-lower-case-watermark-rewrite",
        "451-top-2-prices-per-store-into-sink-session-ttl-expires-rows",
        "452-orders-full-join-payments-ttl-hint-matched-rows-renewed",
        "453-refunds-right-join-orders-into-sink-ttl-hint",
        "454-first-login-per-user-by-ltz-into-sink-first-value-fix",
        "455-distinct-buyers-with-ttl-in-options-hint-as-job-setting",
        "486-latest-row-per-key-per-window-by-processing-time",
        "487-top-3-per-hop-window-on-processing-time",
        "488-window-join-on-processing-time-windows",
        "489-first-click-per-window-by-arrival-no-event-time",
        "490-first-paid-order-by-processing-time-no-window-dedup-offered",
        "497-top-3-bids-per-window-with-rank",
        "498-latest-bid-per-item-and-window-with-dense-rank",
        "662-latest-row-of-whole-stream-by-proctime-keyless-dedup-one-task",
        "692-top-3-recent-pages-per-user-by-proctime-column-window-top-n-keeps-first-arrivals",
        "693-top-5-accounts-by-balance-on-wall-clock-watermark-window-top-n-says-read-time",
        "694-logins-per-user-and-hour-on-current-timestamp-watermark-window-aggregate-says-read-time",
        "695-logins-per-user-and-hour-on-ltz-current-timestamp-window-aggregate-keeps-ltz-key",
        "696-page-views-per-day-on-epoch-millis-ltz-rowtime-window-aggregate-keeps-ltz-key",
        "697-orders-per-shop-and-hour-ltz-floor-inside-having-window-aggregate",
        "665-rank-partitioned-and-ordered-by-same-column-every-row-ties",
        "666-dense-rank-per-region-and-day-ordered-by-day-every-row-ties",
        "499-top-3-per-category-into-append-only-filesystem-sink",
        "540-page-views-per-user-into-append-only-sink",
        "541-latest-order-status-into-append-only-sink",
        "542-orders-left-join-payments-into-append-only-sink",
        "543-moving-count-over-a-top-n",
        "544-top-3-without-row-number-into-append-only-sink",
        "545-rates-joined-as-of-event-time-without-watermark",
        "546-rates-joined-as-of-event-time-without-primary-key",
        "547-customers-joined-as-of-processing-time-not-a-lookup-source",
        "548-hourly-clicks-windowed-on-timestamp-without-watermark",
        "549-windowed-on-plain-timestamp-beside-the-event-time",
        "570-join-bounds-one-side-event-time-fix-declares-the-other",
        "571-select-distinct-without-ttl-hint-on-its-select",
        "576-aggregation-hint-one-second-fix-asks-no-unit-it-has",
        "577-row-number-per-user-by-processing-time-no-frame-offered",
        "514-temperature-jump-lag-by-event-time-without-ttl",
        "515-running-spend-per-customer-rows-unbounded-by-event-time",
        "517-last-six-clicks-per-user-rows-bounded-by-processing-time",
        "580-running-spend-in-a-view-fix-names-the-view",
        "594-trades-join-renaming-rates-view-temporal-join-named-first-with-its-columns",
        "595-clicks-join-views-on-reserved-user-and-timestamp-fix-quotes-keys",
        "596-top-3-values-per-user-ordered-by-reserved-value-fix-quotes-columns",
        "599-average-of-per-user-averages-per-region-under-ttl-old-average-kept",
        "600-scores-per-name-into-sink-keyed-by-upper-name-key-inside-expression",
        "615-total-of-per-key-counts-under-ttl-old-count-kept",
        "585-previous-status-per-order-into-sink",
        "492-first-os-per-window-end-ordered-by-grouped-rowtime",
        "493-hourly-pv-uv-by-date-format-without-watermark",
        "398-latest-reading-by-plain-timestamp-with-proctime-column",
        "399-join-bounds-in-where-interval-join-by-watermarks",
        "400-join-bounds-on-current-timestamp-columns-no-watermark",
        "401-join-bounds-proctime-against-plain-timestamp-no-watermark",
        "402-lateral-top-2-cities-over-count-of-dedup-view",
        "403-lateral-top-3-products-over-all-time-counts",
        "428-lateral-top-2-pages-per-user-and-device-into-sink",
        "429-lateral-top-n-with-one-more-condition-not-decorrelated",
        "438-lateral-top-orders-of-listed-customers-not-decorrelated",
        "406-click-join-campaigns-ttl-hint-rows-expire-while-matched",
        "407-top-3-sales-per-country-over-join-session-ttl",
        "409-refund-exists-within-30-days-semi-join",
        "410-latest-order-per-customer-over-left-join-updating",
        "412-top-3-per-region-over-first-row-dedup-session-ttl",
        "414-paid-orders-exists-shipment-no-hint-reaches-semi-join",
        "418-clicks-in-campaign-grouped-subquery-regular-join",
        "419-ratings-per-grouping-set-datagen",
        "422-votes-total-joined-with-prize-and-player-subquery-sides",
        "423-clicks-self-join-same-session-aliases",
        "430-big-customers-per-region-nested-in-from-lower-case-layout-kept",
        "431-spend-so-far-join-side-subquery-inner-join-layout-kept",
        "432-clicks-per-user-in-with-clause-lower-case-layout-kept",
        "433-web-and-app-counts-insert-union-all-layout-kept",
        "434-cheapest-products-asc-over-sums-in-subquery-layout-kept",
        "435-ignored-hint-moved-out-of-projecting-subquery-lower-case-layout-kept",
        "436-ttl-options-hints-of-inner-join-lower-case-layout-kept",
        "437-dedup-in-cte-over-aggregating-view-where-cut-layout-kept",
        "439-lateral-top-3-per-shop-lower-case-comments-layout-kept",
        "440-latest-status-per-order-last-value-where-kept-layout-kept",
        "441-first-event-per-device-first-value-lower-case-layout-kept",
        "442-lateral-top-2-orders-per-customer-over-table-layout-kept",
        "461-lateral-bottom-2-products-asc-kept",
        "464-converted-order-totals-over-temporal-join-session-ttl",
        "465-orders-not-exists-in-refunds-session-ttl-emits-unmatched",
        "469-split-distinct-buyers-per-shop-buckets-not-keys",
        "471-split-distinct-mini-batch-two-phase-hint-kept-whole",
        "480-first-three-orders-by-event-time",
        "481-first-three-orders-by-processing-time",
        "482-join-keeps-one-customer-row-per-key",
        "483-join-keeps-latest-order-row-per-order-id",
        "474-top-3-keyed-orders-into-sink-keyed-by-user",
        "478-paid-orders-converted-in-subquery-temporal-join-hint-outside",
        "479-converted-totals-over-left-temporal-join-in-with-clause",
        "472-row-number-without-filter-into-sink-keyed-by-user",
        "473-top-1-order-per-user-and-shop-into-sink-keyed-by-user",
        "476-row-number-without-filter-with-on-conflict-refused-desc",
        "484-clicks-join-users-bare-ttl-hint-on-watermarked-tables-layout-kept",
        "485-top-5-pages-per-category-over-hourly-counts-in-with-clause",
        "520-orders-converted-in-aliased-subquery-left-join-shipments-fix-names-alias",
        "521-orders-converted-in-view-joined-with-payments-fix-names-view-alias",
        "522-session-ttl-bare-30-fix-and-rewrite-write-30-h",
        "523-hint-bare-48-on-aggregation-fix-and-rewrite-write-48-h",
        "524-hint-30-seconds-on-join-fix-and-rewrite-write-advised-ttl",
        "525-lower-case-join-without-ttl-hint-added-in-lower-case",
        "526-top-1-sale-per-region-and-product-into-sink-keyed-by-region-no-clause",
        "527-buyers-per-shop-two-phase-mini-batch-calls-named-by-statement",
        "528-orders-payments-shipments-three-way-join-hint-names-direct-inputs",
        "529-centred-moving-average-over-rows-following",
        "530-spend-in-the-hour-around-each-order-range-following",
        "531-remaining-count-current-row-to-unbounded-following-by-arrival",
        "532-orders-after-the-first-ten-by-amount-offset-without-fetch",
        "533-skip-the-first-five-rows-offset-without-order-by",
        "534-readings-after-the-first-three-by-event-time-offset-without-fetch",
        "535-latest-readings-first-order-by-event-time-desc",
        "536-newest-clicks-first-by-arrival-then-user-desc",
        "537-join-hint-two-bare-values-each-keeps-its-own-unit",
        "538-two-aggregations-hinted-bare-values-each-keeps-its-own-unit",
        "500-daily-uv-with-day-flag-from-the-bucket-window-aggregate-offered",
        "501-top-5-latest-per-category-into-sink-keyed-by-user-set-ttl-reaches-materializer",
        "502-daily-orders-by-cast-to-date-with-weekday-window-aggregate-offered",
        "504-revenue-per-order-over-hinted-join-hint-misses-the-aggregation",
        "505-events-per-category-into-varchar-20-keyed-sink-cast-drops-upsert-key",
        "506-top-products-skipping-the-first-two-offset-without-limit-refused",
        "507-votes-top-9-per-vote-section-into-sink-keyed-by-person-ranking-redistributes",
        "508-votes-per-person-joined-on-their-sum-into-sink-keyed-by-person-join-redistributes",
        "509-clicks-and-views-per-15-min-joined-on-window-start-only-window-join-offered",
        "510-orders-left-join-payments-in-hop-windows-on-window-end-only-window-join-offered",
        "511-daily-cumulating-counts-joined-on-window-start-only-no-window-join",
        "512-joined-views-over-a-view-join-its-join-not-named-by-the-statement",
        "513-average-per-sensor-group-and-window-start-over-a-legacy-tumble-no-hint-on-the-window",
        "618-join-of-two-aggregations-side-hinted-four-days-aggregation-gets-its-ttl",
        "619-top-3-over-aggregation-hinted-four-days-rank-gets-its-ttl",
        "620-first-event-per-user-ordered-by-current-timestamp-column-proctime-not-watermark",
        "623-orders-left-join-shipments-bounds-swapped-never-match",
        "625-running-total-per-account-by-event-time-range-width-said-a-choice",
        "626-departments-join-of-two-aggregations-min-salary-unread-changes-name-it",
        "638-join-bounded-by-proctime-from-below-only-missing-bound-named",
        "640-payments-within-a-day-of-order-upper-bound-only-event-time",
        "990-trades-join-rates-on-composite-key-temporal-join-fix-asks-no-key-rates-declares",
        "991-paid-orders-view-left-join-rates-into-sink-temporal-join-fix-asks-no-key-rates-declares",
        "996-employees-per-department-over-latest-row-per-employee-coalesced-key-ranking-below-not-named",
        "1001-orders-join-rates-keyed-by-rate-id-on-currency-temporal-join-fix-names-declared-key",
        "1002-orders-temporal-join-versioned-view-of-rates-keyed-by-currency-over-table-keyed-by-rate-id-plans",
        "1056-orders-temporal-join-deduplicated-view-of-rates-already-keyed-by-currency-fix-says-join-the-table",
        "1005-order-totals-per-customer-and-product-into-sink-keyed-by-customer-deduplicate-fix-says-updates-keep-history",
        "1025-distinct-buyers-per-shop-hint-of-two-hours-on-projecting-subquery-fix-says-a-value-is-counted-again",
        "1026-distinct-users-of-all-time-over-view-hinted-one-day-fix-says-a-value-is-counted-again-while-rows-come",
        "1027-devices-per-region-cdc-table-hint-of-a-day-on-projecting-subquery-fix-says-retraction-lost",
        "1028-repeat-visits-per-user-self-join-of-visits-aliased-hint-rewrite-names-each-side-by-its-alias",
        "1029-order-pairs-per-customer-self-join-of-a-view-hint-rewrite-says-joined-with-itself",
        "1030-orders-per-customer-of-big-spenders-in-subquery-hint-rewrite-names-the-semi-joins-subquery-side",
        "1031-votes-per-person-inner-join-on-their-sum-into-sink-keyed-by-person-reason-names-the-join-condition",
        "1032-orders-left-join-products-on-category-into-sink-keyed-by-order-reason-names-the-join-condition",
        "1033-highest-carried-forward-reading-per-device-over-last-value-over-unbounded-rows-set-bounds-both-first",
        "1034-five-way-join-with-left-join-under-join-reorder-plan-loses-a-condition-reason-says-so",
        "1063-order-changes-inner-join-shipment-changes-neither-keyed-into-sink-reason-says-no-key-to-lose",
        "1064-orders-join-order-lines-selecting-the-orders-side-key-fix-selects-the-lines-equal-column",
        "1066-spend-per-customer-joined-to-tier-by-its-total-into-sink-keyed-by-customer-fix-names-the-aggregated-column",
        "1067-nexmark-q4-bids-between-auction-datetime-and-expires-reason-names-expires-as-the-plain-upper-bound",
        "1068-src1-join-src2-unqualified-selecting-a1-rewrite-selects-a2-named-a1",
        "1107-orders-lines-shipments-cascade-selecting-the-orders-key-fix-selects-the-lines-equal-column",
        "1109-orders-join-filtered-lines-subquery-selecting-the-orders-key-fix-selects-the-subquerys-equal-column",
        "1111-five-way-join-under-join-reorder-carriers-read-once-rewrite-pins-them-and-switches-reorder-off",
        "1112-five-way-join-in-a-view-under-join-reorder-carriers-read-once-view-rewrite-switches-reorder-off",
        "1130-clicks-join-sessions-none-keyed-join-users-keyed-cascade-into-sink-reason-names-the-join-dropping-the-users-key",
        "1131-orders-lines-products-shipments-cascade-middle-join-on-sku-drops-the-key-reason-names-it",
        "1132-orders-join-open-lines-view-selecting-the-orders-key-fix-selects-the-views-equal-column",
        "1173-orders-join-open-lines-view-over-live-lines-view-selecting-the-orders-key-fix-selects-the-views-equal-column",
        "1174-orders-join-with-item-over-open-lines-view-selecting-the-orders-key-fix-selects-the-items-equal-column",
        "1175-five-way-join-in-a-view-read-through-another-view-under-join-reorder-rewrite-switches-reorder-off",
        "1070-clicks-join-sessions-join-users-cascade-none-keyed-into-sink-reason-says-no-input-has-a-key",
        "1071-readings-between-plain-maintenance-start-and-alert-time-reason-names-the-plain-lower-bound",
        "1113-orders-join-projecting-view-of-versioned-rates-temporal-join-fix-reads-the-view-keyed-by-the-plans-key",
        "1116-order-counts-per-currency-over-filtering-view-hint-names-the-views-alias",
        "1117-cte-renaming-row-fields-without-time-column-bids-per-auction-hint-names-the-cte-window-names-the-table",
        "1118-bids-per-auction-grouped-by-row-field-selected-renamed-window-fix-names-the-row-field",
        "1057-view-of-row-fields-top-10-per-auction-window-fix-names-the-view-columns",
        "1150-latest-event-per-id-by-epoch-seconds-event-time-computed-from-dedup-on-event-time",
        "1151-first-payment-per-order-by-epoch-millis-under-ttl-dedup-on-event-time-emitted-at-watermark",
        "1155-daily-unique-visitors-per-date-column-of-subquery-window-aggregate-in-subquery-not-a-five-minute-tumble",
        "1156-hourly-clicks-per-page-over-aliased-subquery-flooring-the-hour-window-aggregate-in-subquery",
        "1179-hourly-page-views-per-page-over-a-hop-grouped-without-its-window-window-aggregate-not-recognized",
        "1180-top-2-readings-per-sensor-over-cumulate-rows-partitioned-by-sensor-alone-window-partition-first",
        "1165-hourly-clicks-per-page-bucketed-over-filtering-subquery-window-in-the-subquery-keeps-its-where",
        "1166-orders-join-with-item-renaming-the-lines-columns-by-a-column-list-fix-selects-the-items-equal-column",
        "1167-lines-with-proctime-join-products-on-sku-then-shipments-fix-offers-the-lookup-join-where-the-connector-is-a-lookup-source",
        "130-temporary-view-hides-top-n",
        "1139-bids-per-auction-over-filtering-subquery-renaming-row-fields-window-fix-keeps-the-subquerys-where"})
    void lastStatementsFindingsAndRewritesAreTheGoldenOnes(String name) throws Exception {
        // -Dsql-guard.cases.only=REGEX: only the cases whose name matches, as the corpus tests take it.
        assumeTrue(name.matches(System.getProperty("sql-guard.cases.only", ".*")), "not in -Dsql-guard.cases.only");
        Path file = CaseCorpus.ownDir().resolve(name + ".sql");
        if (Boolean.getBoolean(RewriteGoldens.FROM_CLI_JAR) && !Boolean.getBoolean(RewriteGoldens.WRITE)
                && SqlScript.read(file).policy().isEmpty()) {
            assertThat(RewriteGoldens.dir().resolve(name + ".json")).as("golden file (write it with"
                    + " -Dsql-guard.golden.write=true)").exists();
            abort("checked by dist's CliJarIT in the CLI jar's lint of the corpus (" + RewriteGoldens.FROM_CLI_JAR + ")");
        }
        assertGolden(engine, file, name);
    }

    /**
     * A regular join of a stream with a dimension table: a lookup join where the table is a lookup
     * source and the stream has a processing-time column, in several shapes; none without that column; an
     * event-time temporal join where the table is a versioned upsert-kafka table; a {@code STATE_TTL} hint
     * on the block of a regular join over a lookup join, none on the lookup join's block; no window Top-N in the fix
     * of a Top-N over a CDC source, whose updates Flink's window Top-N refuses; a window operator or interval join
     * refused over a changelog source is not told to run "before the source"; a Top-N that reads a changelog
     * source's updates (straight, through a view or a ChangelogNormalize) is told to rank another source, not to rank
     * "an append-only input" or order by a monotonic column, neither of which Flink plans over them; an aggregation
     * per legacy group window written into a sink keyed without the window (an append-only query into an upsert sink,
     * which a blackhole sink would not show) is told that the window is what its projection drops; a Kafka table in a
     * CDC format lint does not have (debezium-protobuf) copied into an append-only topic is refused as over updates.
     */
    @ParameterizedTest
    @ValueSource(strings = {"01-dimension-join-lookup", "02-dimension-left-join-into-sink-lookup",
        "03-dimension-join-no-proctime", "04-upsert-kafka-rates-temporal-join",
        "81-demo-user-behavior-watermark-written-ahead-rewrite-trails-it",
        "05-upsert-kafka-balances-group-by-session-ttl", "06-lookup-join-in-subquery-then-left-join-hint-outside",
        "07-events-left-join-users-keyed-by-reserved-user-lookup", "08-cdc-latest-row-per-key-no-window-over-changelog",
        "09-cdc-top-3-orders-per-customer-no-window-over-changelog",
        "10-cdc-latest-row-per-key-per-window-window-dedup-over-changelog",
        "11-upsert-kafka-prices-interval-join-over-changelog",
        "12-cdc-top-3-orders-per-customer-by-amount-retract-from-source",
        "13-upsert-kafka-top-5-prices-per-sector-retract-through-changelog-normalize",
        "14-cdc-view-of-open-tickets-top-3-per-team-retract-from-source",
        "15-orders-of-unknown-customers-left-anti-join-no-lookup",
        "20-kafka-login-counts-per-user-and-tumble-window-into-jdbc-keyed-by-user-window-dropped",
        "21-upsert-kafka-sliding-revenue-per-shop-and-region-hop-window-dropped",
        "22-jdbc-readings-per-device-session-window-dropped-no-global-session-tvf",
        "23-cdc-self-join-proctime-in-subqueries-one-bound-interval-join-needs-inserts",
        "24-upsert-kafka-moving-pages-per-user-over-rows-no-key-reaches-the-sink",
        "25-upsert-kafka-running-balance-per-account-over-event-time-no-key-reaches-the-sink",
        "30-upsert-kafka-orders-per-customer-over-last-minute-deduplicate-keeps-no-state",
        "31-kafka-prices-latest-per-product-projection-into-upsert-kafka-deduplicate-keeps-no-state",
        "32-upsert-kafka-orders-left-join-products-deduplicate-keeps-its-materializer",
        "34-kafka-clicks-hourly-window-counts-into-upsert-kafka-keyed-by-user-deduplicate-fix-says-no-materializer-over-inserts",
        "35-cdc-orders-lookup-join-customers-by-customer-id-on-conflict-deduplicate-materializer-says-matches-compete",
        "42-cdc-orders-lookup-join-customers-by-customer-id-and-constant-region-materializer-says-no-matches-compete",
        "43-cdc-orders-lines-products-cascade-second-join-on-sku-drops-the-key-no-equal-column-fix",
        "65-cdc-payments-join-orders-on-order-then-customers-bottom-join-drops-the-payments-key-reason-names-it",
        "70-cdc-lines-join-jdbc-products-on-sku-then-shipments-lookup-join-of-products-keeps-the-lines-key",
        "44-cdc-orders-lookup-join-customers-by-customer-id-and-constant-region-refused-reason-says-one-match",
        "45-kafka-bids-between-auction-start-and-expiry-computed-rowtimes-no-watermark-asked",
        "46-kafka-nexmark-events-views-top-bid-per-auction-computed-case-rowtime-no-watermark-asked",
        "47-kafka-nexmark-q7-bids-in-last-ten-seconds-of-window-end-renamed-like-event-time-window-time-first",
        "48-kafka-select-star-into-jdbc-keyed-by-id-source-declares-no-key-reason-says-so",
        "49-kafka-filtered-projection-of-two-topics-union-into-upsert-kafka-keyed-by-user-no-key-to-keep",
        "50-kafka-beacons-tumble-tvf-distinct-users-into-jdbc-keyed-by-window-no-upsert-key-from-window-tvf",
        "51-kafka-cumulative-daily-pv-uv-per-behavior-into-jdbc-keyed-by-day-no-group-by-the-day-fix",
        "52-kafka-hop-revenue-per-shop-window-start-selected-into-upsert-kafka-keyed-by-shop-and-start-not-window-end",
        "53-kafka-log-counts-per-day-legacy-proctime-tumble-into-jdbc-keyed-by-day-no-window-tvf-fix",
        "58-kafka-bids-top-3-items-per-window-rn-not-written-into-jdbc-keyed-by-window-and-item-window-top-n-reason",
        "59-kafka-bids-last-bid-per-category-and-window-dedup-into-jdbc-keyed-by-category-clause-is-the-fix",
        "60-kafka-bids-window-join-asks-per-item-into-jdbc-keyed-by-item-and-window-no-key-from-a-window-join",
        "71-kafka-bids-top-3-items-per-window-and-category-writing-rn-into-jdbc-keyed-by-item-key-fix-names-the-window",
        "72-kafka-bids-top-3-items-per-window-and-category-into-jdbc-keyed-by-window-category-and-rn-plans",
        "73-kafka-bids-top-3-items-per-window-and-category-into-jdbc-keyed-by-category-and-rn-plans-one-row-per-rank",
        "54-cdc-scores-average-per-gender-ttl-hint-says-retractions-of-a-forgotten-group-dropped",
        "970-cdc-orders-lookup-join-customers-without-key-into-sink-keyed-by-order-lookup-reason",
        "971-cdc-orders-left-lookup-join-customers-by-email-not-its-key-into-sink-keyed-by-order",
        "26-cdc-orders-lookup-join-customers-by-customer-id-not-its-composite-key-into-sink-keyed-by-order",
        "27-cdc-payments-without-key-lookup-join-customers-by-its-key-into-sink-keyed-by-payment",
        "28-orders-join-active-customers-view-over-jdbc-lookup-join-reads-the-table-with-the-view-filter",
        "29-orders-view-left-join-accounts-on-composite-key-into-sink-lookup-join",
        "41-payments-left-join-german-merchants-view-rewrite-and-fix-write-one-lookup-join",
        "975-kafka-debezium-protobuf-orders-into-append-only-kafka-sink-refused-over-updates",
        "61-kafka-events-first-per-event-id-into-partitioned-iceberg-table-stand-in-partitions-as-iceberg",
        "62-kafka-order-counts-per-customer-into-paimon-table-keyed-by-customer-stand-in-takes-upserts",
        "74-kafka-behavior-counts-per-user-into-partitioned-dynamodb-table-stand-in-takes-upserts",
        "75-kafka-page-view-counts-per-region-and-page-into-partitioned-hudi-table-stand-in-takes-upserts",
        "76-kafka-clicks-copied-into-partitioned-hive-table-outside-a-hive-catalog-stand-in-partitions-as-hive",
        "63-kafka-transactions-copy-beside-window-alerts-in-statement-set-into-jdbc-keyed-by-id-reason-of-its-insert",
        "64-statement-set-dedup-and-keyless-join-into-jdbc-keyed-by-order-reason-names-the-join-not-the-ranking",
        "55-orders-join-projecting-view-of-versioned-rates-rewrite-and-fix-write-one-temporal-join-of-the-view",
        "56-kafka-bids-per-auction-over-cte-without-time-column-hint-names-the-cte-window-names-the-row-field",
        "57-kafka-top-3-bids-per-auction-over-cte-without-time-column-window-fix-names-the-row-fields",
        "68-kafka-top-3-bids-per-auction-over-filtering-subquery-window-fix-and-rewrite-window-the-subquery"})
    void lintCasesWithStandInConnectorsAreTheGoldenOnes(String name) throws Exception {
        assumeTrue(name.matches(System.getProperty("sql-guard.cases.only", ".*")), "not in -Dsql-guard.cases.only");
        assertGolden(standIns, LINT_CASES.resolve(name + ".sql"), "lint-" + name);
    }

    private void assertGolden(LintEngine with, Path file, String name) throws Exception {
        String text = SqlScript.withoutHeader(Files.readString(file));
        StringWriter out = new StringWriter();
        try (PrintWriter writer = new PrintWriter(out)) {
            LintFormat.JSON.write(new LintRun(List.of(), with.lint(file.getFileName().toString(), text), List.of()), writer);
        }
        // A family that throws offers nothing on this shape, and its stack trace is printed on lint's standard error.
        assertThat(failures.take()).as("rewrite families that failed on %s", name).isEmpty();
        JsonNode report = JSON.readTree(out.toString());
        String actual = RewriteGoldens.text(report.get(report.size() - 1));

        Path golden = RewriteGoldens.file(name, actual, FixtureVerdicts.FLINK_1);
        if (Boolean.getBoolean(RewriteGoldens.WRITE)) {
            Files.writeString(golden, actual);
        }
        assertThat(golden).as("golden file (write it with -Dsql-guard.golden.write=true)").exists();
        assertThat(actual).isEqualTo(Files.readString(golden));
    }

    @ParameterizedTest
    @ValueSource(strings = {"271-join-three-day-bound-fix-ttl-covers-it", "272-top-n-over-join-with-its-own-ttl",
        "274-sort-on-growing-id-ascending", "275-first-row-per-order-first-value", "278-daily-report-cast-to-date"})
    void everyRewriteOfAPlanFindingNamesThatFindingsPlanNode(String name) throws IOException {
        JsonNode statement = JSON.readTree(GOLDEN.resolve(name + ".json").toFile());
        for (JsonNode finding : statement.path("findings")) {
            if (finding.has("rewrite") && finding.has("planNode")) {
                assertThat(finding.path("rewrite").path("planNodes")).extracting(JsonNode::asInt)
                        .as(finding.path("rule").asText()).containsExactly(finding.path("planNode").asInt());
            }
        }
    }

    /**
     * A finding whose first proven rewrite reads a join's right side as of a time (a lookup or a temporal join) names
     * that way first in its fix, with the join and the columns the rewrite used ({@code ProvenFixes}, the rewrite's
     * {@code way}): where the rule could not name them from the plan (a processing-time column the query does not
     * read, a view that renames the key) as much as where it could (issue 30 §4).
     */
    @ParameterizedTest
    @ValueSource(strings = {"360-rates-join-event-time-temporal-join", "361-rates-view-left-join-into-sink-temporal-join",
        "363-rates-without-watermark-temporal-join-declares-it", "384-rates-without-watermark-left-join-into-sink",
        "561-prices-left-join-by-product-temporal-join-named-first",
        "594-trades-join-renaming-rates-view-temporal-join-named-first-with-its-columns",
        "lint-01-dimension-join-lookup", "lint-02-dimension-left-join-into-sink-lookup",
        "lint-04-upsert-kafka-rates-temporal-join", "lint-07-events-left-join-users-keyed-by-reserved-user-lookup"})
    void aFixNamesFirstTheJoinOfItsFirstProvenRewriteWithItsColumns(String name) throws IOException {
        JsonNode statement = JSON.readTree(GOLDEN.resolve(name + ".json").toFile());
        int checked = 0;
        for (JsonNode finding : statement.path("findings")) {
            Matcher rewritten = AS_OF_JOIN.matcher(finding.path("rewrite").path("statement").asText());
            if (!rewritten.find()) {
                continue;
            }
            String fix = finding.path("fix").asText();
            assertThat(fix).as(name).startsWith("Join ").contains(rewritten.group().replaceAll("\\s+", " "));
            assertThat(fix.indexOf(rewritten.group(1))).as(name).isLessThan(fix.indexOf("table.exec.state.ttl"));
            checked++;
        }
        assertThat(checked).as(name).isPositive();
    }

    /** A join read as of a time, from its keyword to the end of its condition's first equality: group 1 its time. */
    private static final Pattern AS_OF_JOIN =
            Pattern.compile("JOIN \\S+ FOR SYSTEM_TIME AS OF (\\S+) AS \\S+\\s+ON \\S+ = \\S+");

    /**
     * A finding's fix names first the window its first proven rewrite uses: a daily or hourly report's fix
     * names {@code CUMULATE} before {@code TUMBLE} where the {@code window-aggregate} rewrite offers the
     * {@code CUMULATE} window first, and {@code TUMBLE} alone where it offers only that (issue 30).
     */
    @ParameterizedTest
    @ValueSource(strings = {"278-daily-report-cast-to-date", "279-daily-report-date-format",
        "341-hourly-report-floor-cumulate-each-minute", "342-daily-revenue-per-region-into-sink-cumulate",
        "343-minute-report-tumble-only",
        "987-top-2-shops-per-day-by-date-format-window-aggregate-tumble-alone-set-said-for-the-rank",
        "989-regions-selling-per-hour-count-over-floor-totals-window-aggregate-tumble-alone-under-an-aggregation",
        "1017-best-shop-total-per-day-max-over-cast-to-date-totals-tumble-first-upper-state-per-day-said",
        "1155-daily-unique-visitors-per-date-column-of-subquery-window-aggregate-in-subquery-not-a-five-minute-tumble",
        "1156-hourly-clicks-per-page-over-aliased-subquery-flooring-the-hour-window-aggregate-in-subquery",
        "1165-hourly-clicks-per-page-bucketed-over-filtering-subquery-window-in-the-subquery-keeps-its-where"})
    void aFixNamesFirstTheWindowOfItsFirstProvenRewrite(String name) throws IOException {
        JsonNode statement = JSON.readTree(GOLDEN.resolve(name + ".json").toFile());
        int checked = 0;
        for (JsonNode finding : statement.path("findings")) {
            Matcher rewritten = WINDOW_TVF.matcher(finding.path("rewrite").path("sql").asText());
            if (!rewritten.find()) {
                continue;
            }
            Matcher fixed = WINDOW_TVF.matcher(finding.path("fix").asText());
            assertThat(fixed.find()).as(finding.path("fix").asText()).isTrue();
            assertThat(fixed.group(1)).as(finding.path("fix").asText()).isEqualTo(rewritten.group(1));
            checked++;
        }
        assertThat(checked).isPositive();
    }

    private static final Pattern WINDOW_TVF = Pattern.compile("TABLE\\((TUMBLE|HOP|CUMULATE)\\(TABLE ");

    /**
     * A window Top-N's fix windows what its first proven rewrite windows, where: the same window table function over the
     * same table, and the ranking by the names the rewrite ranks by. A ranking in a view (130) is windowed in the view,
     * over the table it reads, not over the view; a ranking over a WITH item or subquery that filters the table (lint 57,
     * lint 68) in that query's FROM, its WHERE kept and its names ranked by, not over the table by the ROW fields
     * (issue 30 §3: the fix and the rewrite offered different windows, and the fix dropped the filter).
     */
    @ParameterizedTest
    @ValueSource(strings = {"130-temporary-view-hides-top-n",
        "lint-57-kafka-top-3-bids-per-auction-over-cte-without-time-column-window-fix-names-the-row-fields",
        "lint-68-kafka-top-3-bids-per-auction-over-filtering-subquery-window-fix-and-rewrite-window-the-subquery"})
    void aWindowTopNFixWindowsWhatItsFirstProvenRewriteWindows(String name) throws IOException {
        JsonNode statement = JSON.readTree(GOLDEN.resolve(name + ".json").toFile());
        int checked = 0;
        for (JsonNode finding : statement.path("findings")) {
            String rewrite = finding.path("rewrite").path("sql").asText();
            Matcher window = WINDOW_CALL.matcher(rewrite);
            Matcher partition = PARTITION.matcher(rewrite);
            if (!finding.path("rewrite").path("family").asText().equals("window-top-n") || !window.find()
                    || !partition.find()) {
                continue;
            }
            assertThat(finding.path("fix").asText()).contains(window.group(), partition.group());
            checked++;
        }
        assertThat(checked).as(name).isPositive();
    }

    /** A window table function's call: {@code TABLE(TUMBLE(TABLE events, DESCRIPTOR(date_time), INTERVAL '5' MINUTE))}. */
    private static final Pattern WINDOW_CALL =
            Pattern.compile("TABLE\\((?:TUMBLE|HOP|CUMULATE)\\(TABLE [^)]+\\)[^)]*\\)\\)");

    /** A window Top-N's ranking: {@code ROW_NUMBER() OVER (PARTITION BY window_start, window_end, a ORDER BY p DESC)}. */
    private static final Pattern PARTITION = Pattern.compile("ROW_NUMBER\\(\\) OVER \\(PARTITION BY window_start[^)]*\\)");
}
