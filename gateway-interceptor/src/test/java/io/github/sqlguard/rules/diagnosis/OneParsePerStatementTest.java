package io.github.sqlguard.rules.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.plan.PlannerError;
import io.github.sqlguard.rules.AdvisedValues;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.RuleOptions;
import io.github.sqlguard.rules.TableRead;
import io.github.sqlguard.statement.FlinkSqlParser;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementParser;

import org.apache.calcite.sql.SqlInsert;
import org.apache.flink.sql.parser.dml.SqlExecute;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A statement is read by Flink's SQL parser once: the diagnosis of Flink's refusal reads the tree its statement keeps
 * ({@link ParsedStatement#tree()}), not its text again (issue 30 §4), and the cheap forms keep none.
 */
class OneParsePerStatementTest {

    private final StatementParser parser = new StatementParser();

    /** Flink 2.3.0's refusal of the set's first INSERT (its words as case 33 has them). */
    private static final String REFUSAL = "The query has an upsert key that differs from the primary key of the sink"
            + " table 'default_catalog.default_database.enriched'. Primary key: [order_id], upsert key: . This can lead"
            + " to incorrect results. Please specify an ON CONFLICT clause";

    private static final String SET = "EXECUTE STATEMENT SET BEGIN\n"
            + "INSERT INTO enriched SELECT o.order_id, p.amount FROM orders o JOIN payments p ON o.order_id = p.order_id;\n"
            + "INSERT INTO copies SELECT order_id, amount FROM payments;\n"
            + "END";

    /**
     * {@code on-conflict-required} reads the set's INSERT that writes the sink Flink names, its joins and whether its
     * query aggregates last, from the one tree the statement was read into: one parse for the statement and its
     * diagnosis together, where the rule read the text again up to five times (each join's keys twice, the INSERT of
     * the set twice, the aggregation once).
     */
    @Test
    void aRefusedStatementIsDiagnosedFromTheTreeItWasReadInto() {
        long before = FlinkSqlParser.parsesOnThisThread();
        ParsedStatement statement = parser.parse(SET);
        assertThat(FlinkSqlParser.parsesOnThisThread() - before).isEqualTo(1);
        assertThat(statement.tree()).hasValueSatisfying(t -> assertThat(t.node()).isInstanceOf(SqlExecute.class));

        // The session's tables as the gateway reads them, neither with a PRIMARY KEY.
        List<TableRead> tables = statement.facts().tableReferences().stream()
                .map(reference -> new TableRead(reference, List.of(
                        new Column("order_id", "STRING", Column.TimeAttribute.NONE),
                        new Column("amount", "DOUBLE", Column.TimeAttribute.NONE)), List.of(), List.of()))
                .toList();
        List<RuleHit> hits = new OnConflictRequiredRule().check(new AnalysisContext(
                statement, Optional.empty(), Optional.of(PlannerError.of(REFUSAL)), true, Duration.ZERO, List.of(),
                Map.of(), RuleOptions.defaults(List.of()), AdvisedValues.DEFAULTS, Optional.empty(), tables));

        assertThat(FlinkSqlParser.parsesOnThisThread() - before).isEqualTo(1);
        assertThat(hits).singleElement().satisfies(hit -> assertThat(hit.reason())
                // JoinOutputKeys read the join of the INSERT into enriched, not the set's copy into copies.
                .contains("joins orders and payments, neither of which declares a PRIMARY KEY"));
    }

    /** A plain SET, RESET or SHOW is not read by Flink's SQL parser (FixedForms), and no other form keeps a tree. */
    @Test
    void theCheapFormsAreNotParsedAndNoConfigurationKeepsATree() {
        long before = FlinkSqlParser.parsesOnThisThread();
        for (String cheap : List.of("SET 'table.exec.state.ttl' = '1 d'", "RESET 'table.exec.state.ttl'", "SHOW TABLES")) {
            assertThat(parser.parse(cheap).tree()).as(cheap).isEmpty();
        }
        assertThat(FlinkSqlParser.parsesOnThisThread() - before).isZero();

        for (String parsed : List.of("-- the day\nSET 'table.exec.state.ttl' = '1 d'",
                "CREATE TABLE t (a INT) WITH ('connector' = 'datagen')")) {
            assertThat(parser.parse(parsed).tree()).as(parsed).isEmpty();
        }
        assertThat(FlinkSqlParser.parsesOnThisThread() - before).isEqualTo(2);
    }

    /** Two readings of one text are equal statements: their trees are equal by structure. */
    @Test
    void aPlannedStatementKeepsItsTreeAndStaysAValue() {
        String insert = "INSERT INTO enriched SELECT order_id, amount FROM payments WHERE amount > 10";

        ParsedStatement once = parser.parse(insert);

        assertThat(once.tree()).hasValueSatisfying(t -> assertThat(t.node()).isInstanceOf(SqlInsert.class));
        assertThat(once).isEqualTo(parser.parse(insert)).hasSameHashCodeAs(parser.parse(insert));
        assertThat(once).isNotEqualTo(parser.parse(insert.replace("10", "11")));
        assertThat(parser.parse("EXPLAIN " + insert).tree()).isPresent();
    }
}
