package io.github.sqlguard.flink;

import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.operations.Operation;
import org.apache.flink.table.operations.ddl.AlterTableOperation;
import org.apache.flink.table.operations.ddl.AlterViewOperation;
import org.apache.flink.table.operations.ddl.CreateTableOperation;
import org.apache.flink.table.operations.ddl.CreateViewOperation;
import org.apache.flink.table.operations.ddl.DropTableOperation;
import org.apache.flink.table.operations.ddl.DropViewOperation;
import org.apache.flink.table.operations.materializedtable.AlterMaterializedTableOperation;
import org.apache.flink.table.operations.materializedtable.CreateMaterializedTableOperation;

import java.util.List;

/**
 * The table or view a statement the guard does not plan (DDL) names, as Flink's parser chain
 * resolved it into its {@link Operation} ({@code ObjectIdentifier}: the session's current catalog
 * and database filled in where the statement leaves them out). The same classes and accessors in
 * Flink 2.3 and 1.20.
 */
public final class OperationTables {

    private OperationTables() {}

    /** The table or view {@code operation} creates, alters or drops; empty for any other operation. */
    public static List<ObjectIdentifier> of(Operation operation) {
        ObjectIdentifier table = null;
        if (operation instanceof CreateTableOperation create) {
            table = create.getTableIdentifier();
        } else if (operation instanceof AlterTableOperation alter) {
            table = alter.getTableIdentifier();
        } else if (operation instanceof DropTableOperation drop) {
            table = drop.getTableIdentifier();
        } else if (operation instanceof CreateViewOperation create) {
            table = create.getViewIdentifier();
        } else if (operation instanceof AlterViewOperation alter) {
            table = alter.getViewIdentifier();
        } else if (operation instanceof DropViewOperation drop) {
            table = drop.getViewIdentifier();
        } else if (operation instanceof CreateMaterializedTableOperation create) {
            table = create.getTableIdentifier();
        } else if (operation instanceof AlterMaterializedTableOperation alter) {
            table = alter.getTableIdentifier();
        }
        return table == null ? List.of() : List.of(table);
    }
}
