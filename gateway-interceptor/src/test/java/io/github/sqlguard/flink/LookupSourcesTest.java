package io.github.sqlguard.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.LookupSupport;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.RuleEngine;
import io.github.sqlguard.rules.plan.StatefulWithoutTtlRule;
import io.github.sqlguard.statement.StatementParser;
import io.github.sqlguard.testing.LookupCatalog;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether a table's connector is a lookup source, asked of Flink's factory for it ({@link LookupSources}, {@link
 * ExplainedPlan#lookupSupport}), and what the {@code stateful-without-ttl} fix of a join offers from it: a {@code
 * filesystem} or {@code datagen} table is no lookup source, and its join's fix offers no lookup join; a table whose
 * catalog's factory makes a {@code LookupTableSource} is one, and the fix says so; a stand-in for an absent connector
 * that is one is said to be inferred.
 */
class LookupSourcesTest {

    private TableEnvironmentInternal tEnv;
    private LookupCatalog dim;
    private final SessionPlanner planner = new SessionPlanner(Optional.empty());

    @BeforeEach
    void tables() {
        tEnv = (TableEnvironmentInternal) TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.executeSql("CREATE TABLE orders (order_id STRING, customer_id STRING, proc_time AS PROCTIME())"
                + " WITH ('connector' = 'datagen')");
        tEnv.executeSql("CREATE TABLE customers_files (id STRING, name STRING) WITH ('connector' = 'filesystem',"
                + " 'path' = 'file:///tmp/sql-guard-lookup-sources-test', 'format' = 'csv',"
                + " 'source.monitor-interval' = '1 min')");
        tEnv.executeSql("CREATE TABLE customers_generated (id STRING, name STRING) WITH ('connector' = 'datagen')");
        dim = new LookupCatalog("dim", false);
        tEnv.registerCatalog("dim", dim);
        tEnv.executeSql("CREATE TABLE dim.`default`.customers (id STRING, name STRING) WITH ('connector' = 'datagen')");
        tEnv.registerCatalog("stood_in", new LookupCatalog("stood_in", true));
        tEnv.executeSql("CREATE TABLE stood_in.`default`.customers (id STRING, name STRING) WITH ('connector' = 'datagen')");
    }

    @Test
    void filesAndGeneratedRowsAreScannedOnlyAndTheirJoinsFixOffersNoLookupJoin() {
        for (String table : List.of("customers_files", "customers_generated")) {
            String query = "SELECT o.order_id, c.name FROM orders o JOIN " + table + " c ON o.customer_id = c.id";
            ExplainedPlan plan = plan(query);

            assertThat(plan.lookupSupport(id("default_catalog", table))).contains(LookupSupport.SCAN_ONLY);
            assertThat(fix(query, plan)).contains("STATE_TTL").doesNotContain("lookup");
        }
    }

    @Test
    void aTableWhoseFactoryMakesALookupSourceIsOneAndTheFixSaysFlinkSaysSo() {
        String query = "SELECT o.order_id, c.name FROM orders o JOIN dim.`default`.customers c ON o.customer_id = c.id";
        ExplainedPlan plan = plan(query);

        assertThat(plan.lookupSupport(id("dim", "customers"))).contains(LookupSupport.LOOKUP);
        assertThat(plan.lookupSupport(id("default_catalog", "orders"))).contains(LookupSupport.SCAN_ONLY);
        assertThat(fix(query, plan)).contains("when customers is a dimension table, a lookup join (its connector is a"
                + " lookup source, as Flink's factory for it says), which keeps no state: JOIN customers FOR SYSTEM_TIME"
                + " AS OF");
    }

    @Test
    void aLookupJoinOfAQueryNamesItAndTheTableWhoseColumnItWouldSelect() {
        // Own cases 539 and 560 pinned this over datagen, which is no lookup source: the way is no longer offered there.
        String with = "WITH paid AS (SELECT order_id, customer_id FROM orders) SELECT paid.order_id, c.name FROM paid"
                + " JOIN dim.`default`.customers c ON paid.customer_id = c.id";
        String subquery = "SELECT big.order_id, c.name FROM (SELECT order_id, customer_id FROM orders) big"
                + " JOIN dim.`default`.customers c ON big.customer_id = c.id";

        assertThat(fix(with, plan(with))).contains("FOR SYSTEM_TIME AS OF a processing-time column of paid, which selects"
                + " none: select one in paid from orders, the table it reads").doesNotContain("column of orders");
        assertThat(fix(subquery, plan(subquery))).contains("FOR SYSTEM_TIME AS OF a processing-time column of big, which"
                + " selects none: select one in big from orders, the table it reads").doesNotContain("column of orders");
    }

    @Test
    void aStandInThatIsALookupSourceIsSaidToBeInferred() {
        String query = "SELECT o.order_id, c.name FROM orders o JOIN stood_in.`default`.customers c ON o.customer_id = c.id";
        ExplainedPlan plan = plan(query);

        assertThat(plan.lookupSupport(id("stood_in", "customers"))).contains(LookupSupport.INFERRED_LOOKUP);
        assertThat(fix(query, plan)).contains("a lookup join (its connector is a lookup source, inferred from the"
                + " connector's name: it was planned without the connector's jar)");
    }

    @Test
    void theProofOfACandidateCreatesNoSourceBesidesThePlannersOwn() {
        String query = "SELECT o.order_id, c.name FROM orders o JOIN dim.`default`.customers c ON o.customer_id = c.id";
        int before = dim.created();
        ExplainedPlan statement = plan(query);
        int byStatement = dim.created() - before;
        ExplainOutcome proof = planner.prove(tEnv, query, true);
        int byProof = dim.created() - before - byStatement;

        // The planner creates the source in both; the statement's planning also asks the factory for its answer.
        assertThat(byStatement - byProof).as("sources created apart from the planner, statement %s, proof %s",
                byStatement, byProof).isEqualTo(1);
        assertThat(statement.lookupSupport(id("dim", "customers"))).contains(LookupSupport.LOOKUP);
        assertThat(proof).isInstanceOf(ExplainOutcome.Planned.class);
        assertThat(((ExplainOutcome.Planned) proof).plan().lookupSupport(id("dim", "customers"))).isEmpty();
    }

    @Test
    void aScanIsAnsweredWithTheOptionsItsHintGivesTheTable() {
        // The catalog's factory makes a bounded table (number-of-rows) a scan source only: the hint changes the source.
        String hinted = "SELECT o.order_id, c.name FROM orders o JOIN dim.`default`.customers"
                + " /*+ OPTIONS('number-of-rows' = '10') */ c ON o.customer_id = c.id";
        ExplainedPlan plan = plan(hinted);

        // Alike on both lines: 1.20's plan persists the catalog's options alone, and the hint's are read from the scan's
        // description (PlanNode#hintedOptions). There, no answer was given, and the fix offered a lookup join.
        assertThat(plan.lookupSupport(id("dim", "customers"))).contains(LookupSupport.SCAN_ONLY);
        assertThat(fix(hinted, plan)).contains("STATE_TTL").doesNotContain("lookup");
    }

    @Test
    void aScanHintedWithOptionsThatKeepItALookupSourceIsAnsweredSoOnBothLines() {
        String hinted = "SELECT o.order_id, c.name FROM orders o JOIN dim.`default`.customers"
                + " /*+ OPTIONS('rows-per-second' = '5') */ c ON o.customer_id = c.id";

        assertThat(plan(hinted).lookupSupport(id("dim", "customers"))).contains(LookupSupport.LOOKUP);
        assertThat(fix(hinted, plan(hinted))).contains("lookup source, as Flink's factory for it says");
    }

    @Test
    void aTableScannedWithAndWithoutAHintIsAnsweredPerScan() {
        String both = "SELECT o.order_id, c.name, b.name FROM orders o JOIN dim.`default`.customers c ON o.customer_id = c.id"
                + " JOIN dim.`default`.customers /*+ OPTIONS('number-of-rows' = '10') */ b ON o.customer_id = b.id";
        ExplainedPlan plan = plan(both);

        List<Optional<LookupSupport>> scans = plan.nodes().stream()
                .filter(n -> plan.inputs(n).isEmpty() && n.table().equals(Optional.of(id("dim", "customers"))))
                .map(plan::lookupSupport).toList();
        assertThat(scans).containsExactlyInAnyOrder(Optional.of(LookupSupport.LOOKUP), Optional.of(LookupSupport.SCAN_ONLY));
        assertThat(plan.lookupSupport(id("dim", "customers"))).as("two scans, two answers: none for the table").isEmpty();
    }

    @Test
    void aPlanWithoutAJoinAsksNothing() {
        assertThat(plan("SELECT name FROM dim.`default`.customers").lookupSupport(id("dim", "customers"))).isEmpty();
    }

    private ExplainedPlan plan(String query) {
        ExplainOutcome outcome = planner.plan(tEnv, query, true);
        assertThat(outcome).isInstanceOf(ExplainOutcome.Planned.class);
        return ((ExplainOutcome.Planned) outcome).plan();
    }

    private static ObjectIdentifier id(String catalog, String table) {
        return ObjectIdentifier.of(catalog, catalog.equals("default_catalog") ? "default_database" : "default", table);
    }

    private static String fix(String query, ExplainedPlan plan) {
        Policy policy = Policy.defaults(RuleCatalog.builtIn());
        List<Finding> findings = new RuleEngine(RuleCatalog.builtIn(), policy)
                .evaluate(new AnalysisContext(new StatementParser().parse(query), Optional.of(plan), Optional.empty(), true,
                        Duration.ZERO, List.of(), Map.of(), policy.ruleOptions()))
                .findings();
        return findings.stream().filter(f -> f.ruleId().equals(StatefulWithoutTtlRule.ID)).findFirst()
                .orElseThrow(() -> new AssertionError("no stateful-without-ttl finding in " + findings)).fix();
    }
}
