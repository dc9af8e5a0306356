package io.github.sqlguard.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.plan.OutputType;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.statement.ParsedStatement.TableReference;

import org.apache.flink.table.catalog.ObjectIdentifier;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A table's declared PRIMARY KEY is the plan's where the plan keeps one, the session catalog's otherwise (an explained
 * plan, a compiled one that persists the identifier only, a refused statement).
 */
class DeclaredKeysTest {

    private static final ObjectIdentifier RATES = ObjectIdentifier.of("default_catalog", "default_database", "rates");

    @Test
    void thePlansKeyWinsOverTheCatalogsReadForTheTablesTheStatementNames() {
        PlanNode scan = scan(List.of("rate_id"));
        // The statement reads rates through a view: the catalog was read for the view, which declares no key.
        List<TableRead> read =
                List.of(new TableRead(reference("positive_rates"), List.of(), List.of("rates"), List.of()));

        assertThat(DeclaredKeys.of(scan, read)).containsExactly("rate_id");
    }

    @Test
    void theCatalogsKeyWhereThePlanKeepsNone() {
        List<TableRead> read = List.of(new TableRead(reference("default_database.rates"), List.of(), List.of(),
                List.of("rate_id")));

        assertThat(DeclaredKeys.of(scan(List.of()), read)).containsExactly("rate_id");
        assertThat(DeclaredKeys.of(reference("default_database.rates"), read)).containsExactly("rate_id");
    }

    @Test
    void noKeyOfAnotherTableOfTheSameNameInAnotherDatabase() {
        List<TableRead> read = List.of(new TableRead(reference("other_database.rates"), List.of(), List.of(),
                List.of("rate_id")));

        assertThat(DeclaredKeys.of(scan(List.of()), read)).isEmpty();
    }

    private static PlanNode scan(List<String> key) {
        return new PlanNode(1, "TableSourceScan", "stream-exec-table-source-scan_1", "TableSourceScan(table=[[rates]])",
                List.of(), OutputType.UNKNOWN, List.of(), Optional.of(RATES), Map.of("connector", "datagen"), key);
    }

    private static TableReference reference(String name) {
        return new TableReference(List.of(name.split("\\.")), "", Optional.empty(), Optional.empty());
    }
}
