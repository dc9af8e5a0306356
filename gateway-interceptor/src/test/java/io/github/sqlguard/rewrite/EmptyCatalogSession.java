package io.github.sqlguard.rewrite;

import io.github.sqlguard.flink.CatalogObject;
import io.github.sqlguard.plan.Column;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A {@link RewriteSession} of the rewrites' unit tests: its catalog knows no table and no query's columns, scratch
 * tables may be used, and nothing is planned ({@link #judge} fails the test) unless a test says how.
 */
interface EmptyCatalogSession extends RewriteSession {

    /** A session that plans nothing: a test that reaches a proof fails. */
    EmptyCatalogSession PLANS_NOTHING = (statement, config, tables) -> {
        throw new AssertionError("not planned in this test");
    };

    @Override
    Judged judge(String statement, Map<String, String> config, List<TableChange> tables);

    @Override
    default Optional<List<Column>> columns(String query) {
        return Optional.empty();
    }

    @Override
    default Optional<CatalogObject> lookUp(List<String> names) {
        return Optional.empty();
    }

    @Override
    default boolean mayUseScratchTables() {
        return true;
    }
}
