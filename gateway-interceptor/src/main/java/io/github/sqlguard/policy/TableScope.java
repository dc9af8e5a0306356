package io.github.sqlguard.policy;

import org.apache.flink.table.catalog.ObjectIdentifier;

import java.util.Optional;

/**
 * One table a statement reads or writes, and the scope whose policy applies to it.
 *
 * @param table the table as Flink resolved it (catalog, database, name)
 * @param scope the name of the most specific scope matching the table's catalog and database and
 *     the caller's user and groups; empty when the global policy applies to it
 */
public record TableScope(ObjectIdentifier table, Optional<String> scope) {}
