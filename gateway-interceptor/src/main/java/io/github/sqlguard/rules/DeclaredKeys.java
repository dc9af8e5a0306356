package io.github.sqlguard.rules;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.statement.ParsedStatement.TableReference;

import org.apache.flink.table.catalog.ObjectIdentifier;

import java.util.List;
import java.util.Optional;

/**
 * The PRIMARY KEY a table declares, read in one place. Where the statement planned, the plan's: the key of the
 * resolved table Flink's compiled plan persists for the node that reads or writes it ({@link PlanNode#tableKey}: a
 * source scan, a lookup join's table, a sink; Flink's {@code ResolvedSchema#getPrimaryKey} of the table the planner
 * resolved the name to), whether the statement names the table or reads it through a view. The session catalog's
 * ({@link TableRead#primaryKey}, read by {@code flink.TablesRead}; {@code flink.CatalogObject#primaryKey}) where there
 * is no plan (a statement Flink's planner refused) and where the plan keeps no key of the table: an explained plan,
 * and a compiled one that persists the table's identifier only ({@code table.plan.compile.catalog-objects:
 * IDENTIFIER}). The plan and the catalog are the same session's at the same moment, so an empty key of the plan beside
 * a key of the catalog is a key the plan did not keep. Stateless.
 */
public final class DeclaredKeys {

    private DeclaredKeys() {}

    /**
     * The key the table {@code node} reads or writes declares: the plan's, else the catalog's of that table among
     * {@code tablesRead} (a table the statement names; not a view); empty where it declares none, or where {@code node}
     * reads no named table.
     */
    public static List<String> of(PlanNode node, List<TableRead> tablesRead) {
        if (!node.tableKey().isEmpty() || node.table().isEmpty()) {
            return node.tableKey();
        }
        ObjectIdentifier table = node.table().get();
        return tablesRead.stream().filter(r -> !r.view() && names(r.reference().names(), table.toList()))
                .findFirst().map(TableRead::primaryKey).orElse(List.of());
    }

    /** The key the table {@code reference} names declares, for a statement with no plan: the catalog's, as read. */
    public static List<String> of(TableReference reference, List<TableRead> tablesRead) {
        return tablesRead.stream().filter(r -> r.reference().equals(reference)).findFirst()
                .map(TableRead::primaryKey).orElse(List.of());
    }

    /**
     * The key the table {@code identifier} (catalog, database, name) declares, for a rewrite of a statement whose plan
     * is {@code plan}: the key a node of the plan that reads or writes it keeps, else {@code catalogKey}, the
     * session catalog's.
     */
    public static List<String> of(Optional<ExplainedPlan> plan, List<String> identifier, List<String> catalogKey) {
        return plan.flatMap(p -> p.nodes().stream()
                        .filter(n -> !n.tableKey().isEmpty()
                                && n.table().map(t -> t.toList().equals(identifier)).orElse(false))
                        .findFirst())
                .map(PlanNode::tableKey).orElse(catalogKey);
    }

    /** True where {@code written}, a name as the statement writes it ({@code rates}, {@code db.rates}), names it. */
    private static boolean names(List<String> written, List<String> identifier) {
        return written.size() <= identifier.size()
                && identifier.subList(identifier.size() - written.size(), identifier.size()).equals(written);
    }
}
